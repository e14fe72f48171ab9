"""Timing for everyone: reading time before the buttons open, untimed questions, more time for long prompts."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from bot.bank.models import Deck, Kind, Question
from bot.quiz.errors import NotOpenYetError, QuestionClosedError
from bot.quiz.options import RoundOptions
from bot.quiz.round import RoundState
from bot.quiz.scoring import Mode
from bot.quiz.timing import extra_seconds
from tests.test_quiz_round import ALICE, BOB, START, Clock, choice_question, play


@pytest.mark.parametrize(
    ("length", "extra"), [(0, 0), (150, 0), (200, 0), (201, 1), (300, 1), (301, 2), (320, 2), (1000, 8)]
)
def test_a_prompt_earns_a_second_per_hundred_characters_or_part_beyond_two_hundred(
    length: int, extra: int
) -> None:
    assert extra_seconds("x" * length) == extra


LONG = Question(id="long", kind=Kind.CHOICE, prompt="y" * 320, choices=("a", "b"), answers=frozenset({0}))
DECK = Deck(id="timing", title="Timing", questions=(choice_question("c1", 0), LONG, choice_question("c2", 1)))


def timed_round(*, mode: Mode = Mode.STANDARD, **options: Any) -> RoundState:
    ids = ("c1", "long", "c2")
    return RoundState(
        round_id=5,
        deck=DECK,
        question_ids=ids,
        seed=3,
        options=RoundOptions(seconds=20, mode=mode, **options),
    )


def test_the_buttons_open_after_the_reading_time_and_the_clock_starts_then() -> None:
    clock = Clock()
    state = timed_round(reading_seconds=5)
    state.open_question(0, clock.now)
    assert state.opens_at == START + timedelta(seconds=5)
    assert state.deadline == START + timedelta(seconds=25)
    assert state.reading(clock.advance(4.9))
    with pytest.raises(NotOpenYetError):
        state.judge(ALICE, 0, clock.now, slot=0)
    assert not state.reveal_due(clock.now)
    verdict = play(state, ALICE, clock.advance(1.1))  # 6 s after posting: 1 s after the buttons opened
    assert verdict.ms == 1000
    assert not state.reading(clock.now)
    assert not state.reveal_due(clock.advance(18.9))  # 24.9 s after posting
    assert state.reveal_due(clock.advance(0.1))


def test_reading_time_is_zero_to_thirty_seconds() -> None:
    with pytest.raises(ValueError, match="0-30"):
        timed_round(reading_seconds=31)
    with pytest.raises(ValueError, match="0-30"):
        timed_round(reading_seconds=-1)


def test_a_long_prompt_gets_more_time_only_when_asked() -> None:
    plain, longer = timed_round(), timed_round(long_prompts=True)
    assert [plain.seconds_for(i) for i in range(3)] == [20, 20, 20]
    assert [longer.seconds_for(i) for i in range(3)] == [20, 22, 20]
    clock = Clock()
    longer.open_question(0, clock.now)
    longer.reveal(clock.advance(1))
    longer.open_question(1, clock.advance(1))
    assert longer.deadline == clock.now + timedelta(seconds=22)
    play(longer, ALICE, clock.advance(21.5))  # past the plain 20 s, within the 22 s
    with pytest.raises(QuestionClosedError):
        longer.judge(BOB, 1, clock.advance(0.6), slot=0)


def test_speed_points_count_the_extra_time_as_time_allowed() -> None:
    clock = Clock()
    state = timed_round(long_prompts=True, mode=Mode.SPEED)
    state.open_question(0, clock.now)
    state.reveal(clock.advance(1))
    state.open_question(1, clock.advance(1))
    # 11 s of 22 left: 50 + 50 × 11/22 = 75 (of 20 s it would have been 50 + 50 × 9/20 = 72.5 → 73).
    assert play(state, ALICE, clock.advance(11)).points == 75


def test_an_untimed_question_waits_for_every_player_or_a_reveal() -> None:
    clock = Clock()
    state = timed_round(untimed=True)
    state.open_question(0, clock.now)
    assert state.deadline is None
    play(state, ALICE, clock.advance(3600))  # an hour later: still open
    play(state, BOB, clock.advance(1))
    assert not state.reveal_due(clock.advance(86_400))  # the first question has no earlier players
    state.skip()  # the moderator's Reveal
    assert state.reveal_due(clock.now)
    state.reveal(clock.now)
    state.open_question(1, clock.advance(5))
    play(state, ALICE, clock.advance(600))
    assert not state.reveal_due(clock.now)
    play(state, BOB, clock.advance(600))
    assert state.reveal_due(clock.now)


def test_untimed_speed_points_fall_to_the_floor_after_the_rounds_seconds() -> None:
    clock = Clock()
    state = timed_round(untimed=True, mode=Mode.SPEED)
    state.open_question(0, clock.now)
    assert play(state, ALICE, clock.advance(5)).points == 88  # 50 + 50 × 15/20 = 87.5 → 88
    assert play(state, BOB, clock.advance(100)).points == 50
