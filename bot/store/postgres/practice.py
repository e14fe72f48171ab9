"""Practice answers, each member's memory of each question (spaced review) and practice sessions, on PostgreSQL."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import asyncpg

from bot.store.postgres.connection import Connected
from bot.store.postgres.engine import affected
from bot.store.records import Memory, PracticeRecord
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
    SAVE_MEMORY,
    SAVE_PRACTICE,
    START_PRACTICE,
    memory_record,
    memory_row,
    practice_record,
    practice_rows,
)
from bot.store.sql.times import from_ms_or_none, to_ms


class PostgresPractice(Connected):
    # -- practice answers and memories ---------------------------------------------------------------

    async def record_practice(
        self,
        user_id: int,
        guild_id: int | None,
        deck_id: str,
        question_id: str,
        right: bool,
        answered_at: datetime,
        memory: Memory | None = None,
    ) -> None:
        """Store a practice answer and, when given, the member's new memory of it, in one transaction."""
        answer, saved = practice_rows(user_id, guild_id, deck_id, question_id, right, answered_at, memory)

        async def work(conn: asyncpg.Connection) -> None:
            await conn.execute(INSERT_PRACTICE_ANSWER.postgres_text, *answer)
            if saved is not None:
                await conn.execute(SAVE_MEMORY.postgres_text, *saved)

        await self._write(work)

    async def save_memories(self, memories: Sequence[Memory]) -> None:
        """Upsert many memories in one transaction (a round's reviews, written at each reveal)."""
        rows = [memory_row(m) for m in memories]
        if rows:
            await self._write(lambda conn: conn.executemany(SAVE_MEMORY.postgres_text, rows))

    async def question_memories(
        self, deck_id: str, question_id: str, user_ids: Sequence[int]
    ) -> dict[int, Memory]:
        """What each of these members remembers of one question, by member (those who met it before)."""
        if not user_ids:
            return {}
        rows = await self._fetch(
            f"SELECT {MEMORY_COLUMNS} FROM memories WHERE deck_id = $1 AND question_id = $2 "
            "AND user_id = ANY($3::bigint[])",
            deck_id,
            question_id,
            list(user_ids),
        )
        return {row[0]: memory_record(row) for row in rows}

    async def memories(self, user_id: int, deck_id: str) -> dict[str, Memory]:
        """The member's memory of each question of the deck they have met, by question id."""
        rows = await self._fetch(*MEMORIES.postgres(user=user_id, deck=deck_id))
        return {row[2]: memory_record(row) for row in rows}

    async def due_count(self, user_id: int, now: datetime, deck_id: str | None = None) -> int:
        """How many of the member's questions are due for review at `now`."""
        if deck_id is None:
            row = await self._fetchrow(*DUE_COUNT.postgres(user=user_id, now=to_ms(now)))
        else:
            row = await self._fetchrow(
                *DUE_COUNT_IN_DECK.postgres(user=user_id, now=to_ms(now), deck=deck_id)
            )
        assert row is not None
        return int(row[0])

    async def next_due(self, user_id: int, deck_id: str | None = None) -> datetime | None:
        """When the member's next review falls due (may be in the past); None with nothing to review."""
        if deck_id is None:
            row = await self._fetchrow(*NEXT_DUE.postgres(user=user_id))
        else:
            row = await self._fetchrow(*NEXT_DUE_IN_DECK.postgres(user=user_id, deck=deck_id))
        assert row is not None
        return from_ms_or_none(row[0])

    # -- practice sessions ---------------------------------------------------------------------------

    async def start_practice(self, user_id: int, deck_id: str, state: str, now: datetime) -> int:
        """Keep a new practice session; its id comes from a sequence, so it is never given twice."""
        async with self._connection(writes=True) as conn:
            practice_id: int = await conn.fetchval(
                *START_PRACTICE.postgres(user=user_id, deck=deck_id, state=state, at=to_ms(now))
            )
        return practice_id

    async def save_practice(self, practice_id: int, state: str, now: datetime) -> None:
        """Replace the session's state; an ended or forgotten session stays gone (nothing is written)."""
        await self._execute(*SAVE_PRACTICE.postgres(state=state, at=to_ms(now), id=practice_id))

    async def practice(self, practice_id: int) -> PracticeRecord | None:
        row = await self._fetchrow(*PRACTICE.postgres(id=practice_id))
        return None if row is None else practice_record(row)

    async def end_practice(self, practice_id: int) -> None:
        await self._execute(*END_PRACTICE.postgres(id=practice_id))

    async def forget_practices_before(self, moment: datetime) -> int:
        """Remove the sessions last saved before `moment` (abandoned ones); returns how many."""
        return affected(await self._execute(*FORGET_PRACTICES_BEFORE.postgres(moment=to_ms(moment))))
