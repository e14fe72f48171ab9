"""The optional weekly chart of /stats: a real PNG from matplotlib when the `charts` extra is installed."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta

import pytest

from bot.store import WeekStats

Chart = Callable[[list[WeekStats]], bytes | None]


@pytest.fixture(scope="module")
def weekly_png() -> Chart:
    """bot.ui.chart's weekly_png, imported once matplotlib is known to be there (when the tests run, not
    when every worker collects them: matplotlib takes half a second to import)."""
    pytest.importorskip("matplotlib", reason="the optional `charts` extra is not installed")
    from bot.ui.chart import weekly_png

    return weekly_png


def test_chart_is_a_png(weekly_png: Chart) -> None:
    monday = date(2026, 11, 30)
    weeks = [
        WeekStats(week_start=monday - timedelta(weeks=7 - i), points=100 * i, right=i, answered=8)
        for i in range(8)
    ]
    data = weekly_png(weeks)
    assert data is not None
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 2000


def test_no_chart_without_answers(weekly_png: Chart) -> None:
    assert weekly_png([WeekStats(week_start=date(2026, 11, 30), points=0, right=0, answered=0)]) is None
    assert weekly_png([]) is None
