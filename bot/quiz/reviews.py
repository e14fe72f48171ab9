"""Spaced review after answers: each member's memory of a question, moved on by their answer to it."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Protocol

from bot.quiz.clock import require_aware
from bot.quiz.practice import MemoryState, review


class Remembered(Protocol):
    """What a member remembered of a question before answering it (the store's record fits)."""

    @property
    def card(self) -> str: ...
    @property
    def due(self) -> datetime: ...
    @property
    def reviews(self) -> int: ...
    @property
    def lapses(self) -> int: ...
    @property
    def last_review(self) -> datetime | None: ...


def reviewed(
    question_key: str,
    answers: Mapping[int, bool],
    memories: Mapping[int, Remembered],
    now: datetime,
) -> dict[int, MemoryState]:
    """The memories to save after these members answered one question at `now`.

    Rounds and practice both count as reviews: a right answer is rated Good and pushes the next
    review later; a wrong one is rated Again and brings the question back within minutes.
    `answers` says, by member id, whether they were right; `memories` holds, by member id, what
    those who met the question before remembered (a first meeting has none). `question_key`
    ("deck/question") names a first review's card; the schedule does not depend on it.
    """
    require_aware(now)
    after: dict[int, MemoryState] = {}
    for user_id, right in answers.items():
        known = memories.get(user_id)
        before = (
            None
            if known is None
            else MemoryState(
                card=known.card,
                due=known.due,
                reviews=known.reviews,
                lapses=known.lapses,
                last_review=known.last_review,
            )
        )
        after[user_id] = review(before, right, now, question_key=question_key)
    return after
