"""Answers are reviews: the one place a question's answers move each member's spaced-repetition memory."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Protocol

from bot.quiz import reviewed
from bot.quiz.practice import MemoryState
from bot.store import Memory, PracticeStore, SettingsStore


class ReviewsStore(PracticeStore, SettingsStore, Protocol):
    """What a review reads: the members' memories and their retentions."""


async def reviewed_memories(
    store: ReviewsStore, deck_id: str, question_id: str, rights: Mapping[int, bool], now: datetime
) -> dict[int, Memory]:
    """Each member's memory of one question after their answer at `now` (`rights`: right or not, by id).

    A round calls it once per question at its reveal and saves them all; practice once per answer and
    saves it with the answer. One read of the memories and one of the members' retentions.
    """
    if not rights:
        return {}
    kept = await store.question_memories(deck_id, question_id, list(rights))
    before = {user_id: MemoryState.of(memory) for user_id, memory in kept.items()}
    retentions = await store.member_retentions(list(rights))
    after = reviewed(f"{deck_id}/{question_id}", rights, before, now, retentions=retentions)
    return {
        user_id: Memory.from_state(user_id, deck_id, question_id, state) for user_id, state in after.items()
    }
