"""The streak bonus: its rule, and how a round with it scores and reveals right answers in a row."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.quiz.options import RoundOptions
from bot.quiz.round import RestoredAnswer, RoundState
from bot.quiz.scoring import Mode
from bot.quiz.streaks import streak_bonus
from tests.test_quiz_round import ALICE, BOB, CAROL, DECK, Clock, play

START = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
IDS = ("c1", "c2", "c3", "tf", "two", "c1", "c2", "c3")  # eight questions (a deck may hold fewer: ids repeat)


@pytest.mark.parametrize(
    ("streak", "bonus"), [(0, 0), (1, 0), (2, 10), (3, 20), (4, 30), (5, 40), (6, 50), (7, 50), (30, 50)]
)
def test_the_bonus_is_a_tenth_of_our_base_per_answer_in_the_row_after_the_first_up_to_half(
    streak: int, bonus: int
) -> None:
    assert streak_bonus(streak) == bonus


def test_a_negative_streak_is_a_bug() -> None:
    with pytest.raises(ValueError, match="negative"):
        streak_bonus(-1)


def streak_round(*, streaks: bool = True, mode: Mode = Mode.STANDARD) -> RoundState:
    return RoundState(
        round_id=3,
        deck=DECK,
        question_ids=IDS,
        seed=11,
        options=RoundOptions(seconds=20, mode=mode, streak_bonus=streaks),
    )


def test_points_grow_with_the_streak_and_a_miss_or_a_gap_starts_it_again() -> None:
    clock = Clock()
    state = streak_round()
    # Alice: right ×7 then right; Bob: right, right, wrong, right, right; Carol: right, (nothing), right.
    plans = {
        ALICE: [True, True, True, True, True, True, True, True],
        BOB: [True, True, False, True, True, None, None, None],
        CAROL: [True, None, True, None, None, None, None, None],
    }
    points: dict[int, list[int]] = {ALICE: [], BOB: [], CAROL: []}
    streaks: dict[int, list[int]] = {ALICE: [], BOB: [], CAROL: []}
    for index in range(len(IDS)):
        state.open_question(index, clock.advance(5))
        for user, plan in plans.items():
            if plan[index] is not None:
                verdict = play(state, user, clock.advance(1), right=plan[index])
                points[user].append(verdict.points)
                streaks[user].append(verdict.streak)
        state.close()
        state.reveal(clock.advance(1))
    assert points[ALICE] == [100, 110, 120, 130, 140, 150, 150, 150]
    assert streaks[ALICE] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert points[BOB] == [100, 110, 0, 100, 110]
    assert streaks[BOB] == [1, 2, 0, 1, 2]
    assert points[CAROL] == [100, 100]  # question 2 left unanswered broke her streak
    assert [(r.user_id, r.points) for r in state.scores()] == [(ALICE, 1050), (BOB, 420), (CAROL, 200)]


def test_speed_points_get_the_same_bonus() -> None:
    clock = Clock()
    state = streak_round(mode=Mode.SPEED)
    state.open_question(0, clock.now)
    assert play(state, ALICE, clock.advance(10)).points == 75
    state.reveal(clock.advance(1))
    state.open_question(1, clock.advance(1))
    assert play(state, ALICE, clock.advance(10)).points == 75 + 10


def test_without_the_option_a_streak_earns_nothing_and_is_not_shown() -> None:
    clock = Clock()
    state = streak_round(streaks=False)
    for index in range(3):
        state.open_question(index, clock.advance(5))
        assert play(state, ALICE, clock.advance(1)).points == 100
        reveal = state.reveal(clock.advance(1))
    assert reveal.streaks == ()


def test_the_reveal_names_streaks_of_three_and_more_longest_first() -> None:
    clock = Clock()
    state = streak_round()
    for index in range(4):
        state.open_question(index, clock.advance(5))
        play(state, ALICE, clock.advance(1))
        if index >= 1:
            play(state, BOB, clock.advance(1))
        play(state, CAROL, clock.advance(1), right=index != 1)
        reveal = state.reveal(clock.advance(1))
        if index == 1:
            assert reveal.streaks == ()  # Alice has 2 in a row: not yet worth naming
        if index == 2:
            assert reveal.streaks == ((ALICE, 3),)
    assert reveal.streaks == ((ALICE, 4), (BOB, 3))


def test_a_restored_round_reveals_the_streaks_its_stored_answers_make() -> None:
    at = START
    stored = [RestoredAnswer(ALICE, index, None, None, True, 900, 100, at) for index in range(3)]
    state = RoundState.restore(
        round_id=3,
        deck=DECK,
        question_ids=IDS,
        seed=11,
        options=RoundOptions(seconds=20, mode=Mode.STANDARD, streak_bonus=True),
        answers=stored,
        current=2,
        revealed=False,
    )
    state.open_question(2, START)
    assert state.reveal(START).streaks == ((ALICE, 3),)
