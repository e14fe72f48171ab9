"""When a question counts as learned: fsrs's review state and its retrievability against the desired retention."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from fsrs import Card, State

from bot.quiz.learned import is_learned, learned_count
from bot.quiz.practice import MemoryState, review

REVIEWED = datetime(2025, 1, 1, 8, 0, tzinfo=UTC)


def memory(state: State, stability: float | None, *, last_review: datetime | None = REVIEWED) -> MemoryState:
    """A memory with a hand-written fsrs card."""
    card = Card(
        card_id=1,
        state=state,
        step=None if state is State.Review else 0,
        stability=stability,
        difficulty=None if stability is None else 5.0,
        due=REVIEWED + timedelta(days=10),
        last_review=last_review,
    )
    return MemoryState(card=card.to_json(), due=card.due, reviews=3, lapses=0, last_review=last_review)


# With a stability of 10 days fsrs expects 90% recall after exactly 10 days: about 0.907 after 9, 0.893 after 11.
TEN_DAYS = memory(State.Review, 10.0)


def test_learned_while_retrievability_is_at_least_the_desired_retention() -> None:
    assert is_learned(TEN_DAYS, REVIEWED)
    assert is_learned(TEN_DAYS, REVIEWED + timedelta(days=9))
    assert not is_learned(TEN_DAYS, REVIEWED + timedelta(days=11))
    assert not is_learned(TEN_DAYS, REVIEWED + timedelta(days=400))


def test_the_desired_retention_can_be_asked_for() -> None:
    nine_days = REVIEWED + timedelta(days=9)
    assert not is_learned(TEN_DAYS, nine_days, desired_retention=0.95)
    assert is_learned(TEN_DAYS, REVIEWED + timedelta(days=11), desired_retention=0.85)


def test_a_question_being_learned_or_relearned_is_not_learned_yet() -> None:
    # fsrs counts whole days, so these have retrievability 1.0 on the day: the state decides.
    assert not is_learned(memory(State.Learning, 0.4), REVIEWED + timedelta(minutes=1))
    assert not is_learned(memory(State.Relearning, 2.0), REVIEWED + timedelta(hours=1))
    assert not is_learned(memory(State.Learning, None, last_review=None), REVIEWED)


def test_after_real_answers() -> None:
    right = review(None, True, REVIEWED, question_key="bio/q1")
    wrong = review(None, False, REVIEWED, question_key="bio/q2")
    assert is_learned(right, REVIEWED + timedelta(hours=1))
    assert not is_learned(wrong, REVIEWED + timedelta(hours=1))
    lapsed = review(right, False, REVIEWED + timedelta(days=2))
    assert not is_learned(lapsed, REVIEWED + timedelta(days=2, hours=1))


def test_learned_count() -> None:
    later = REVIEWED + timedelta(days=9)
    memories = [TEN_DAYS, memory(State.Review, 30.0), memory(State.Review, 2.0), memory(State.Learning, 0.4)]
    assert learned_count(memories, later) == 2
    assert learned_count([], later) == 0
