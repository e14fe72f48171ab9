"""A round's report for the web: per question, right of answered, the commonest mistake, who answered what."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.bank.models import Deck, Kind, Question, picked_words, typed_words
from bot.locales import _
from bot.looks.text import percent
from bot.looks.top_wrong import top_wrong_words
from bot.store import Answer, ReportLine, RoundRecord


@dataclass(frozen=True, slots=True)
class GivenAnswer:
    user_id: int
    name: str
    answer: str  # the choice's text (with its original letter) or what they typed
    right: bool
    points: int
    seconds: float


@dataclass(frozen=True, slots=True)
class QuestionReport:
    number: int  # 1-based, as in the round
    question_id: str
    prompt: str
    kind: str
    answered: int
    right: int
    share: str  # "75%", or "—" when nobody answered
    top_wrong: str | None  # the most chosen wrong answer's text
    top_wrong_count: int
    answers: tuple[GivenAnswer, ...]


def answer_text(question: Question | None, answer: Answer) -> str:
    """What the member gave, in the deck's words: the choice's text (members saw shuffled letters, so no
    letter), or what they typed."""
    if answer.text is not None and question is not None and question.kind is Kind.MULTI:
        return picked_words(question, answer.text)
    if answer.text is not None:
        return typed_words(question, answer.text) if question is not None else answer.text
    if answer.choice is None:
        return "—"
    if question is not None and 0 <= answer.choice < len(question.choices):
        return question.choices[answer.choice]
    return _("choice {number}", number=answer.choice + 1)


def round_report(
    record: RoundRecord,
    deck: Deck | None,
    lines: Sequence[ReportLine],
    answers: Sequence[Answer],
    names: Mapping[int, str],
) -> list[QuestionReport]:
    by_question: dict[int, list[Answer]] = {}
    for answer in answers:
        by_question.setdefault(answer.question_index, []).append(answer)
    reports = []
    for line in lines:
        index = line.question_index if line.question_index is not None else 0
        question = deck.question(line.question_id) if deck is not None else None
        given = _given_answers(question, by_question.get(index, ()), names)
        reports.append(
            QuestionReport(
                number=index + 1,
                question_id=line.question_id,
                prompt=question.prompt
                if question is not None
                else _("(question {question} is no longer in the deck)", question=line.question_id),
                kind=str(question.kind) if question is not None else "",
                answered=line.answered,
                right=line.right,
                share=percent(line.right, line.answered),
                top_wrong=top_wrong_words(question, line.top_wrong_choice, line.top_wrong_text),
                top_wrong_count=line.top_wrong_count,
                answers=given,
            )
        )
    return reports


def _given_answers(
    question: Question | None, answers: Sequence[Answer], names: Mapping[int, str]
) -> tuple[GivenAnswer, ...]:
    return tuple(
        GivenAnswer(
            user_id=a.user_id,
            name=names.get(a.user_id, str(a.user_id)),
            answer=answer_text(question, a),
            right=a.right,
            points=a.points,
            seconds=a.ms / 1000,
        )
        for a in answers
    )
