"""A number question in a round: typed in the member's language, judged within its tolerance, revealed
with the most given wrong number; values worked out by hand."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from bot.bank.models import Deck, Kind, Question
from bot.bank.tolerance import Tolerance
from bot.locales import speaking
from bot.looks.round import reveal_look
from bot.quiz.errors import InvalidChoiceError
from bot.quiz.judging import judge_answer
from bot.quiz.options import RoundOptions
from bot.quiz.practice import PracticeSession
from bot.quiz.round import RestoredAnswer, RoundState
from bot.rounds.cards import RevealCard
from bot.store.sql.reports import report_lines

START = datetime(2026, 12, 2, 19, 0, tzinfo=UTC)
G = Question(
    id="g",
    kind=Kind.NUMBER,
    prompt="What is g on Earth?",
    number=Decimal("9.81"),
    tolerance=Tolerance(Decimal("0.05")),
    unit="m/s²",
)
DECK = Deck(id="physics", title="Physics", questions=(G,))


def test_a_number_is_typed_not_pressed_and_read_in_the_members_language() -> None:
    assert judge_answer(G, (), None, "9.81 m/s²").right
    assert not judge_answer(G, (), None, "9.87").right
    with speaking("pt-BR"):
        judged = judge_answer(G, (), None, "9,8")
    assert (judged.right, judged.number) == (True, Decimal("9.8"))
    with pytest.raises(InvalidChoiceError) as caught:
        judge_answer(G, (), 0, None)
    assert caught.value.sentence == "This question is answered by typing, not with a button."
    with pytest.raises(InvalidChoiceError) as caught:
        judge_answer(G, (), None, "about ten")
    assert caught.value.sentence == "Type a number, such as 9.81 or 981e-2."


def test_the_reveal_shows_the_number_its_tolerance_and_the_most_given_wrong_one() -> None:
    state = RoundState(
        round_id=1, deck=DECK, question_ids=("g",), seed=5, options=RoundOptions(seconds=20, hints=True)
    )
    assert state.order(0) == ()
    state.open_question(0, START)
    assert state.next_hint(1, 0, START + timedelta(seconds=1)) == 1  # a number takes hints too
    for user, typed in ((1, "9,81"), (2, "10"), (3, "10.0"), (4, "3")):
        assert state.accept(state.judge(user, 0, START + timedelta(seconds=user), text=typed))
    # A kept answer, restored after a restart, is read again from its text.
    state.accept(state.verdict_of(RestoredAnswer(5, 0, None, "3 m/s²", False, 5000, 0, START)))
    reveal = state.reveal(START + timedelta(seconds=20))
    assert (reveal.answered, reveal.right, reveal.top_wrong_number) == (
        5,
        1,
        Decimal("3"),
    )  # 3 and 10 twice each: the smaller
    card = RevealCard(1, 0, 1, G, (), reveal, "Physics", True, (), (), ("physics", G.id))
    look = reveal_look(card)
    assert "**Answer:** 9.81 m/s² (± 0.05)\nMost given wrong number: 3 m/s²" in look.description
    with speaking("fr"):
        french = reveal_look(card)
    assert "9,81 m/s² (± 0,05)" in french.description


def test_the_question_report_counts_one_number_typed_two_ways_as_one_mistake() -> None:
    # The report's rows (bot/store/sql/reports.py): the question's totals, then each wrong typed answer's count.
    rows = [
        (0, 0, 5, 1, None, 0, None, 0.2, -5),
        (1, 0, None, None, None, 1, "3", 1, 0),
        (1, 0, None, None, None, 1, "10", 2, 0),
        (1, 0, None, None, None, 1, "10,0", 3, 0),
        (1, 0, None, None, None, 1, "Ten", 4, 0),
    ]
    [line] = report_lines(rows, by_index=True).values()
    assert (line.top_wrong_text, line.top_wrong_count) == ("10", 2)


def test_practice_takes_a_typed_number_and_hints_at_its_digits() -> None:
    session = PracticeSession(user_id=1, deck=DECK, question_ids=("g",), seed=5, language=None)
    assert session.order == ()
    assert session.take_hint().text == "_ . _ _"
    with speaking("fr"):
        assert session.answer(text="9,84 m/s²", now=START).right
