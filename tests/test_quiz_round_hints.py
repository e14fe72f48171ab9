"""Hints in a round's engine: the presses each member made, the points a hinted answer keeps, the reveal."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from bot.bank.cloze import blanks_text
from bot.bank.models import Deck, Kind, Question
from bot.quiz.errors import HintAfterAnswerError, NoHintError, NotOpenYetError, QuestionClosedError
from bot.quiz.options import RoundOptions
from bot.quiz.practice import PracticeSession
from bot.quiz.round import RestoredAnswer, RoundState
from bot.quiz.scoring import Mode

START = datetime(2026, 5, 1, 9, 0, tzinfo=UTC)
ALICE, BONGANI, CHIPO = 11, 12, 13

DECK = Deck(
    id="zim",
    title="Zimbabwe",
    questions=(
        Question(
            id="capital", kind=Kind.TEXT, prompt="Guta guru reZimbabwe?", accepted=("Harare", "Salisbury")
        ),
        Question(
            id="river",
            kind=Kind.CHOICE,
            prompt="Which river forms the northern border?",
            choices=("Zambezi", "Limpopo"),
            answers=frozenset({0}),
        ),
    ),
)


def new_round(**options: object) -> RoundState:
    state = RoundState(
        round_id=1, deck=DECK, question_ids=("capital", "river"), seed=7, options=RoundOptions(**options)
    )
    state.open_question(0, START)
    return state


def press(state: RoundState, user: int, at: datetime = START) -> int:
    hints = state.next_hint(user, 0, at)
    state.note_hints(user, 0, hints)
    return hints


def test_each_press_counts_once_up_to_three() -> None:
    state = new_round()
    assert [press(state, ALICE) for _ in range(4)] == [1, 2, 3, 3]
    assert state.hints_of(ALICE, 0) == 3
    assert state.hints_of(BONGANI, 0) == 0


def test_a_hinted_right_answer_keeps_its_share_of_the_points() -> None:
    state = new_round()
    press(state, ALICE)
    press(state, ALICE)
    at = START + timedelta(seconds=3)
    alice = state.judge(ALICE, 0, at, text="harare")
    bongani = state.judge(BONGANI, 0, at, text="Harare")
    assert (alice.right, alice.points, alice.hints) == (True, 50, 2)
    assert (bongani.points, bongani.hints) == (100, 0)


def test_speed_points_and_the_streak_bonus_share_the_cut() -> None:
    # Speed: 10 s of 20 left is 75 points; one hint keeps 75 % of them: 56.25, so 56.
    state = new_round(mode=Mode.SPEED)
    press(state, CHIPO)
    verdict = state.judge(CHIPO, 0, START + timedelta(seconds=10), text="Harare")
    assert verdict.points == 56


def test_a_wrong_answer_earns_nothing_with_or_without_hints() -> None:
    state = new_round()
    press(state, ALICE)
    assert state.judge(ALICE, 0, START, text="Bulawayo").points == 0


def test_no_hint_after_answering_on_a_choice_question_or_when_turned_off() -> None:
    state = new_round()
    state.accept(state.judge(ALICE, 0, START, text="Harare"))
    with pytest.raises(HintAfterAnswerError):
        state.next_hint(ALICE, 0, START)
    with pytest.raises(NoHintError):
        new_round(hints=False).next_hint(ALICE, 0, START)
    state.reveal(START)
    state.open_question(1, START + timedelta(seconds=30))
    with pytest.raises(NoHintError):
        state.next_hint(BONGANI, 1, START + timedelta(seconds=31))


def test_no_hint_while_reading_or_after_the_time() -> None:
    reading = new_round(reading_seconds=5)
    with pytest.raises(NotOpenYetError):
        reading.next_hint(ALICE, 0, START + timedelta(seconds=1))
    with pytest.raises(QuestionClosedError):
        new_round().next_hint(ALICE, 0, START + timedelta(seconds=21))


def test_the_reveal_names_who_used_hints_most_first() -> None:
    state = new_round()
    press(state, BONGANI)
    press(state, ALICE)
    press(state, ALICE)
    press(state, CHIPO)
    reveal = state.reveal(START + timedelta(seconds=20))
    assert reveal.hinted == ((ALICE, 2), (BONGANI, 1), (CHIPO, 1))


def test_hints_come_back_with_a_restored_round() -> None:
    answer = RestoredAnswer(ALICE, 0, None, "Harare", True, 2000, 50, START + timedelta(seconds=2))
    state = RoundState.restore(
        round_id=1,
        deck=DECK,
        question_ids=("capital", "river"),
        seed=7,
        options=RoundOptions(),
        answers=[answer],
        current=0,
        revealed=False,
        hints=[(0, ALICE, 2), (0, BONGANI, 1)],
    )
    state.open_question(0, START + timedelta(seconds=40))
    assert state.answers(0)[ALICE].hints == 2
    assert state.hints_of(BONGANI, 0) == 1
    assert state.next_hint(BONGANI, 0, START + timedelta(seconds=41)) == 2
    verdict = state.judge(BONGANI, 0, START + timedelta(seconds=41), text="Harare")
    assert verdict.points == 75


def test_practice_keeps_its_presses_in_its_snapshot_and_with_the_answer() -> None:
    session = PracticeSession(
        user_id=ALICE, deck=DECK, question_ids=("capital", "river"), seed=3, language=None
    )
    assert session.take_hint().text == "H _ _ _ _ _"
    restored = PracticeSession.from_dict(session.to_dict(), DECK)  # a restart between two presses
    second = restored.take_hint()
    assert (second.presses, second.text, second.kept_percent) == (2, "H _ _ a _ _", 50)
    result = restored.answer(text="Harare", now=START)
    assert (result.right, result.hints) == (True, 2)
    with pytest.raises(HintAfterAnswerError):
        restored.take_hint()
    restored.next()
    with pytest.raises(NoHintError):
        restored.take_hint()  # a choice question
    again = PracticeSession.from_dict(restored.to_dict(), DECK)
    assert again.passes() == restored.passes()


def test_a_number_and_a_cloze_question_take_hints_at_the_same_cost() -> None:
    deck = Deck(
        id="mix",
        title="Numbers and blanks",
        questions=(
            Question(id="year", kind=Kind.NUMBER, prompt="Independence?", number=Decimal("1980")),
            Question(
                id="lake", kind=Kind.CLOZE, prompt="{{1}} is on the {{2}}", blanks=(("Kariba",), ("Zambezi",))
            ),
        ),
    )
    state = RoundState(round_id=2, deck=deck, question_ids=("year", "lake"), seed=7, options=RoundOptions())
    state.open_question(0, START)
    state.note_hints(ALICE, 0, state.next_hint(ALICE, 0, START))
    # 100 points for a right answer; one hint keeps 75 of them.
    assert state.judge(ALICE, 0, START, text="1980").points == 75
    state.reveal(START)
    later = START + timedelta(seconds=30)
    state.open_question(1, later)
    for _ in range(3):
        state.note_hints(BONGANI, 1, state.next_hint(BONGANI, 1, later))
    # Three hints keep 25 of the 100 points.
    assert state.judge(BONGANI, 1, later, text=blanks_text(["kariba", "Zambezi"])).points == 25
    assert state.reveal(later).hinted == ((BONGANI, 3),)
