"""Numbers and dates as each language writes them: by hand for a few, and the fast whole-number path
agrees with Babel's own formatter everywhere."""

from __future__ import annotations

from datetime import date

import pytest
from babel import numbers
from hypothesis import given
from hypothesis import strategies as st

from bot.locales import SHIPPED, day, decimal, number, percent, speaking

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
