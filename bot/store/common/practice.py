"""Practice answers, each member's memory of each question (spaced review), practice sessions."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from bot.store.records import Memory, PracticeAnswer, PracticeRecord
from bot.store.sql.engine import Engine, Transaction, changed
from bot.store.sql.practice import (
    DUE_COUNT,
    DUE_COUNT_IN_DECK,
    END_PRACTICE,
    FORGET_PRACTICES_BEFORE,
    INSERT_PRACTICE_ANSWER,
    MEMORIES,
    MEMORY_COLUMNS,
    NEXT_DUE,
    NEXT_DUE_IN_DECK,
    PRACTICE,
    PRACTICE_COLUMNS,
    PRACTICE_COUNT_SINCE,
    QUESTION_MEMORIES,
    SAVE_MEMORY,
    SAVE_PRACTICE,
    SESSION_COLUMNS,
    START_PRACTICE,
)
from bot.store.sql.times import from_ms_or_none, to_ms


def _practise(answer: Sequence[Any], saved: Sequence[Any] | None) -> Transaction[None]:
    yield changed(INSERT_PRACTICE_ANSWER, answer)
    if saved is not None:
        yield changed(SAVE_MEMORY, saved)


class SharedPractice:
    _engine: Engine

    # -- practice answers and memories ---------------------------------------------------------------

    async def record_practice(self, answer: PracticeAnswer, memory: Memory | None = None) -> None:
        asked = (answer.user_id, answer.deck_id, answer.question_id)
        if memory is not None and (memory.user_id, memory.deck_id, memory.question_id) != asked:
            raise ValueError("the memory given is of another member or question")
        row = PRACTICE_COLUMNS.row(answer)
        saved = None if memory is None else MEMORY_COLUMNS.row(memory)
        await self._engine.write(lambda: _practise(row, saved))

    async def save_memories(self, memories: Sequence[Memory]) -> None:
        """Upsert many memories in one transaction (a round's reviews, written at each reveal)."""
        rows = [MEMORY_COLUMNS.row(m) for m in memories]
        if rows:
            await self._engine.execute_many(SAVE_MEMORY, rows)

    async def question_memories(
        self, deck_id: str, question_id: str, user_ids: Sequence[int]
    ) -> dict[int, Memory]:
        """What each of these members remembers of one question, by member (those who met it before)."""
        if not user_ids:
            return {}
        rows = await self._engine.fetch_all(
            QUESTION_MEMORIES, deck=deck_id, question=question_id, users=user_ids
        )
        return {row[0]: MEMORY_COLUMNS.record(row) for row in rows}

    async def memories(self, user_id: int, deck_id: str) -> dict[str, Memory]:
        """The member's memory of each question of the deck they have met, by question id."""
        rows = await self._engine.fetch_all(MEMORIES, user=user_id, deck=deck_id)
        return {row[2]: MEMORY_COLUMNS.record(row) for row in rows}

    async def due_count(self, user_id: int, now: datetime, deck_id: str | None = None) -> int:
        """How many of the member's questions are due for review at `now`."""
        if deck_id is None:
            count = await self._engine.fetch_value(DUE_COUNT, user=user_id, now=to_ms(now))
        else:
            count = await self._engine.fetch_value(
                DUE_COUNT_IN_DECK, user=user_id, now=to_ms(now), deck=deck_id
            )
        return int(count)

    async def practice_count_since(self, guild_id: int, user_id: int, since: datetime) -> int:
        """How many practice answers the member gave in the server from `since` on."""
        count = await self._engine.fetch_value(
            PRACTICE_COUNT_SINCE, user=user_id, since=to_ms(since), guild=guild_id
        )
        return int(count)

    async def next_due(self, user_id: int, deck_id: str | None = None) -> datetime | None:
        """When the member's next review falls due (may be in the past); None with nothing to review."""
        if deck_id is None:
            due = await self._engine.fetch_value(NEXT_DUE, user=user_id)
        else:
            due = await self._engine.fetch_value(NEXT_DUE_IN_DECK, user=user_id, deck=deck_id)
        return from_ms_or_none(due)

    # -- practice sessions ---------------------------------------------------------------------------

    async def start_practice(self, user_id: int, deck_id: str, state: str, now: datetime) -> int:
        """Keep a new practice session; its id comes from the database, so it is never given twice."""
        start = {"user": user_id, "deck": deck_id, "state": state, "at": to_ms(now)}
        return int(await self._engine.fetch_value(START_PRACTICE, **start))

    async def save_practice(self, practice_id: int, state: str, now: datetime) -> None:
        """Replace the session's state; an ended or forgotten session stays gone (nothing is written)."""
        await self._engine.execute(SAVE_PRACTICE, state=state, at=to_ms(now), id=practice_id)

    async def practice(self, practice_id: int) -> PracticeRecord | None:
        return await self._engine.fetch_record(SESSION_COLUMNS, PRACTICE, id=practice_id)

    async def end_practice(self, practice_id: int) -> None:
        await self._engine.execute(END_PRACTICE, id=practice_id)

    async def forget_practices_before(self, moment: datetime) -> int:
        """Remove the sessions last saved before `moment` (abandoned ones); returns how many."""
        return await self._engine.execute(FORGET_PRACTICES_BEFORE, moment=to_ms(moment))
