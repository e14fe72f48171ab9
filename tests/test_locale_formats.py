"""Numbers and dates as each language writes them: by hand for a few, and the fast whole-number path
agrees with Babel's own formatter everywhere."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from babel import dates, numbers
from hypothesis import given
from hypothesis import strategies as st

from bot.locales import SHIPPED, day, decimal, moment, number, percent, speaking

NNBSP, NBSP = "\u202f", "\u00a0"


@pytest.mark.parametrize(
    ("code", "thousands", "negative", "ratio", "tenths", "when"),
    [
        ("en", "1,234,567", "-1,234", "75%", "133.3", "December 1, 2026"),
        ("sn", "1,234,567", "-1,234", "75%", "133.3", "2026 Zvita 1"),
        ("fr", f"1{NNBSP}234{NNBSP}567", f"-1{NNBSP}234", f"75{NBSP}%", "133,3", "1 décembre 2026"),
        ("pt-BR", "1.234.567", "-1.234", "75%", "133,3", "1 de dezembro de 2026"),
    ],
)
def test_each_language_writes_its_numbers_and_dates(
    code: str, thousands: str, negative: str, ratio: str, tenths: str, when: str
) -> None:
    with speaking(code):
        assert number(1234567) == thousands
        assert number(-1234) == negative
        assert number(7) == "7"
        assert percent(0.75) == ratio
        assert decimal(133.333) == tenths
        assert day(date(2026, 12, 1)) == when


@given(value=st.integers(min_value=-(10**15), max_value=10**15), code=st.sampled_from(SHIPPED))
def test_whole_numbers_match_babels_formatter(value: int, code: str) -> None:
    with speaking(code):
        assert number(value) == numbers.format_decimal(value, locale=code.replace("-", "_"))


@pytest.mark.parametrize(
    ("code", "written"),
    [
        ("en", f"Dec 1, 2026, 11:05:07{NNBSP}AM"),
        ("sn", "2026 Zvi 1 11:05:07"),
        ("fr", "1 déc. 2026, 11:05:07"),
        ("pt-BR", "1 de dez. de 2026 11:05:07"),
    ],
)
def test_a_moment_is_written_in_the_zone_it_carries(code: str, written: str) -> None:
    at = datetime(2026, 12, 1, 9, 5, 7, tzinfo=UTC).astimezone(ZoneInfo("Africa/Harare"))
    with speaking(code):
        assert moment(at) == written
        assert moment(at.astimezone(UTC).replace(tzinfo=None)) == written.replace(
            "11:05", "9:05" if code == "en" else "09:05"
        )


@given(
    seconds=st.integers(min_value=0, max_value=4 * 10**9),
    zone=st.sampled_from(["UTC", "Africa/Harare", "America/New_York", "Europe/Paris"]),
    code=st.sampled_from(SHIPPED),
)
def test_moments_match_babels_medium_date_and_time(seconds: int, zone: str, code: str) -> None:
    at = (datetime(1970, 1, 1, tzinfo=UTC) + timedelta(seconds=seconds)).astimezone(ZoneInfo(zone))
    with speaking(code):
        assert moment(at) == dates.format_datetime(at, "medium", locale=code.replace("-", "_"))
