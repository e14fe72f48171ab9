"""A number question's right number and how far from it an answer may be, as a deck writes them (pure)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

_NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")


@dataclass(frozen=True, slots=True)
class Tolerance:
    """How far from the answer a typed number may be: an amount, or a share of the answer."""

    amount: Decimal
    percent: bool = False

    def width(self, answer: Decimal) -> Decimal:
        return abs(answer) * self.amount / 100 if self.percent else self.amount

    @property
    def exact(self) -> bool:
        return not self.amount

    def __str__(self) -> str:
        """As a deck writes it: `0.05` or `1%`."""
        return plain(self.amount) + ("%" if self.percent else "")


EXACT = Tolerance(Decimal(0))


def parse_tolerance(text: str) -> Tolerance | None:
    """`0.05` or `1%`; None for anything else (or a negative amount)."""
    raw = text.strip()
    percent = raw.endswith("%")
    amount = parse_decimal(raw.removesuffix("%").strip())
    if amount is None or amount < 0:
        return None
    return Tolerance(amount=amount, percent=percent)


def parse_decimal(raw: str) -> Decimal | None:
    """A number written with a dot for its decimal mark (`9.81`, `-3`, `981e-2`); None for anything else."""
    if not _NUMBER.fullmatch(raw):
        return None
    try:
        return Decimal(raw)
    except InvalidOperation:
        return None


def plain(value: Decimal) -> str:
    """A number with a dot and no exponent, trailing zeros dropped: `9.81`, `1000`, `0.0005`."""
    text = format(value.normalize(), "f")
    return "0" if text in ("-0", "") else text
