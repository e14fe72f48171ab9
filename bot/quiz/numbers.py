"""Reading a typed number and judging it against an answer and its tolerance (pure)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING

from bot.bank.tolerance import Tolerance, in_range, parse_decimal
from bot.locales import _
from bot.locales.digits import Signs
from bot.quiz.errors import InvalidChoiceError

if TYPE_CHECKING:
    from decimal import Decimal

_SPACES = re.compile(r"[\s\u00a0\u202f']+")


def read_number(text: str, signs: Signs, unit: str = "") -> Decimal | None:
    """The number a member typed: `9.81`, `9,81`, `981e-2`, `9.81 m/s²`; None when it is not one.

    A comma is a decimal mark (a dot too, whatever the language); the language's own group
    separator is dropped when it is not its decimal mark ("1.234,5" in pt_BR).
    """
    raw = text.strip()
    if unit and raw.endswith(unit):
        raw = raw[: -len(unit)]
    raw = _SPACES.sub("", raw).replace("\u2212", "-")
    if signs.decimal == "," and "," in raw:
        raw = raw.replace(".", "").replace(",", ".")
    elif raw.count(",") == 1 and "." not in raw:
        raw = raw.replace(",", ".")
    else:
        raw = raw.replace(",", "")
    number = parse_decimal(raw)
    return number if number is not None and in_range(number) else None  # `1e99999999` is typed, not played


def judge_number(text: str, answer: Decimal, tolerance: Tolerance, signs: Signs, unit: str = "") -> bool:
    """Whether a typed number is right; InvalidChoiceError (one sentence, shown ephemeral) when it is none."""
    value = read_number(text, signs, unit)
    if value is None:
        raise InvalidChoiceError(_("Type a number, such as 9.81 or 981e-2."))
    return within(value, answer, tolerance)


def within(value: Decimal, answer: Decimal, tolerance: Tolerance) -> bool:
    """Whether `value` is the answer give or take the tolerance (both ends included)."""
    return abs(value - answer) <= tolerance.width(answer)


def most_given_wrong(values: Iterable[Decimal], answer: Decimal, tolerance: Tolerance) -> Decimal | None:
    """The wrong number given most often, for the reveal (the smallest among equals); None when none was wrong."""
    counts = Counter(v.normalize() for v in values if not within(v, answer, tolerance))
    if not counts:
        return None
    return min(counts, key=lambda v: (-counts[v], v))
