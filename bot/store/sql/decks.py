"""Uploaded decks as both engines keep them: a deck's row, and the statements that keep, list and forget one."""

from __future__ import annotations

from typing import Any

from bot.store.records import GuildDeckRecord
from bot.store.sql.rows import Columns
from bot.store.sql.statement import sql

GUILD_DECK_COLUMNS = Columns(
    GuildDeckRecord, "guild_id, deck_id, source_name, text, uploaded_by, uploaded_at"
)


# Uploading the same deck id again replaces it.
SAVE_GUILD_DECK = sql(GUILD_DECK_COLUMNS.saving("guild_decks", "guild_id, deck_id"))
# A new deck (made or copied on the dashboard): kept only when the server has no deck of that id yet, so
# two moderators making the same id at once, in any processes, never replace each other's deck.
ADD_GUILD_DECK = sql(
    f"{GUILD_DECK_COLUMNS.inserting('guild_decks')} ON CONFLICT (guild_id, deck_id) DO NOTHING"
)
GUILD_DECKS = sql(
    f"SELECT {GUILD_DECK_COLUMNS.text} FROM guild_decks WHERE guild_id = :guild ORDER BY deck_id"
)
EVERY_GUILD_DECK = sql(f"SELECT {GUILD_DECK_COLUMNS.text} FROM guild_decks ORDER BY guild_id, deck_id")
DELETE_GUILD_DECK = sql("DELETE FROM guild_decks WHERE guild_id = :guild AND deck_id = :deck")


# An approval's save (approve_suggestion_over): the deck replaced only while it is still the one the
# approval read (its file name and text), so a save made meanwhile by another process is never lost.
SAVE_GUILD_DECK_OVER = sql(
    "UPDATE guild_decks SET source_name = :source_name, text = :text, uploaded_by = :uploaded_by, "
    "uploaded_at = :uploaded_at WHERE guild_id = :guild_id AND deck_id = :deck_id "
    "AND source_name = :was_source AND text = :was_text"
)


def guild_deck_over_values(record: GuildDeckRecord, was: GuildDeckRecord) -> dict[str, Any]:
    """SAVE_GUILD_DECK_OVER's values: `record` saved over `was`, the same deck as read before."""
    if (was.guild_id, was.deck_id) != (record.guild_id, record.deck_id):
        raise ValueError(
            f"deck {record.deck_id!r} of server {record.guild_id} cannot be saved over "
            f"{was.deck_id!r} of server {was.guild_id}"
        )
    return {**GUILD_DECK_COLUMNS.values(record), "was_source": was.source_name, "was_text": was.text}
