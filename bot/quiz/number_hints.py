"""Hints on number questions: what each press of Hint shows of the right number.

The ladder, on the number written without exponent or trailing zeros, in the member's language's
decimal mark and minus sign (`-40`, `9.81`, `0.05`; French `9,81`):

1. its shape: its sign, its decimal mark and one `_` per digit (`- _ _`, `_ . _ _`);
2. its first significant digit too, and the zeros before it (`- 4 _`, `9 . _ _`, `0 . 0 _`);
3. every digit but the last (`- 4 _`, `9 . 8 _`, `0 . 0 _`).

The last digit never shows, as a typed answer's last letter never does: a one-digit number shows only
its shape. A deck's `hint:` comes first, as for a typed answer (bot/quiz/hints.py). The hint says
nothing of the tolerance or the unit: those are judged as without it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.bank.tolerance import plain

if TYPE_CHECKING:
    from decimal import Decimal

    from bot.locales.digits import Signs

HIDDEN = "_"
# A number longer than this written out (`1e999`) is shown as the deck's own exponent form, `1E+999`.
MOST_DIGITS = 100


def _written(value: Decimal) -> str:
    """The number with a dot and a plain minus, written out unless it would be too long."""
    places = max(0, -int(value.normalize().as_tuple().exponent))
    if max(value.adjusted(), 0) + 1 + places > MOST_DIGITS:
        return str(value.normalize())
    return plain(value)


def _shown_digits(digits: str, hints: int) -> int:
    """How many of the number's digits, from its first, show after `hints` presses (never the last)."""
    if hints <= 1:
        return 0
    if hints == 2:
        first = next((i for i, d in enumerate(digits) if d != "0"), len(digits) - 1)
        return min(first + 1, len(digits) - 1)
    return len(digits) - 1


def number_pattern(value: Decimal, hints: int, signs: Signs) -> str:
    """The number with its hidden digits as underscores, one space between characters, in the language's
    `signs`. `-40`, one hint: `- _ _` (`−` where the language writes its minus so)."""
    if hints < 1:
        raise ValueError(f"a pattern is shown from the first hint, not after {hints}")
    text = _written(value)
    shown = _shown_digits("".join(ch for ch in text if ch.isdigit()), hints)
    out: list[str] = []
    position = 0
    for ch in text:
        if ch.isdigit():
            out.append(ch if position < shown else HIDDEN)
            position += 1
        else:
            out.append({"-": signs.minus, ".": signs.decimal}.get(ch, ch))
    return " ".join(out)
