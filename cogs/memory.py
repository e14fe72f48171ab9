"""A member's spaced-repetition memory of a question, moved on by one more answer at their own retention."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from bot.quiz import DEFAULT_RETENTION, review
from bot.store import Memory

if TYPE_CHECKING:
    from bot.app import BvunzoBot


async def retention_of(bot: BvunzoBot, user_id: int) -> float:
    """The member's desired retention (/preferences), or fsrs's default."""
    return await bot.store.member_retention(user_id) or DEFAULT_RETENTION


async def reviewed(
    bot: BvunzoBot, user_id: int, deck_id: str, question_id: str, right: bool, now: datetime
) -> Memory:
    """The member's memory of a question after answering it now (not yet saved)."""
    before = (await bot.store.memories(user_id, deck_id)).get(question_id)
    state = review(
        before.as_state() if before else None,
        right,
        now,
        desired_retention=await retention_of(bot, user_id),
    )
    return Memory.from_state(user_id, deck_id, question_id, state)
