"""SQLite: practice answers, each member's memory of each question (spaced review), practice sessions."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from bot.store.records import Memory, PracticeRecord
from bot.store.sqlite.connection import Database
from bot.store.sqlite.times import from_ms, from_ms_or_none, to_ms

_MEMORY_COLUMNS = "user_id, deck_id, question_id, card, due, reviews, lapses, last_review"

_SAVE_MEMORY = (
    f"INSERT INTO memories ({_MEMORY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
    "ON CONFLICT (user_id, deck_id, question_id) DO UPDATE SET card = excluded.card, due = excluded.due, "
    "reviews = excluded.reviews, lapses = excluded.lapses, last_review = excluded.last_review"
)


def _memory_row(memory: Memory) -> tuple[Any, ...]:
    return (
        memory.user_id,
        memory.deck_id,
        memory.question_id,
        memory.card,
        to_ms(memory.due),
        memory.reviews,
        memory.lapses,
        None if memory.last_review is None else to_ms(memory.last_review),
    )


def _memory(row: Sequence[Any]) -> Memory:
    return Memory(
        user_id=row[0],
        deck_id=row[1],
        question_id=row[2],
        card=row[3],
        due=from_ms(row[4]),
        reviews=row[5],
        lapses=row[6],
        last_review=from_ms_or_none(row[7]),
    )


def _deck_filter(deck_id: str | None) -> str:
    return "" if deck_id is None else " AND deck_id = ?"


def _deck_arg(deck_id: str | None) -> tuple[str, ...]:
    return () if deck_id is None else (deck_id,)


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
        if memory is not None and (memory.user_id, memory.deck_id, memory.question_id) != (
            user_id,
            deck_id,
            question_id,
        ):
            raise ValueError("the memory given is of another member or question")
        answer = (user_id, guild_id, deck_id, question_id, int(right), to_ms(answered_at))
        memory_row = None if memory is None else _memory_row(memory)

        def work(conn: sqlite3.Connection) -> None:
            conn.execute(
                "INSERT INTO practice_answers (user_id, guild_id, deck_id, question_id, correct, answered_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                answer,
            )
            if memory_row is not None:
                conn.execute(_SAVE_MEMORY, memory_row)

        await self._db.write(work)

    async def save_memories(self, memories: Sequence[Memory]) -> None:
        rows = [_memory_row(memory) for memory in memories]
        if rows:
            await self._db.executemany(_SAVE_MEMORY, rows)

    async def question_memories(
        self, deck_id: str, question_id: str, user_ids: Sequence[int]
    ) -> dict[int, Memory]:
        if not user_ids:
            return {}
        marks = ",".join("?" * len(user_ids))
        rows = await self._db.fetchall(
            f"SELECT {_MEMORY_COLUMNS} FROM memories "
            f"WHERE deck_id = ? AND question_id = ? AND user_id IN ({marks})",
            (deck_id, question_id, *user_ids),
        )
        return {row[0]: _memory(row) for row in rows}

    async def memories(self, user_id: int, deck_id: str) -> dict[str, Memory]:
        rows = await self._db.fetchall(
            f"SELECT {_MEMORY_COLUMNS} FROM memories WHERE user_id = ? AND deck_id = ?", (user_id, deck_id)
        )
        return {row[2]: _memory(row) for row in rows}

    async def due_count(self, user_id: int, now: datetime, deck_id: str | None = None) -> int:
        row = await self._db.fetchone(
            f"SELECT COUNT(*) FROM memories WHERE user_id = ? AND due <= ?{_deck_filter(deck_id)}",
            (user_id, to_ms(now), *_deck_arg(deck_id)),
        )
        return int(row[0])

    async def next_due(self, user_id: int, deck_id: str | None = None) -> datetime | None:
        row = await self._db.fetchone(
            f"SELECT min(due) FROM memories WHERE user_id = ?{_deck_filter(deck_id)}",
            (user_id, *_deck_arg(deck_id)),
        )
        return from_ms_or_none(row[0])

    # -- practice sessions ---------------------------------------------------------------------------

    async def start_practice(self, user_id: int, deck_id: str, state: str, now: datetime) -> int:
        at = to_ms(now)
        return await self._db.insert(
            "INSERT INTO practices (user_id, deck_id, state, started_at, updated_at) VALUES (?, ?, ?, ?, ?)",
            (user_id, deck_id, state, at, at),
        )

    async def save_practice(self, practice_id: int, state: str, now: datetime) -> None:
        await self._db.execute(
            "UPDATE practices SET state = ?, updated_at = ? WHERE id = ?", (state, to_ms(now), practice_id)
        )

    async def practice(self, practice_id: int) -> PracticeRecord | None:
        row = await self._db.fetchone(
            "SELECT id, user_id, deck_id, state, updated_at FROM practices WHERE id = ?", (practice_id,)
        )
        if row is None:
            return None
        return PracticeRecord(
            id=row[0], user_id=row[1], deck_id=row[2], state=row[3], updated_at=from_ms(row[4])
        )

    async def end_practice(self, practice_id: int) -> None:
        await self._db.execute("DELETE FROM practices WHERE id = ?", (practice_id,))

    async def forget_practices_before(self, moment: datetime) -> int:
        return await self._db.execute("DELETE FROM practices WHERE updated_at < ?", (to_ms(moment),))
