"""Numbers in the shipped languages, written without Babel, are the ones Babel writes from CLDR."""

from __future__ import annotations

import pytest
from babel import Locale, numbers

from bot.locales import SHIPPED, decimal, fixed, number, percent, speaking
from bot.locales.digits import SIGNS

WHOLE = [0, 1, -1, 7, 999, 1000, -1000, 12_345, -12_345, 1_234_567, 10**12]
# Halves that a binary float rounds the other way (0.35 is 0.34999…), zeros that keep their sign.
FRACTIONS = [
    0.0,
    -0.0,
    0.04,
    -0.04,
    0.05,
    0.15,
    0.25,
    0.35,
    2.5,
    1.125,
    999.95,
    1234.45,
    -1234.05,
    1e6 + 0.05,
]
RATIOS = [float("inf"), float("nan"), 0.0, 0.005, 0.015, 0.125, 0.5, 0.555, 0.995, 1.0, 12.345, -0.5]
SPREAD = [n / 40 - 30 for n in range(0, 2400, 7)]


@pytest.mark.parametrize("code", SHIPPED)
def test_the_table_holds_babels_signs(code: str) -> None:
    locale = Locale.parse(code.replace("-", "_"))
    signs = SIGNS[code.replace("-", "_")]
    assert signs.decimal == numbers.get_decimal_symbol(locale)
    assert signs.group == numbers.get_group_symbol(locale)
    assert signs.minus == numbers.get_minus_sign_symbol(locale)


@pytest.mark.parametrize("code", SHIPPED)
def test_each_kind_of_number_is_babels(code: str) -> None:
    babel_code = code.replace("-", "_")
    with speaking(code):
        for value in WHOLE:
            assert number(value) == numbers.format_decimal(value, locale=babel_code)
        for value in FRACTIONS + SPREAD:
            assert fixed(value) == numbers.format_decimal(value, format="#,##0.0", locale=babel_code)
            assert fixed(value, 2, grouping=False) == numbers.format_decimal(
                value, format="0.00", locale=babel_code
            )
            # decimal() keeps what it wrote for a value, and -0.0 is the same key as 0.0: skipped there.
            for places in (0, 1, 3) if str(value) != "-0.0" else ():
                pattern = "#,##0." + "#" * places if places else "#,##0"
                assert decimal(value, places) == numbers.format_decimal(
                    value, format=pattern, locale=babel_code
                )
        for ratio in RATIOS + [v / 100 for v in SPREAD]:
            assert percent(ratio) == numbers.format_percent(ratio, locale=babel_code)


def test_a_few_written_out() -> None:
    with speaking("fr"):
        assert (fixed(1234.45), percent(0.755), decimal(2.50)) == ("1\u202f234,4", "76\u00a0%", "2,5")
    with speaking("pt-BR"):
        assert (fixed(0.35), fixed(-0.04), number(-12_345)) == ("0,4", "-0,0", "-12.345")


def test_a_float_is_rounded_from_its_shortest_form_half_to_even() -> None:
    # 2.675 is 2.67499… in binary, written 2.675: Babel (and the bot) round what is written.
    with speaking("en"):
        assert [fixed(2.675, 2), fixed(0.125, 2), fixed(1e-7, 2), fixed(-1e-7, 2)] == [
            "2.68",
            "0.12",
            "0.00",
            "-0.00",
        ]
        assert [percent(0.125), percent(0.135), percent(1e-9), fixed(1e16 + 2, 0)] == [
            "12%",
            "14%",
            "0%",
            "10,000,000,000,000,002",
        ]
