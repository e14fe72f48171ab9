"""Flagged questions as both engines keep them: a flag's row, and the statements that keep and close flags."""

from __future__ import annotations

from typing import Any

from bot.store.records import FlagRecord
from bot.store.sql.rows import Columns
from bot.store.sql.statement import sql
from bot.store.sql.times import to_ms

FLAG_COLUMNS = Columns(
    FlagRecord, "guild_id, deck_id, question_id, user_id, reason, note, status, flagged_at"
)
CLOSED_STATUSES = ("dismissed", "resolved")


def flag_key(flag: FlagRecord) -> dict[str, Any]:
    """Which member's flag of which question in which server: the values of the flag's row key."""
    return {"guild": flag.guild_id, "deck": flag.deck_id, "question": flag.question_id, "user": flag.user_id}


# A new flag, or a member's flag again: open, with its new reason and note.
SAVE_FLAG = sql(
    "INSERT INTO question_flags (guild_id, deck_id, question_id, user_id, reason, note, status, flagged_at) "
    "VALUES (:guild, :deck, :question, :user, :reason, :note, 'open', :at) "
    "ON CONFLICT (guild_id, deck_id, question_id, user_id) DO UPDATE SET reason = excluded.reason, "
    "note = excluded.note, status = 'open', flagged_at = excluded.flagged_at, closed_at = NULL, closed_by = NULL"
)


def save_flag_values(flag: FlagRecord) -> dict[str, Any]:
    return {**flag_key(flag), "reason": flag.reason, "note": flag.note, "at": to_ms(flag.flagged_at)}


OPEN_FLAGS = sql(
    f"SELECT {FLAG_COLUMNS.text} FROM question_flags WHERE guild_id = :guild AND status = 'open' ORDER BY flagged_at, id"
)
CLOSE_FLAGS = sql(
    "UPDATE question_flags SET status = :status, closed_at = :at, closed_by = :by "
    "WHERE guild_id = :guild AND deck_id = :deck AND question_id = :question AND status = 'open'"
)
# The flag's status before it is saved again (PostgreSQL adds a row lock: see its flags module).
FLAG_STATUS = (
    "SELECT status FROM question_flags "
    "WHERE guild_id = :guild AND deck_id = :deck AND question_id = :question AND user_id = :user"
)
# Read inside the transaction that saves the flag: PostgreSQL's row lock keeps two flags of one member
# from both counting as new (SQLite's BEGIN IMMEDIATE already keeps every other writer out).
LOCKED_FLAG_STATUS = sql(FLAG_STATUS + " FOR UPDATE")
