"""Questions members suggest for a server's deck, and its moderators' review queue."""

from __future__ import annotations

from datetime import datetime

from bot.store.errors import DeckMoved
from bot.store.records import Approval, GuildDeckRecord, SuggestionRecord
from bot.store.sql.decks import (
    GUILD_DECK_COLUMNS,
    SAVE_GUILD_DECK,
    SAVE_GUILD_DECK_OVER,
    guild_deck_over_values,
)
from bot.store.sql.engine import Engine, Step, Transaction, changed, row
from bot.store.sql.suggestions import (
    ADD_SUGGESTION,
    PENDING,
    PENDING_BY_AUTHOR,
    SETTLE,
    SUGGESTION,
    SUGGESTION_COLUMNS,
    SUGGESTION_DECK,
    check_approved_deck,
    check_settled_status,
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
        return SUGGESTION_COLUMNS.record(added)

    async def suggestion(self, suggestion_id: int) -> SuggestionRecord | None:
        return await self._engine.fetch_record(SUGGESTION_COLUMNS, SUGGESTION, id=suggestion_id)

    async def pending_suggestions(
        self, guild_id: int, *, author_id: int | None = None, limit: int = 25
    ) -> list[SuggestionRecord]:
        """A server's suggestions waiting for review (only `author_id`'s, if given), oldest first."""
        if author_id is None:
            return await self._engine.fetch_records(SUGGESTION_COLUMNS, PENDING, guild=guild_id, limit=limit)
        return await self._engine.fetch_records(
            SUGGESTION_COLUMNS, PENDING_BY_AUTHOR, guild=guild_id, author=author_id, limit=limit
        )

    async def settle_suggestion(
        self, suggestion_id: int, status: str, reviewer_id: int, now: datetime, question: str | None = None
    ) -> bool:
        """Approve or reject a pending suggestion; False when it was not pending (settled once)."""
        check_settled_status(status)
        settled = await self._engine.execute(
            SETTLE, status=status, by=reviewer_id, at=to_ms(now), question=question, id=suggestion_id
        )
        return settled > 0

    async def approve_suggestion(self, approval: Approval) -> bool:
        save = changed(SAVE_GUILD_DECK, **GUILD_DECK_COLUMNS.values(approval.deck))
        return await self._approve(approval, save)

    async def approve_suggestion_over(self, approval: Approval, was: GuildDeckRecord) -> bool:
        """On PostgreSQL (read committed) an UPDATE waiting for another's row sees that row once it commits."""
        save = changed(SAVE_GUILD_DECK_OVER, **guild_deck_over_values(approval.deck, was))
        return await self._approve(approval, save)

    async def _approve(self, approval: Approval, save: Step) -> bool:
        refused, deck = self._engine.refused, approval.deck
        settle = changed(
            SETTLE,
            status="approved",
            by=approval.reviewer_id,
            at=to_ms(approval.at),
            question=approval.question,
            id=approval.suggestion_id,
        )

        def work() -> Transaction[bool]:
            check_approved_deck((yield row(SUGGESTION_DECK, id=approval.suggestion_id)), deck)
            if (yield settle) == 0:
                return False
            try:
                saved = yield save
            except refused as exc:  # rolled back whole by the transaction, approval too
                raise ValueError(f"the deck {deck.deck_id!r} was refused: {exc}") from exc
            if saved == 0:  # rolled back whole: the approval waits for the deck as it is now
                raise DeckMoved(f"server {deck.guild_id}'s deck {deck.deck_id!r} changed since it was read")
            return True

        return await self._engine.write(work)
