"""Numbers in the shipped languages without Babel: CLDR's few signs for each, and Babel's rounding.

A round writes counts, seconds and shares in every post, and Babel answers its first number by loading the
language's whole CLDR data (with its parents'): megabytes of dictionaries held for good, for four signs.
These are those signs, copied from CLDR as Babel ships it (tests/test_digits.py holds the table to Babel's
answers, so a Babel upgrade that changes one fails there). Rounding is Babel's: the float's shortest
decimal form (`str`), rounded half to even, the minus sign kept by what rounds to zero (-0.04 is "-0.0").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from decimal import Decimal


@dataclass(frozen=True, slots=True)
class Signs:
    """A language's decimal mark, thousands separator and minus sign, and what follows a percentage."""

    decimal: str
    group: str
    minus: str
    percent: str


# Every shipped language's (bot/locales/current.py), by Babel's locale name; all group by threes.
SIGNS: dict[str, Signs] = {
    "en": Signs(decimal=".", group=",", minus="-", percent="%"),
    "fr": Signs(decimal=",", group="\u202f", minus="-", percent="\u00a0%"),
    "pt_BR": Signs(decimal=",", group=".", minus="-", percent="%"),
    "sn": Signs(decimal=".", group=",", minus="-", percent="%"),
}


def written(value: float | Decimal, signs: Signs, *, places: int, least: int, grouping: bool = True) -> str:
    """`value` rounded to `places` decimals, keeping at least `least` of them (trailing zeros dropped)."""
    negative, coefficient, exponent = _parts(value)
    whole, decimals = _rounded(coefficient, exponent, places)
    text = format(whole, "," if grouping else "d")
    if places:
        text += "." + str(decimals).zfill(places)
    if places > least:
        whole_text, _, decimal_text = text.partition(".")
        decimal_text = decimal_text.rstrip("0").ljust(least, "0")
        text = f"{whole_text}.{decimal_text}" if decimal_text else whole_text
    text = text.translate({ord(","): signs.group, ord("."): signs.decimal})
    return signs.minus + text if negative else text


def _parts(value: float | Decimal) -> tuple[bool, int, int]:
    """(the sign, the coefficient, the exponent) of `value`'s decimal form: a float's shortest (`str`).

    Found from the text, not with Decimal: a round writes counts and shares in every post, and Decimal's
    module and library (about 0.4 MiB) are left for a deck's number questions."""
    if not isinstance(value, float | int):  # a Decimal: its own digits and exponent
        sign, digits, exponent = value.as_tuple()
        return bool(sign), int("".join(map(str, digits)) or "0"), int(exponent)
    mantissa, _, power = str(value).partition("e")
    whole, _, fraction = mantissa.lstrip("-").partition(".")
    return mantissa.startswith("-"), int(whole + fraction), int(power or 0) - len(fraction)


def _rounded(coefficient: int, exponent: int, places: int) -> tuple[int, int]:
    """coefficient × 10^exponent rounded half to even at `places` decimals: its whole part and decimals."""
    shift = exponent + places
    if shift >= 0:
        scaled = coefficient * 10**shift
    else:
        scaled, rest = divmod(coefficient, 10**-shift)
        twice = 2 * rest
        if twice > 10**-shift or (twice == 10**-shift and scaled % 2):
            scaled += 1
    return divmod(scaled, 10**places)


def exponent_written(value: Decimal, signs: Signs) -> str:
    """`value` in its exponent form, as a member may type it back: `6.022e23`, `1,6e-19` in French."""
    # From its digits, with no arithmetic context: `1e99999999` is beyond what the context may normalize.
    digits = "".join(str(d) for d in value.as_tuple().digits).rstrip("0") or "0"
    mantissa = digits[0] + (signs.decimal + digits[1:] if len(digits) > 1 else "")
    text = f"{mantissa}e{value.adjusted()}"
    return signs.minus + text if value.is_signed() else text


def percentage(ratio: float, signs: Signs) -> str:
    """A ratio as a whole percentage (0.755 is 76%): its decimal form's exponent moved by two."""
    negative, coefficient, exponent = _parts(ratio)
    whole, _decimals = _rounded(coefficient, exponent + 2, 0)
    text = format(whole, ",").translate({ord(","): signs.group})
    return (signs.minus + text if negative else text) + signs.percent
