"""Between the store's memory rows and the engine's spaced-repetition state."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from bot.quiz import MemoryState, review
from bot.store import Memory

if TYPE_CHECKING:
    from bot.app import BvunzoBot


def memory_state(memory: Memory) -> MemoryState:
    return MemoryState(
        card=memory.card,
        due=memory.due,
        reviews=memory.reviews,
        lapses=memory.lapses,
        last_review=memory.last_review,
    )


def memory_record(user_id: int, deck_id: str, question_id: str, state: MemoryState) -> Memory:
    return Memory(
        user_id=user_id,
        deck_id=deck_id,
        question_id=question_id,
        card=state.card,
        due=state.due,
        reviews=state.reviews,
        lapses=state.lapses,
        last_review=state.last_review,
    )


async def reviewed(
    bot: BvunzoBot, user_id: int, deck_id: str, question_id: str, right: bool, now: datetime
) -> Memory:
    """The member's memory of a question after answering it now (not yet saved)."""
    before = (await bot.store.memories(user_id, deck_id)).get(question_id)
    state = review(memory_state(before) if before else None, right, now)
    return memory_record(user_id, deck_id, question_id, state)
