"""The one rule of "missed": answered wrong, or left unanswered while the member was playing that round."""

from __future__ import annotations

import pytest

from bot.bank.loader import load_deck_text
from bot.quiz.missed import closed_count, missed_in_round, missed_questions

ROUND = ("q1", "q2", "q3", "q4", "q5")


def test_a_member_who_joins_at_question_2_misses_nothing_before_it() -> None:
    # Joined at q2 (wrong), right at q3, let q4 pass, wrong at q5; q1 came before they played.
    answers = {1: False, 2: True, 4: False}
    assert missed_questions(ROUND, answers) == ("q2", "q4", "q5")


def test_a_member_who_answered_nothing_missed_nothing() -> None:
    assert missed_questions(ROUND, {}) == ()


def test_every_answer_right_from_the_first_question_misses_nothing() -> None:
    assert missed_questions(ROUND, dict.fromkeys(range(5), True)) == ()


def test_unanswered_questions_count_only_once_closed() -> None:
    # The round is on q4, not revealed yet: three questions are closed.
    answers = {0: True, 3: False}
    assert missed_questions(ROUND, answers, closed=3) == (
        "q2",
        "q3",
        "q4",
    )  # q4: a wrong answer counts at once
    assert missed_questions(ROUND, {0: True}, closed=3) == ("q2", "q3")  # q4 and q5: not asked or still open
    assert missed_questions(ROUND, {0: True}, closed=0) == ()


def test_a_question_asked_twice_is_missed_once_in_its_first_place() -> None:
    assert missed_questions(("a", "b", "a"), {0: False, 1: True, 2: False}) == ("a",)
    assert missed_questions(("a", "b", "a"), {0: True, 1: False}) == ("b", "a")


@pytest.mark.parametrize(
    ("current", "revealed", "closed"),
    [(-1, False, 0), (0, False, 0), (0, True, 1), (3, False, 3), (4, True, 5)],
)
def test_closed_count(current: int, revealed: bool, closed: int) -> None:
    assert closed_count(current, revealed) == closed


def test_a_stored_round_knows_its_polls_from_the_deck_and_drops_what_the_deck_lost() -> None:
    deck = load_deck_text(
        """\
id: mixed-bag
title: Mixed bag
questions:
  - {id: q1, prompt: "One?", choices: ["a", "b"], answer: 0}
  - {id: vote, type: poll, prompt: "Which do you like?", choices: ["tea", "coffee"]}
  - {id: q3, prompt: "Three?", choices: ["a", "b"], answer: 1}
""",
        "mixed-bag.yaml",
    )
    # Wrong at q1; the poll's vote is not an answer (votes are kept apart); "gone" left the deck since;
    # q3 left unanswered while the round went on to its end.
    ids = ("q1", "vote", "gone", "q3")
    assert missed_in_round(deck, ids, {0: False}, current=3, revealed=True) == ("q1", "q3")
    # Stopped on q3 before its reveal: q3 is not missed yet.
    assert missed_in_round(deck, ids, {0: False}, current=3, revealed=False) == ("q1",)
