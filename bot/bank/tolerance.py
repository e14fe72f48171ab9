"""A number question's right number and how far from it an answer may be, as a deck writes them (pure)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

# Decimal comes with the first number question read: a bot whose decks have none does without it.
if TYPE_CHECKING:
    from decimal import Decimal

_NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")
# The numbers a question plays: none larger than 1e100 in size and none nearer 0 than 1e-100, but 0 (so a
# number written out stays near a hundred digits, and no sum or product of two of them overflows).
MOST_EXPONENT = 100


@dataclass(frozen=True, slots=True)
class Tolerance:
    """How far from the answer a typed number may be: an amount, or a share of the answer."""

    amount: Decimal | None = None  # None: none written, the answer exactly
    percent: bool = False

    def width(self, answer: Decimal) -> Decimal:
        if self.amount is None:
            return answer - answer  # a zero of the answer's own kind
        return abs(answer) * self.amount / 100 if self.percent else self.amount

    @property
    def exact(self) -> bool:
        return self.amount is None

    def __str__(self) -> str:
        """As a deck writes it: `0.05` or `1%` (`0` for none)."""
        return "0" if self.amount is None else plain(self.amount) + ("%" if self.percent else "")


EXACT = Tolerance()


def parse_tolerance(text: str) -> Tolerance | None:
    """`0.05` or `1%`; None for anything else (or a negative amount)."""
    raw = text.strip()
    percent = raw.endswith("%")
    amount = parse_decimal(raw.removesuffix("%").strip())
    if amount is None or amount < 0:
        return None
    return Tolerance(amount=amount, percent=percent) if amount else EXACT


def parse_decimal(raw: str) -> Decimal | None:
    """A number written with a dot for its decimal mark (`9.81`, `-3`, `981e-2`); None for anything else."""
    if not _NUMBER.fullmatch(raw):
        return None
    from decimal import Decimal, InvalidOperation

    try:
        return Decimal(raw)
    except InvalidOperation:
        return None


def in_range(value: Decimal) -> bool:
    """Whether `value` is a finite number a question plays (see MOST_EXPONENT)."""
    return value.is_finite() and (value.is_zero() or abs(value.adjusted()) <= MOST_EXPONENT)


def plain(value: Decimal) -> str:
    """A number with a dot and no exponent, trailing zeros dropped: `9.81`, `1000`, `0.0005`; one beyond
    the range in its exponent form (`1E+99999999`), never written out."""
    if not in_range(value):
        return str(value)
    text = format(value.normalize(), "f")
    return "0" if text in ("-0", "") else text
