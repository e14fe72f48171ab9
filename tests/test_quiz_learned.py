"""When a question counts as learned: fsrs's review state and its retrievability against the desired retention."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from fsrs import Card, State

from bot.quiz.learned import Mastery, deck_mastery, is_learned, learned_count
from bot.quiz.practice import MemoryState, review

REVIEWED = datetime(2025, 1, 1, 8, 0, tzinfo=UTC)


def memory(
    state: State,
    stability: float | None,
    *,
    last_review: datetime | None = REVIEWED,
    due: datetime = REVIEWED + timedelta(days=10),
) -> MemoryState:
    """A memory with a hand-written fsrs card."""
    card = Card(
        card_id=1,
        state=state,
        step=None if state is State.Review else 0,
        stability=stability,
        difficulty=None if stability is None else 5.0,
        due=due,
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


def test_learned_count_at_the_members_retention() -> None:
    later = REVIEWED + timedelta(days=9)  # TEN_DAYS is at about 0.907 here
    assert learned_count([TEN_DAYS], later, desired_retention=0.95) == 0
    assert learned_count([TEN_DAYS], later, desired_retention=0.90) == 1


def test_deck_mastery_counts_the_decks_questions_only() -> None:
    now = REVIEWED + timedelta(days=9)
    memories = {
        "q1": TEN_DAYS,  # learned (0.907), due tomorrow
        "q2": memory(State.Review, 30.0, due=REVIEWED + timedelta(days=30)),  # learned, not due
        "q3": memory(State.Review, 2.0, due=REVIEWED + timedelta(days=2)),  # faded, overdue
        "q4": memory(
            State.Relearning, 1.0, due=now + timedelta(minutes=10)
        ),  # due within the 20 minutes ahead
        "gone": memory(State.Review, 30.0),  # a question the deck no longer has
    }
    mastery = deck_mastery(["q1", "q2", "q3", "q4", "q5", "q6", "q7", "q8"], memories, now)
    assert mastery == Mastery(questions=8, learned=2, due=2, seen=4)
    assert mastery.share == 0.25
    strict = deck_mastery(["q1", "q2", "q3", "q4"], memories, now, desired_retention=0.95)
    assert (strict.learned, strict.share) == (1, 0.25)


def test_deck_mastery_of_nothing() -> None:
    assert deck_mastery([], {}, REVIEWED) == Mastery(questions=0, learned=0, due=0, seen=0)
    assert deck_mastery([], {}, REVIEWED).share == 0.0
    assert deck_mastery(["q1", "q1"], {}, REVIEWED).questions == 1
