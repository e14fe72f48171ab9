"""The web dashboard's row shapes, shared by both engines: sessions and the audit log."""

from __future__ import annotations

import json

from bot.store.records import AuditEntry, WebGuild, WebSession
from bot.store.sql.rounds import ROUND_COLUMNS
from bot.store.sql.rows import Columns, Kept
from bot.store.sql.statement import sql


def _guilds_text(guilds: tuple[WebGuild, ...]) -> str:
    return json.dumps([[str(g.id), g.name, g.icon] for g in guilds], ensure_ascii=False)


def _guilds(text: str) -> tuple[WebGuild, ...]:
    """The listed servers; a session saved before icons were kept has [id, name] pairs."""
    return tuple(
        WebGuild(int(row[0]), str(row[1]), str(row[2]) if len(row) > 2 and row[2] else None)
        for row in json.loads(text)
    )


SESSION_COLUMNS = Columns(
    WebSession,
    "id_hash, user_id, user_name, guilds, created_at, expires_at",
    kept={"guilds": Kept(_guilds, _guilds_text)},
)
AUDIT_COLUMNS = Columns(AuditEntry, "id, guild_id, user_id, user_name, at, action, detail")
# An entry not yet kept: the table gives its id.
NEW_AUDIT_COLUMNS = Columns(AuditEntry, "guild_id, user_id, user_name, at, action, detail")
# "Log out everywhere": every browser's session of one member.
END_MEMBER_SESSIONS = sql("DELETE FROM web_sessions WHERE user_id = :user")


# Written once for both engines (rendered by bot.store.sql.statement).
CLAIM_META = sql("INSERT INTO meta (key, value) VALUES (:key, :value) ON CONFLICT (key) DO NOTHING")
META_VALUE = sql("SELECT value FROM meta WHERE key = :key")
# A row of SESSION_COLUMNS.
SAVE_SESSION = sql(
    f"{SESSION_COLUMNS.inserting('web_sessions')} "
    "ON CONFLICT (id_hash) DO UPDATE SET guilds = excluded.guilds, expires_at = excluded.expires_at"
)
SESSION = sql(
    f"SELECT {SESSION_COLUMNS.text} FROM web_sessions WHERE id_hash = :id_hash AND expires_at > :now"
)
END_SESSION = sql("DELETE FROM web_sessions WHERE id_hash = :id_hash")
FORGET_SESSIONS = sql("DELETE FROM web_sessions WHERE expires_at <= :moment")
# A row of NEW_AUDIT_COLUMNS.
ADD_AUDIT = sql(f"{NEW_AUDIT_COLUMNS.inserting('web_audit')} RETURNING {AUDIT_COLUMNS.text}")
AUDIT_LOG = sql(
    f"SELECT {AUDIT_COLUMNS.text} FROM web_audit WHERE guild_id = :guild AND id < :before ORDER BY id DESC LIMIT :limit"
)
# The table's name qualifies the column: PostgreSQL reads a bare `version` as ambiguous there.
BUMP_DECK_VERSION = sql(
    "INSERT INTO deck_versions (guild_id, version) VALUES (:guild, 1) "
    "ON CONFLICT (guild_id) DO UPDATE SET version = deck_versions.version + 1 RETURNING version"
)
DECK_VERSION = sql("SELECT version FROM deck_versions WHERE guild_id = :guild")
# The list's filters take plain values, never NULL (the engines type a NULL parameter apart): the whole
# of time (0 to NO_LIMIT), deck '' for every deck, member 0 for everyone. A member's rounds are those they
# answered in (answers_by_member serves it); rounds_by_guild serves the rest.
GUILD_ROUNDS = sql(
    f"SELECT {ROUND_COLUMNS.text} FROM rounds WHERE guild_id = :guild AND id < :before "
    "AND started_at >= :since AND started_at < :until AND (CAST(:deck AS TEXT) = '' OR deck_id = :deck) "
    "AND (CAST(:member AS BIGINT) = 0 OR id IN "
    "(SELECT round_id FROM answers WHERE user_id = :member AND guild_id = :guild)) "
    "ORDER BY id DESC LIMIT :limit"
)
# Who has answered in the server's rounds, the latest to play first (board_totals: one row per member).
GUILD_PLAYERS = sql(
    "SELECT user_id FROM board_totals WHERE guild_id = :guild AND deck_id = '' "
    "ORDER BY last_at DESC, user_id LIMIT :limit"
)
MEMBER_GUILDS = sql("SELECT DISTINCT guild_id FROM answers WHERE user_id = :user ORDER BY guild_id")
# Before no id: the newest page.
NO_LIMIT = 2**62
