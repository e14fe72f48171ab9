"""How a round moves on: planning from a seed, skip, stop, the reveal's closing, and resuming after a restart."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.bank.models import Deck
from bot.quiz.errors import AlreadyAnsweredError, EmptyDeckError, QuestionClosedError, RoundEndedError
from bot.quiz.options import RoundOptions
from bot.quiz.round import RoundState, plan_round
from bot.quiz.scoring import Mode
from tests.test_quiz_round import (
    ALICE,
    BOB,
    CAROL,
    DECK,
    START,
    Clock,
    new_round,
    play,
    restore_like,
    wrong_slot,
)

FIVE = ("c1", "c2", "c3", "tf", "two")


def test_a_plan_from_a_seed_names_its_questions_in_order() -> None:
    assert plan_round(DECK, 4, seed=99).question_ids == ("two", "tf", "txt", "c1")
    assert plan_round(DECK, 4, seed=100).question_ids == ("c2", "c3", "txt", "c1")
    # More questions than the deck has: every question once, the first four as above.
    assert plan_round(DECK, 50, seed=99).question_ids == ("two", "tf", "txt", "c1", "c3", "c2")
    assert plan_round(DECK, 1, seed=99).seed == 99
    with pytest.raises(ValueError, match="at least one question"):
        plan_round(DECK, 0, seed=99)


def test_a_plan_without_a_seed_gets_a_fresh_one() -> None:
    first, second = plan_round(DECK, 6), plan_round(DECK, 6)
    assert first.seed != second.seed  # two 63-bit random seeds
    assert sorted(first.question_ids) == ["c1", "c2", "c3", "tf", "two", "txt"]


def test_a_fresh_round_posts_each_question_once_then_ends() -> None:
    clock = Clock()
    state = new_round(("c1", "c2"))
    assert (state.next_index, state.questions_played, state.finished) == (0, 0, False)
    state.open_question(0, clock.now)
    assert state.next_index == 0  # not revealed yet: it is still the one on screen
    state.reveal(clock.advance(20))
    assert (state.next_index, state.questions_played, state.finished) == (1, 1, False)
    state.open_question(1, clock.advance(3))
    state.reveal(clock.advance(20))
    assert (state.next_index, state.questions_played, state.finished, state.stopped) == (None, 2, True, False)


def played_to_question_3_of_5() -> RoundState:
    """Five questions; Alice and Bob answered the first two, Alice the third, which is still open."""
    clock = Clock()
    state = new_round(FIVE)
    for index in (0, 1):
        state.open_question(index, clock.advance(1))
        play(state, ALICE, clock.advance(2))
        play(state, BOB, clock.advance(2), right=False)
        state.reveal(clock.advance(1))
    state.open_question(2, clock.advance(1))
    play(state, ALICE, clock.advance(2))
    return state


def test_resume_at_question_3_of_5_not_revealed_re_posts_it() -> None:
    restored = restore_like(played_to_question_3_of_5(), revealed=False)
    assert (restored.next_index, restored.resuming_at, restored.questions_played) == (2, 3, 2)
    later = START + timedelta(minutes=5)
    assert not restored.reveal_due(later)  # not re-posted yet: its old timer does not count
    restored.open_question(2, later)
    with pytest.raises(AlreadyAnsweredError):  # Alice's answer from before the restart stands
        restored.judge(ALICE, 2, later + timedelta(seconds=1), slot=0)
    assert restored.waiting_for() == {BOB}
    play(restored, BOB, later + timedelta(seconds=3))
    assert restored.reveal_due(later + timedelta(seconds=3))  # everyone who played has answered
    reveal = restored.reveal(later + timedelta(seconds=3))
    assert (reveal.answered, reveal.right) == (2, 2)
    assert (restored.next_index, restored.questions_played) == (3, 3)
    assert [(r.user_id, r.points, r.right) for r in restored.scores()] == [(ALICE, 300, 3), (BOB, 100, 1)]


def test_resume_at_question_3_of_5_revealed_goes_on_with_question_4() -> None:
    restored = restore_like(played_to_question_3_of_5(), revealed=True)
    assert (restored.next_index, restored.resuming_at, restored.questions_played) == (3, 4, 3)
    with pytest.raises(ValueError, match="cannot open"):
        restored.open_question(2, START)
    restored.open_question(3, START + timedelta(minutes=5))
    assert restored.is_open and restored.current == 3


def test_resume_after_the_last_reveal_only_finishes() -> None:
    restored = RoundState.restore(round_id=7, deck=DECK, question_ids=FIVE, seed=2024, options=RoundOptions(seconds=20, mode=Mode.STANDARD), answers=[], current=4, revealed=True)  # fmt: skip
    assert (restored.next_index, restored.resuming_at, restored.questions_played) == (None, 5, 5)
    assert restored.finished and not restored.stopped


def test_resume_before_the_first_question_starts_at_the_first() -> None:
    restored = RoundState.restore(round_id=7, deck=DECK, question_ids=FIVE, seed=2024, options=RoundOptions(seconds=20, mode=Mode.STANDARD), answers=[], current=-1, revealed=False)  # fmt: skip
    assert (restored.next_index, restored.resuming_at, restored.questions_played) == (0, 1, 0)


def test_stop_mid_question_reveals_it_and_posts_nothing_more() -> None:
    clock = Clock()
    state = new_round(FIVE)
    state.open_question(0, clock.now)
    play(state, ALICE, clock.advance(2))
    state.reveal(clock.advance(1))
    state.open_question(1, clock.advance(1))
    bob = state.judge(BOB, 1, clock.advance(1), slot=wrong_slot(state, 1))  # judged, still being written
    play(state, ALICE, clock.advance(1), right=False)
    state.stop()
    assert state.stopped and state.finished and not state.is_open
    assert state.reveal_due(clock.advance(1))  # 17 of its 20 seconds left: the stop reveals it now
    with pytest.raises(RoundEndedError):
        state.judge(CAROL, 1, clock.now, slot=0)
    assert state.accept(bob)  # an acknowledged answer still scores
    reveal = state.reveal(clock.now)
    assert reveal.answered == 2
    assert (state.next_index, state.questions_played) == (None, 2)
    assert [(r.user_id, r.points) for r in state.scores()] == [(ALICE, 100), (BOB, 0)]


def test_stop_between_questions_ends_after_the_last_revealed() -> None:
    clock = Clock()
    state = new_round(FIVE)
    state.open_question(0, clock.now)
    state.reveal(clock.advance(20))
    state.stop()  # during the pause
    assert not state.reveal_due(clock.advance(1))
    assert (state.next_index, state.questions_played) == (None, 1)
    with pytest.raises(RoundEndedError):
        state.open_question(1, clock.now)


def test_stop_before_the_first_question_plays_none() -> None:
    state = new_round(FIVE)
    state.stop()
    assert (state.next_index, state.questions_played, state.finished) == (None, 0, True)


def test_skip_reveals_the_open_question_only() -> None:
    clock = Clock()
    state = new_round(FIVE)
    state.skip()  # nothing posted yet: ignored
    state.open_question(0, clock.now)
    assert not state.reveal_due(clock.advance(1))
    state.skip()
    assert state.reveal_due(clock.now)
    play(state, ALICE, clock.advance(1))  # a skip does not close the question by itself
    state.reveal(clock.now)
    state.skip()  # between questions: does not carry over
    state.open_question(1, clock.advance(3))
    assert not state.reveal_due(clock.advance(1))


def test_closing_refuses_new_answers_but_keeps_those_being_written() -> None:
    clock = Clock()
    state = new_round(FIVE)
    state.open_question(0, clock.now)
    bob = state.judge(BOB, 0, clock.advance(1), slot=0)
    state.close()
    assert not state.is_open and state.reveal_due(clock.now)
    with pytest.raises(QuestionClosedError) as caught:
        state.judge(ALICE, 0, clock.advance(1), slot=0)
    assert caught.value.sentence == "This question is closed: the answer has been revealed."
    assert state.accept(bob)
    assert state.reveal(clock.now).answered == 1
    state.open_question(1, clock.advance(3))  # the next question takes answers again
    play(state, ALICE, clock.advance(1))


def test_a_question_counts_as_revealed_once_its_answer_was_shown() -> None:
    clock = Clock()
    state = new_round(FIVE)
    state.open_question(0, clock.now)
    assert not state.is_revealed(0)
    state.close()
    assert not state.is_revealed(0)  # closing, not shown yet
    state.reveal(clock.advance(1))
    assert state.is_revealed(0)
    state.open_question(1, clock.advance(3))
    assert state.is_revealed(0) and not state.is_revealed(1) and not state.is_revealed(2)


def test_an_empty_deck_cannot_be_planned() -> None:
    with pytest.raises(EmptyDeckError):
        plan_round(Deck(id="e", title="Empty", questions=()), 3, seed=1)
