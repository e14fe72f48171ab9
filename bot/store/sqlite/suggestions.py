"""SQLite: questions members suggest for a server's deck, and its moderators' review queue."""

from __future__ import annotations

import sqlite3
from datetime import datetime

from bot.store.records import GuildDeckRecord, SuggestionRecord
from bot.store.sql.decks import SAVE_GUILD_DECK, guild_deck_values
from bot.store.sql.suggestions import (
    ADD_SUGGESTION,
    PENDING,
    PENDING_BY_AUTHOR,
    SETTLE,
    SUGGESTION,
    SUGGESTION_DECK,
    check_approved_deck,
    check_settled_status,
    suggestion_record,
)
from bot.store.sql.times import to_ms
from bot.store.sqlite.connection import Database


class SqliteSuggestions:
    _db: Database

    async def add_suggestion(
        self, guild_id: int, deck_id: str, author_id: int, question: str, now: datetime
    ) -> SuggestionRecord:
        values = {
            "guild": guild_id,
            "deck": deck_id,
            "author": author_id,
            "question": question,
            "at": to_ms(now),
        }
        (row,) = await self._db.write(lambda conn: conn.execute(*ADD_SUGGESTION.sqlite(**values)).fetchall())
        return suggestion_record(row)

    async def suggestion(self, suggestion_id: int) -> SuggestionRecord | None:
        row = await self._db.fetchone(*SUGGESTION.sqlite(id=suggestion_id))
        return None if row is None else suggestion_record(row)

    async def pending_suggestions(
        self, guild_id: int, *, author_id: int | None = None, limit: int = 25
    ) -> list[SuggestionRecord]:
        if author_id is None:
            rows = await self._db.fetchall(*PENDING.sqlite(guild=guild_id, limit=limit))
        else:
            rows = await self._db.fetchall(
                *PENDING_BY_AUTHOR.sqlite(guild=guild_id, author=author_id, limit=limit)
            )
        return [suggestion_record(row) for row in rows]

    async def settle_suggestion(
        self, suggestion_id: int, status: str, reviewer_id: int, now: datetime, question: str | None = None
    ) -> bool:
        check_settled_status(status)
        changed = await self._db.execute(
            *SETTLE.sqlite(status=status, by=reviewer_id, at=to_ms(now), question=question, id=suggestion_id)
        )
        return changed > 0

    async def approve_suggestion(
        self, suggestion_id: int, reviewer_id: int, now: datetime, question: str, deck: GuildDeckRecord
    ) -> bool:
        settle = SETTLE.sqlite(
            status="approved", by=reviewer_id, at=to_ms(now), question=question, id=suggestion_id
        )
        save = SAVE_GUILD_DECK.sqlite(**guild_deck_values(deck))

        def work(conn: sqlite3.Connection) -> bool:
            check_approved_deck(conn.execute(*SUGGESTION_DECK.sqlite(id=suggestion_id)).fetchone(), deck)
            if conn.execute(*settle).rowcount == 0:
                return False
            try:
                conn.execute(*save)
            except sqlite3.IntegrityError as exc:  # rolled back whole by the transaction, approval too
                raise ValueError(f"the deck {deck.deck_id!r} was refused: {exc}") from exc
            return True

        return await self._db.write(work)
