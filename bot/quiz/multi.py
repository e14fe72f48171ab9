"""Multi questions ("select all that apply"): the share of the points a picked set earns, how it is kept,
and what the reveal and the reviews make of it (pure)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING

from bot.bank.models import Question, picked_from, picked_text
from bot.quiz.scoring import STANDARD_POINTS

if TYPE_CHECKING:  # fractions (and decimal with it) loads with the first multi answer, not at start
    from fractions import Fraction

__all__ = [
    "kept_share",
    "partly",
    "picked_from",
    "picked_share",
    "picked_text",
    "recalled",
    "shared_points",
    "top_wrong_set",
]

# A partial answer earning less than half its points is a lapse for spaced repetition: the member does
# not know the question yet; from half on, they remembered it with gaps (rated Hard).


def picked_share(question: Question, picked: frozenset[int]) -> Fraction:
    """(right choices picked − wrong choices picked) ÷ right choices, never below 0: 1 for the exact set.

    Right choices 0 and 2 of four: {0, 2} earns 1, {0} ½, {0, 1, 2} ½, {0, 1} 0, {1, 3} 0 (not −2).
    """
    from fractions import Fraction

    right = question.answers
    if not right:
        return Fraction(0)
    return Fraction(max(0, len(picked & right) - len(picked - right)), len(right))


def shared_points(full: int, share: Fraction) -> int:
    """A question's usual points for a right answer × the share, rounded half up (100 × ⅓ = 33, 75 × ½ =
    37.5 → 38), as speed points are."""
    # In integers, exact: floor(full × n/d + ½) = (2 × full × n + d) // 2d.
    return (2 * full * share.numerator + share.denominator) // (2 * share.denominator)


def recalled(right: bool, share: Fraction | None) -> bool:
    """Whether a review counts an answer as remembered (rated Good or Hard, not Again): a right one; of a
    multi question (`share` not None), one earning at least half its points; below half is a lapse."""
    return right if share is None else 2 * share >= 1


def kept_share(points: int | None) -> Fraction | None:
    """The share of a right answer's points that an answer's kept `points` are, for `recalled` and `partly`
    (the calendar keeps an answer's points, not its share); None when none were kept. A share below half
    stays below half: its denominator is 10 at most (a set's right choices, an order's items), so its
    points are 44 at most."""
    from fractions import Fraction

    return None if points is None else Fraction(points, STANDARD_POINTS)


def partly(share: Fraction | None) -> bool:
    """A multi question's answer remembered with gaps: at least half its points, not all (rated Hard)."""
    return share is not None and 2 * share >= 1 and share < 1


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
