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
    from decimal import Decimal  # with the first number written: a bot that has written none does without

    exact = value if isinstance(value, Decimal) else Decimal(str(value))
    rounded = abs(exact).quantize(Decimal(1).scaleb(-places))  # the context's rounding: half to even
    text = format(rounded, ",f" if grouping else "f")
    if places > least:
        whole, _, decimals = text.partition(".")
        decimals = decimals.rstrip("0").ljust(least, "0")
        text = f"{whole}.{decimals}" if decimals else whole
    text = text.translate({ord(","): signs.group, ord("."): signs.decimal})
    return signs.minus + text if exact.is_signed() else text


def exponent_written(value: Decimal, signs: Signs) -> str:
    """`value` in its exponent form, as a member may type it back: `6.022e23`, `1,6e-19` in French."""
    # From its digits, with no arithmetic context: `1e99999999` is beyond what the context may normalize.
    digits = "".join(str(d) for d in value.as_tuple().digits).rstrip("0") or "0"
    mantissa = digits[0] + (signs.decimal + digits[1:] if len(digits) > 1 else "")
    text = f"{mantissa}e{value.adjusted()}"
    return signs.minus + text if value.is_signed() else text


def percentage(ratio: float, signs: Signs) -> str:
    """A ratio as a whole percentage (0.755 is 76%)."""
    from decimal import Decimal

    return written(Decimal(str(ratio)).scaleb(2), signs, places=0, least=0) + signs.percent
