"""Store contract: practice answers and each member's memory of each question; what they missed last round."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.quiz.practice import MemoryState, review
from bot.store import Memory, PracticeAnswer, Store
from tests.store_contract.builders import T0


def memory(
    user: int, question: str, *, due_in: timedelta, deck: str = "deck", reviews: int = 1, lapses: int = 0
) -> Memory:
    return Memory(
        user_id=user,
        deck_id=deck,
        question_id=question,
        card='{"card_id": 1}',
        due=T0 + due_in,
        reviews=reviews,
        lapses=lapses,
        last_review=T0,
    )


async def test_memories_round_trip_through_the_real_scheduler(store: Store) -> None:
    first = review(None, True, T0, question_key="deck/q1")
    await store.save_memories([Memory.from_state(5, "deck", "q1", first)])

    stored = (await store.memories(5, "deck"))["q1"]
    assert MemoryState.of(stored) == first

    later = T0 + timedelta(days=3)
    second = review(MemoryState.of(stored), False, later)
    await store.record_practice(
        PracticeAnswer(5, 1, "deck", "q1", False, later), Memory.from_state(5, "deck", "q1", second)
    )

    again = (await store.memories(5, "deck"))["q1"]
    assert (again.reviews, again.lapses, again.last_review) == (2, 1, later)
    assert again.due == second.due
    assert again.due.tzinfo is first.due.tzinfo


async def test_due_and_next_due_by_deck(store: Store) -> None:
    await store.save_memories([memory(1, "a", due_in=timedelta(hours=-1))])
    await store.save_memories([memory(1, "b", due_in=timedelta(0))])
    await store.save_memories([memory(1, "c", due_in=timedelta(days=2))])
    await store.save_memories([memory(1, "x", due_in=timedelta(hours=-5), deck="other")])
    await store.save_memories([memory(2, "a", due_in=timedelta(hours=-9))])

    assert await store.due_count(1, T0) == 3
    assert await store.due_count(1, T0, "deck") == 2
    assert await store.due_count(1, T0 - timedelta(days=1)) == 0
    assert await store.next_due(1) == T0 - timedelta(hours=5)
    assert await store.next_due(1, "deck") == T0 - timedelta(hours=1)
    assert await store.next_due(3) is None
    assert set(await store.memories(1, "deck")) == {"a", "b", "c"}
    assert await store.memories(1, "nothing") == {}


async def test_saving_a_memory_again_replaces_it(store: Store) -> None:
    await store.save_memories([memory(1, "a", due_in=timedelta(hours=1))])
    await store.save_memories([memory(1, "a", due_in=timedelta(days=4), reviews=2)])
    (only,) = (await store.memories(1, "deck")).values()
    assert (only.due, only.reviews) == (T0 + timedelta(days=4), 2)


async def test_practice_and_its_memory_are_one_transaction(store: Store) -> None:
    wrong_question = memory(1, "other-question", due_in=timedelta(days=1))
    with pytest.raises(ValueError, match="another member or question"):
        await store.record_practice(PracticeAnswer(1, None, "deck", "q1", True, T0), wrong_question)
    stats = await store.member_stats(1, 1, T0)
    assert stats.practice_answered == 0
    assert await store.memories(1, "deck") == {}
