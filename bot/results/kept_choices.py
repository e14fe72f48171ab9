"""How a calendar answer keeps what the member gave in its one integer column (no text column there).

The question of the day's and an assignment's answers keep a `choice` integer: the original index of a
lettered choice, as ever. A multi question's picked set is kept as minus one minus its bit mask (choices 0
and 2: -1 - (1 + 4) = -6), and a typed answer (text, number, cloze) as TYPED, -1: its verdict is kept,
its words not.
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.bank.models import picked_text

TYPED = -1  # a typed answer: right or wrong is kept, not what was typed


def picked_choice(picked: Iterable[int]) -> int:
    """A multi question's picked original indices as the choice column keeps them (below TYPED)."""
    return TYPED - sum(1 << index for index in set(picked))


def picked_of(choice: int) -> frozenset[int]:
    """The set `picked_choice` kept (empty for a lettered choice)."""
    mask = TYPED - choice if choice < TYPED else 0
    return frozenset(index for index in range(mask.bit_length()) if mask >> index & 1)


def kept_text(choice: int) -> str | None:
    """A kept set as the rounds' text column writes it (`0,2`, for reports); None for anything else."""
    picked = picked_of(choice)
    return picked_text(picked) if picked else None
