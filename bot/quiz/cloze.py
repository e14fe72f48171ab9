"""Cloze questions (blanks to fill): each typed blank judged as a typed answer is, the share of the points
the blanks right earn, and what the reveal counts (pure)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from bot.bank.cloze import blanks_from
from bot.bank.models import Question
from bot.quiz.matching import matches

if TYPE_CHECKING:  # fractions loads with the first cloze or multi answer, not at start
    from fractions import Fraction

__all__ = ["blank_marks", "blanks_right", "marks_share", "stored_marks"]


def blank_marks(question: Question, typed: list[str]) -> tuple[bool, ...]:
    """Whether each typed blank is one of its blank's accepted answers, leniently as a typed answer is
    (bot/quiz/matching.py): case, accents, an article and a typo in a long word forgiven."""
    return tuple(matches(given, accepted) for given, accepted in zip(typed, question.blanks, strict=True))


def marks_share(marks: tuple[bool, ...]) -> Fraction:
    """The blanks right ÷ the blanks: of two, one right earns ½ the points, both 1, none 0."""
    from fractions import Fraction

    return Fraction(sum(marks), len(marks)) if marks else Fraction(0)


def stored_marks(question: Question, text: str | None) -> tuple[bool, ...]:
    """A kept answer's blanks judged again (its text the JSON list typed); () for text that is not one."""
    typed = blanks_from(text, len(question.blanks))
    return blank_marks(question, typed) if typed is not None and question.blanks else ()


def blanks_right(question: Question, marks: Iterable[tuple[bool, ...]]) -> tuple[int, ...]:
    """How many answers got each blank right, blank by blank (answers judged as `blank_marks` gives); a
    match question's, pair by pair."""
    counts = [0] * (len(question.blanks) or len(question.pairs))
    for answer in marks:
        for index, right in enumerate(answer[: len(counts)]):
            counts[index] += right
    return tuple(counts)
