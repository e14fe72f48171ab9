"""SQLite: practice answers, each member's memory of each question (spaced review), practice sessions."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import datetime

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
from bot.store.sqlite.connection import Database


class SqlitePractice:
    _db: Database

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
        answer, saved = practice_rows(user_id, guild_id, deck_id, question_id, right, answered_at, memory)

        def work(conn: sqlite3.Connection) -> None:
            conn.execute(INSERT_PRACTICE_ANSWER.sqlite_numbered, answer)
            if saved is not None:
                conn.execute(SAVE_MEMORY.sqlite_numbered, saved)

        await self._db.write(work)

    async def save_memories(self, memories: Sequence[Memory]) -> None:
        rows = [memory_row(memory) for memory in memories]
        if rows:
            await self._db.executemany(SAVE_MEMORY.sqlite_numbered, rows)

    async def question_memories(
        self, deck_id: str, question_id: str, user_ids: Sequence[int]
    ) -> dict[int, Memory]:
        if not user_ids:
            return {}
        # SQLite has no arrays: one mark per member.
        marks = ",".join("?" * len(user_ids))
        rows = await self._db.fetchall(
            f"SELECT {MEMORY_COLUMNS} FROM memories "
            f"WHERE deck_id = ? AND question_id = ? AND user_id IN ({marks})",
            (deck_id, question_id, *user_ids),
        )
        return {row[0]: memory_record(row) for row in rows}

    async def memories(self, user_id: int, deck_id: str) -> dict[str, Memory]:
        rows = await self._db.fetchall(*MEMORIES.sqlite(user=user_id, deck=deck_id))
        return {row[2]: memory_record(row) for row in rows}

    async def due_count(self, user_id: int, now: datetime, deck_id: str | None = None) -> int:
        if deck_id is None:
            row = await self._db.fetchone(*DUE_COUNT.sqlite(user=user_id, now=to_ms(now)))
        else:
            row = await self._db.fetchone(
                *DUE_COUNT_IN_DECK.sqlite(user=user_id, now=to_ms(now), deck=deck_id)
            )
        return int(row[0])

    async def next_due(self, user_id: int, deck_id: str | None = None) -> datetime | None:
        if deck_id is None:
            row = await self._db.fetchone(*NEXT_DUE.sqlite(user=user_id))
        else:
            row = await self._db.fetchone(*NEXT_DUE_IN_DECK.sqlite(user=user_id, deck=deck_id))
        return from_ms_or_none(row[0])

    # -- practice sessions ---------------------------------------------------------------------------

    async def start_practice(self, user_id: int, deck_id: str, state: str, now: datetime) -> int:
        start = START_PRACTICE.sqlite(user=user_id, deck=deck_id, state=state, at=to_ms(now))
        ((practice_id,),) = await self._db.write(lambda conn: conn.execute(*start).fetchall())
        return int(practice_id)

    async def save_practice(self, practice_id: int, state: str, now: datetime) -> None:
        await self._db.execute(*SAVE_PRACTICE.sqlite(state=state, at=to_ms(now), id=practice_id))

    async def practice(self, practice_id: int) -> PracticeRecord | None:
        row = await self._db.fetchone(*PRACTICE.sqlite(id=practice_id))
        return None if row is None else practice_record(row)

    async def end_practice(self, practice_id: int) -> None:
        await self._db.execute(*END_PRACTICE.sqlite(id=practice_id))

    async def forget_practices_before(self, moment: datetime) -> int:
        return await self._db.execute(*FORGET_PRACTICES_BEFORE.sqlite(moment=to_ms(moment)))
