"""One question's answers as reviews take them: who remembered it, and whose right answer is rated Hard."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

from bot.quiz.multi import partly, recalled

if TYPE_CHECKING:
    from fractions import Fraction  # annotations only: fractions (decimal with it) loads when first used


@dataclass(slots=True)
class Reviews:
    """One question's answers at `now`, named as its memory is kept (a round's, in its own deck: bot.bank.mixed's
    origin): right or not by member (`rights`), and the members whose right answer is rated Hard (`hinted`)."""

    deck_id: str
    question_id: str
    now: datetime
    rights: dict[int, bool] = field(default_factory=dict)
    hinted: set[int] = field(default_factory=set)

    def add(self, user_id: int, right: bool, share: Fraction | None = None, *, hints: int = 0) -> None:
        """One member's answer: remembered when right (a multi, order or cloze question's from half its
        points on: bot/quiz/multi.py); rated Hard after a press of Hint, or when only partly right."""
        self.rights[user_id] = recalled(right, share)
        if hints or partly(share):
            self.hinted.add(user_id)
