"""Multi questions ("select all that apply"): the share of the points a picked set earns, how it is kept,
and what the reveal and the reviews make of it (pure)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from fractions import Fraction

from bot.bank.models import Question, picked_from, picked_text

__all__ = [
    "partly",
    "picked_from",
    "picked_share",
    "picked_text",
    "recalled",
    "shared_points",
    "top_wrong_set",
]

# A partial answer earning less than this share is a lapse for spaced repetition: the member does not
# know the question yet; from it on, they remembered it with gaps (rated Hard).
REMEMBERED_FROM = Fraction(1, 2)


def picked_share(question: Question, picked: frozenset[int]) -> Fraction:
    """(right choices picked − wrong choices picked) ÷ right choices, never below 0: 1 for the exact set.

    Right choices 0 and 2 of four: {0, 2} earns 1, {0} ½, {0, 1, 2} ½, {0, 1} 0, {1, 3} 0 (not −2).
    """
    right = question.answers
    if not right:
        return Fraction(0)
    share = Fraction(len(picked & right) - len(picked - right), len(right))
    return max(Fraction(0), share)


def shared_points(full: int, share: Fraction) -> int:
    """A question's usual points for a right answer × the share, rounded half up (100 × ⅓ = 33, 75 × ½ =
    37.5 → 38), as speed points are."""
    return math.floor(full * share + Fraction(1, 2))


def recalled(right: bool, share: Fraction | None) -> bool:
    """Whether a review counts an answer as remembered (rated Good or Hard, not Again): a right one; of a
    multi question (`share` not None), one earning at least half its points; below half is a lapse."""
    return right if share is None else share >= REMEMBERED_FROM


def partly(share: Fraction | None) -> bool:
    """A multi question's answer remembered with gaps: at least half its points, not all (rated Hard)."""
    return share is not None and REMEMBERED_FROM <= share < 1


def top_wrong_set(
    picks: Iterable[frozenset[int]], right: frozenset[int]
) -> tuple[frozenset[int], int] | None:
    """The wrong set chosen most often and by how many; a tie goes to the smaller set, then the lower
    indices. None when nobody picked a wrong set."""
    counts = Counter(p for p in picks if p and p != right)
    if not counts:
        return None
    chosen = min(counts, key=lambda p: (-counts[p], len(p), sorted(p)))
    return chosen, counts[chosen]
