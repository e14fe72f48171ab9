"""Standings of a round: podium and top lines cut by the engine's shared ranks, and how a place is said."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Protocol, TypeVar

PODIUM_DEFAULT = 3
PODIUM_MIN, PODIUM_MAX = 1, 10
# How many lines the standings after a reveal show.
TOP_SHOWN = 5
MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}


class Standings(StrEnum):
    """When a round shows who leads: only in the summary, also after each reveal, or not before the end.

    `hidden` keeps every name out of the reveals (no top lines, no fastest answers, no streaks, no team
    scores): players at the bottom stay in the game when they cannot see the gap.
    """

    END = "end"
    LIVE = "live"
    HIDDEN = "hidden"


class Ranked(Protocol):
    @property
    def rank(self) -> int: ...


R = TypeVar("R", bound=Ranked)


def podium(results: Sequence[R], size: int) -> list[R]:
    """The results placed within the first `size` places; a tie at the edge is on the podium whole.

    `results` are in rank order with shared ranks (1, 1, 3): four players tied first make a podium of
    three hold all four.
    """
    if not PODIUM_MIN <= size <= PODIUM_MAX:
        raise ValueError(f"a podium has {PODIUM_MIN}-{PODIUM_MAX} places, got {size}")
    return [result for result in results if result.rank <= size]


def top(results: Sequence[R], lines: int = TOP_SHOWN) -> list[R]:
    """The first `lines` results, and whoever shares the rank of the last of them."""
    if lines < 1 or not results:
        return []
    shown = list(results[:lines])
    edge = shown[-1].rank
    shown.extend(result for result in results[lines:] if result.rank == edge)
    return shown


def place_mark(rank: int) -> str:
    """A medal for the first three places (shared by a tie), the number after that."""
    return MEDALS.get(rank, f"{rank}.")


def ordinal(rank: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st..."""
    suffix = "th" if 10 <= rank % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(rank % 10, "th")
    return f"{rank}{suffix}"
