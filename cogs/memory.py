"""A member's spaced-repetition memory of a question, moved on by one more answer."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from bot.quiz import review
from bot.store import Memory

if TYPE_CHECKING:
    from bot.app import BvunzoBot


async def reviewed(
    bot: BvunzoBot, user_id: int, deck_id: str, question_id: str, right: bool, now: datetime
) -> Memory:
    """The member's memory of a question after answering it now (not yet saved)."""
    before = (await bot.store.memories(user_id, deck_id)).get(question_id)
    state = review(before.as_state() if before else None, right, now)
    return Memory.from_state(user_id, deck_id, question_id, state)
