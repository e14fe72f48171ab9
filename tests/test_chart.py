"""The optional weekly chart of /stats: a real PNG from matplotlib when the `charts` extra is installed."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from bot.store import WeekStats

pytest.importorskip("matplotlib", reason="the optional `charts` extra is not installed")

from bot.ui.chart import weekly_png  # imported once matplotlib is known to be there


def test_chart_is_a_png() -> None:
    monday = date(2026, 11, 30)
    weeks = [
        WeekStats(week_start=monday - timedelta(weeks=7 - i), points=100 * i, right=i, answered=8)
        for i in range(8)
    ]
    data = weekly_png(weeks)
    assert data is not None
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 2000


def test_no_chart_without_answers() -> None:
    assert weekly_png([WeekStats(week_start=date(2026, 11, 30), points=0, right=0, answered=0)]) is None
    assert weekly_png([]) is None
