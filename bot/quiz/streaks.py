"""Streak bonus: extra points for right answers in a row, the share Kahoot gives scaled to our points.

Kahoot adds +100 for the second right answer in a row, +200 for the third... up to +500, on a base of
1,000 points: a tenth of the base per answer in the row after the first, at most half the base. Ours is
the same share of our 100-point base: +10 per answer in the row after the first, at most +50.
"""

from __future__ import annotations

from bot.quiz.scoring import STANDARD_POINTS

STEP = STANDARD_POINTS // 10
CAP = STANDARD_POINTS // 2
# A streak this long is worth naming at the reveal ("3 in a row").
SHOWN_FROM = 3


def streak_bonus(streak: int) -> int:
    """Bonus for a right answer that makes a streak of `streak` right answers in a row (itself included).

    1 → 0, 2 → 10, 3 → 20, ... 6 and more → 50. A wrong answer has streak 0 and no bonus.
    """
    if streak < 0:
        raise ValueError(f"a streak is never negative, got {streak}")
    return min(CAP, STEP * max(0, streak - 1))
