"""Questions members suggest for a server's deck, and its moderators' review queue."""

from __future__ import annotations

from datetime import datetime

from bot.store.records import GuildDeckRecord, SuggestionRecord
from bot.store.sql.decks import SAVE_GUILD_DECK, guild_deck_values
from bot.store.sql.engine import Engine, Transaction, changed, row
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


class SharedSuggestions:
    _engine: Engine

    async def add_suggestion(
        self, guild_id: int, deck_id: str, author_id: int, question: str, now: datetime
    ) -> SuggestionRecord:
        """Queue a member's suggested question for review; its id comes from the database."""
        values = {
            "guild": guild_id,
            "deck": deck_id,
            "author": author_id,
            "question": question,
            "at": to_ms(now),
        }
        added = await self._engine.fetch_one(ADD_SUGGESTION, **values)
        assert added is not None
        return suggestion_record(added)

    async def suggestion(self, suggestion_id: int) -> SuggestionRecord | None:
        found = await self._engine.fetch_one(SUGGESTION, id=suggestion_id)
        return None if found is None else suggestion_record(found)

    async def pending_suggestions(
        self, guild_id: int, *, author_id: int | None = None, limit: int = 25
    ) -> list[SuggestionRecord]:
        """A server's suggestions waiting for review (only `author_id`'s, if given), oldest first."""
        if author_id is None:
            found = await self._engine.fetch_all(PENDING, guild=guild_id, limit=limit)
        else:
            found = await self._engine.fetch_all(
                PENDING_BY_AUTHOR, guild=guild_id, author=author_id, limit=limit
            )
        return [suggestion_record(r) for r in found]

    async def settle_suggestion(
        self, suggestion_id: int, status: str, reviewer_id: int, now: datetime, question: str | None = None
    ) -> bool:
        """Approve or reject a pending suggestion; False when it was not pending (settled once)."""
        check_settled_status(status)
        settled = await self._engine.execute(
            SETTLE, status=status, by=reviewer_id, at=to_ms(now), question=question, id=suggestion_id
        )
        return settled > 0

    async def approve_suggestion(
        self, suggestion_id: int, reviewer_id: int, now: datetime, question: str, deck: GuildDeckRecord
    ) -> bool:
        """Approve a pending suggestion and save its deck, in one transaction (see the Store interface)."""
        refused = self._engine.refused

        def work() -> Transaction[bool]:
            check_approved_deck((yield row(SUGGESTION_DECK, id=suggestion_id)), deck)
            settle = changed(
                SETTLE, status="approved", by=reviewer_id, at=to_ms(now), question=question, id=suggestion_id
            )
            if (yield settle) == 0:
                return False
            try:
                yield changed(SAVE_GUILD_DECK, **guild_deck_values(deck))
            except refused as exc:  # rolled back whole by the transaction, approval too
                raise ValueError(f"the deck {deck.deck_id!r} was refused: {exc}") from exc
            return True

        return await self._engine.write(work)
