"""Item analysis counts a question's first tries per version: an edited question starts afresh."""

from __future__ import annotations

from dataclasses import dataclass

from bot.quiz.item_analysis import ItemQuestion, analyse, edited


@dataclass(frozen=True)
class Try:
    user_id: int
    question_id: str
    correct: bool
    choice: int | None
    version: str


QUESTIONS = [ItemQuestion("q1", 3, frozenset({0}), "v2"), ItemQuestion("q2", 3, frozenset({0}), "w1")]
TRIES = [
    # q1 before its edit (v1): three members, all wrong; after it (v2): two members, one right.
    Try(1, "q1", False, 1, "v1"),
    Try(2, "q1", False, 2, "v1"),
    Try(3, "q1", False, 1, "v1"),
    Try(1, "q1", True, 0, "v2"),
    Try(4, "q1", False, 2, "v2"),
    # q2 never edited; one try from before versions were kept ('') counts as today's.
    Try(1, "q2", True, 0, "w1"),
    Try(2, "q2", True, 0, ""),
]


def test_an_edited_questions_counts_start_afresh() -> None:
    q1, q2 = analyse(QUESTIONS, TRIES)
    assert (q1.members, q1.right) == (2, 1)
    assert (q2.members, q2.right) == (2, 2)


def test_edited_names_the_questions_answered_at_another_version() -> None:
    assert edited(QUESTIONS, TRIES) == {"q1"}
    assert edited(QUESTIONS, [t for t in TRIES if t.version != "v1"]) == set()
