"""Practice answers, spaced-repetition memories and uploaded decks on PostgreSQL."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import asyncpg

from bot.store.postgres.connection import Connected, affected
from bot.store.postgres.rows import MEMORY_COLUMNS, memory, memory_row, ms, time, time_or_none
from bot.store.records import GuildDeckRecord, Memory

_SAVE_MEMORY = (
    f"INSERT INTO memories ({MEMORY_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) "
    "ON CONFLICT (user_id, deck_id, question_id) DO UPDATE SET card = excluded.card, due = excluded.due, "
    "reviews = excluded.reviews, lapses = excluded.lapses, last_review = excluded.last_review"
)


class Practice(Connected):
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
        if memory is not None and (memory.user_id, memory.deck_id, memory.question_id) != (
            user_id,
            deck_id,
            question_id,
        ):
            raise ValueError("the memory given is of another member or question")
        saved = None if memory is None else memory_row(memory)

        async def work(conn: asyncpg.Connection) -> None:
            await conn.execute(
                "INSERT INTO practice_answers (user_id, guild_id, deck_id, question_id, correct, answered_at) "
                "VALUES ($1, $2, $3, $4, $5, $6)",
                user_id,
                guild_id,
                deck_id,
                question_id,
                int(right),
                ms(answered_at),
            )
            if saved is not None:
                await conn.execute(_SAVE_MEMORY, *saved)

        await self._write(work)

    async def save_memories(self, memories: Sequence[Memory]) -> None:
        """Upsert many memories in one transaction (a round's reviews, written at each reveal)."""
        rows = [memory_row(m) for m in memories]
        if rows:
            await self._write(lambda conn: conn.executemany(_SAVE_MEMORY, rows))

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
        return {row[0]: memory(row) for row in rows}

    async def memories(self, user_id: int, deck_id: str) -> dict[str, Memory]:
        """The member's memory of each question of the deck they have met, by question id."""
        rows = await self._fetch(
            f"SELECT {MEMORY_COLUMNS} FROM memories WHERE user_id = $1 AND deck_id = $2", user_id, deck_id
        )
        return {row[2]: memory(row) for row in rows}

    async def due_count(self, user_id: int, now: datetime, deck_id: str | None = None) -> int:
        """How many of the member's questions are due for review at `now`."""
        row = await self._fetchrow(
            "SELECT COUNT(*) FROM memories WHERE user_id = $1 AND due <= $2 AND ($3::text IS NULL OR deck_id = $3)",
            user_id,
            ms(now),
            deck_id,
        )
        assert row is not None
        return int(row[0])

    async def next_due(self, user_id: int, deck_id: str | None = None) -> datetime | None:
        """When the member's next review falls due (may be in the past); None with nothing to review."""
        row = await self._fetchrow(
            "SELECT min(due) FROM memories WHERE user_id = $1 AND ($2::text IS NULL OR deck_id = $2)",
            user_id,
            deck_id,
        )
        assert row is not None
        return time_or_none(row[0])


class Decks(Connected):
    async def save_guild_deck(self, record: GuildDeckRecord) -> None:
        """Keep an uploaded deck; uploading the same deck id again replaces it."""
        r = record
        await self._execute(
            "INSERT INTO guild_decks (guild_id, deck_id, source_name, text, uploaded_by, uploaded_at) "
            "VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (guild_id, deck_id) DO UPDATE SET "
            "source_name = excluded.source_name, text = excluded.text, uploaded_by = excluded.uploaded_by, "
            "uploaded_at = excluded.uploaded_at",
            r.guild_id,
            r.deck_id,
            r.source_name,
            r.text,
            r.uploaded_by,
            ms(r.uploaded_at),
        )

    async def guild_decks(self, guild_id: int | None = None) -> list[GuildDeckRecord]:
        """The server's uploaded decks (every server's when None), by server then deck id."""
        rows = await self._fetch(
            "SELECT guild_id, deck_id, source_name, text, uploaded_by, uploaded_at FROM guild_decks "
            "WHERE $1::bigint IS NULL OR guild_id = $1 ORDER BY guild_id, deck_id",
            guild_id,
        )
        return [GuildDeckRecord(g, d, s, t, u, time(at)) for g, d, s, t, u, at in rows]

    async def delete_guild_deck(self, guild_id: int, deck_id: str) -> bool:
        """Forget an uploaded deck; False when there was none. Scores earned with it stay."""
        status = await self._execute(
            "DELETE FROM guild_decks WHERE guild_id = $1 AND deck_id = $2", guild_id, deck_id
        )
        return affected(status) > 0
