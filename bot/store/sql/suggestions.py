"""Suggested questions as both engines keep them: a suggestion's row, and the statements of its review queue."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.store.records import GuildDeckRecord, SuggestionRecord
from bot.store.sql.rows import Columns
from bot.store.sql.statement import sql

SUGGESTION_COLUMNS = Columns(
    SuggestionRecord, "id, guild_id, deck_id, author_id, question, status, created_at, reviewed_by"
)
SETTLED_STATUSES = ("approved", "rejected")


ADD_SUGGESTION = sql(
    "INSERT INTO suggestions (guild_id, deck_id, author_id, question, created_at) "
    f"VALUES (:guild, :deck, :author, :question, :at) RETURNING {SUGGESTION_COLUMNS.text}"
)
SUGGESTION = sql(f"SELECT {SUGGESTION_COLUMNS.text} FROM suggestions WHERE id = :id")
PENDING = sql(
    f"SELECT {SUGGESTION_COLUMNS.text} FROM suggestions WHERE guild_id = :guild AND status = 'pending' "
    "ORDER BY id LIMIT :limit"
)
PENDING_BY_AUTHOR = sql(
    f"SELECT {SUGGESTION_COLUMNS.text} FROM suggestions WHERE guild_id = :guild AND status = 'pending' "
    "AND author_id = :author ORDER BY id LIMIT :limit"
)
# Only a pending suggestion changes: two moderators answering at once settle it once.
SETTLE = sql(
    "UPDATE suggestions SET status = :status, reviewed_by = :by, reviewed_at = :at, "
    "question = coalesce(:question, question) WHERE id = :id AND status = 'pending'"
)


def check_settled_status(status: str) -> None:
    if status not in SETTLED_STATUSES:
        raise ValueError(f"a suggestion is approved or rejected, not {status!r}")


def check_approved_deck(suggested: Sequence[Any] | None, deck: GuildDeckRecord) -> None:
    """ValueError when the deck saved with an approval is not the suggestion's (SUGGESTION_DECK's row)."""
    if suggested is not None and tuple(suggested) != (deck.guild_id, deck.deck_id):
        raise ValueError(
            f"a suggestion for {suggested[1]!r} of server {suggested[0]} cannot be approved into "
            f"{deck.deck_id!r} of server {deck.guild_id}"
        )


SUGGESTION_DECK = sql("SELECT guild_id, deck_id FROM suggestions WHERE id = :id")
