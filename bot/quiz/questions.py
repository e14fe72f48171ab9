"""A round's or a practice's questions, looked up in their deck by id."""

from __future__ import annotations

from collections.abc import Sequence

from bot.bank.models import Deck, Question
from bot.quiz.errors import MissingQuestionError


def questions_of(deck: Deck, question_ids: Sequence[str]) -> tuple[Question, ...]:
    """The deck's questions with these ids, in this order; MissingQuestionError names one it lacks."""
    questions = []
    for question_id in question_ids:
        question = deck.question(question_id)
        if question is None:
            raise MissingQuestionError(question_id)
        questions.append(question)
    return tuple(questions)
