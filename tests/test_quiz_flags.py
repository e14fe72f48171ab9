"""Flagged questions summed up per question, for moderators."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from bot.quiz.question_flags import FlaggedQuestion, flagged_questions

T0 = datetime(2026, 4, 1, 12, 0, tzinfo=UTC)


@dataclass(frozen=True)
class F:
    deck_id: str
    question_id: str
    reason: str
    note: str | None
    flagged_at: datetime


def test_flags_per_question_most_flagged_first() -> None:
    flags = [
        F("bio", "q2", "typo", "teh cell", T0 + timedelta(minutes=5)),
        F("bio", "q1", "unclear", None, T0 + timedelta(minutes=1)),
        F("bio", "q2", "wrong", "B is right", T0 + timedelta(minutes=2)),
        F("bio", "q2", "typo", None, T0 + timedelta(minutes=9)),
        F("chem", "q1", "other", None, T0),
    ]
    assert flagged_questions(flags) == [
        FlaggedQuestion(
            "bio", "q2", 3, (("typo", 2), ("wrong", 1)), ("B is right", "teh cell"), T0 + timedelta(minutes=2)
        ),
        FlaggedQuestion("chem", "q1", 1, (("other", 1),), (), T0),  # as many as bio/q1, waiting longer
        FlaggedQuestion("bio", "q1", 1, (("unclear", 1),), (), T0 + timedelta(minutes=1)),
    ]
    assert flagged_questions([]) == []


def test_equal_reasons_keep_the_forms_order() -> None:
    flags = [F("bio", "q1", "other", None, T0), F("bio", "q1", "wrong", None, T0)]
    assert flagged_questions(flags)[0].reasons == (("wrong", 1), ("other", 1))


def test_the_store_knows_the_same_reasons() -> None:
    from bot.quiz.question_flags import FLAG_REASONS
    from bot.store import FLAG_REASONS as STORED

    assert tuple(FLAG_REASONS) == STORED == ("wrong", "unclear", "typo", "other")
