"""Judging one answer to one question as shown: a lettered slot, or typed text."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.bank.models import Kind, Question
from bot.locales import _
from bot.quiz.errors import InvalidChoiceError
from bot.quiz.matching import accepted_answers, matches


@dataclass(frozen=True, slots=True)
class Judged:
    choice: int | None  # the original index of the chosen choice; None for a typed answer
    right: bool


def judge_answer(question: Question, order: Sequence[int], slot: int | None, text: str | None) -> Judged:
    """Whether the answer is right; InvalidChoiceError for an answer of the wrong kind or out of range.

    `order` is the question's display order (slot → original choice index). Rounds and practice
    judge alike, so a member gets the same verdict wherever they answer.
    """
    if question.kind is Kind.TEXT:
        if slot is not None:
            raise InvalidChoiceError(_("This question is answered by typing, not with a button."))
        if text is None or not text.strip():
            raise InvalidChoiceError(_("Type an answer first."))
        return Judged(choice=None, right=matches(text, accepted_answers(question)))
    if text is not None:
        raise InvalidChoiceError(_("This question is answered with the buttons."))
    if slot is None or not 0 <= slot < len(order):
        raise InvalidChoiceError
    return Judged(choice=order[slot], right=question.is_right(order[slot]))


def right_slots(question: Question, order: Sequence[int]) -> frozenset[int]:
    """The slots that hold a right choice (none for a typed question)."""
    return frozenset(slot for slot, choice in enumerate(order) if question.is_right(choice))
