"""The web dashboard's row shapes, shared by both engines: sessions and the audit log."""

from __future__ import annotations

import json

from bot.store.records import AuditEntry, WebGuild, WebSession
from bot.store.sql.rounds import ROUND_COLUMNS
from bot.store.sql.statement import sql
from bot.store.sql.times import from_ms, to_ms

SESSION_COLUMNS = "id_hash, user_id, user_name, guilds, created_at, expires_at"
AUDIT_COLUMNS = "id, guild_id, user_id, user_name, at, action, detail"
# "Log out everywhere": every browser's session of one member.
END_MEMBER_SESSIONS = sql("DELETE FROM web_sessions WHERE user_id = :user")


def guilds_text(guilds: tuple[WebGuild, ...]) -> str:
    return json.dumps([[str(g.id), g.name] for g in guilds], ensure_ascii=False)


def session_record(row: tuple[object, ...]) -> WebSession:
    id_hash, user_id, user_name, guilds, created, expires = row
    listed = tuple(WebGuild(int(i), str(n)) for i, n in json.loads(str(guilds)))
    return WebSession(
        str(id_hash),
        int(str(user_id)),
        str(user_name),
        listed,
        from_ms(int(str(created))),
        from_ms(int(str(expires))),
    )


def session_row(session: WebSession) -> tuple[object, ...]:
    return (
        session.id_hash,
        session.user_id,
        session.user_name,
        guilds_text(session.guilds),
        to_ms(session.created_at),
        to_ms(session.expires_at),
    )


def audit_record(row: tuple[object, ...]) -> AuditEntry:
    i, g, u, name, at, action, detail = row
    return AuditEntry(
        int(str(g)), int(str(u)), str(name), from_ms(int(str(at))), str(action), str(detail), int(str(i))
    )


def audit_row(entry: AuditEntry) -> tuple[object, ...]:
    """guild_id, user_id, user_name, at, action, detail."""
    return (entry.guild_id, entry.user_id, entry.user_name, to_ms(entry.at), entry.action, entry.detail)


# Written once for both engines (rendered by bot.store.sql.statement).
CLAIM_META = sql("INSERT INTO meta (key, value) VALUES (:key, :value) ON CONFLICT (key) DO NOTHING")
META_VALUE = sql("SELECT value FROM meta WHERE key = :key")
# A session row in session_row's order.
SAVE_SESSION = sql(
    f"INSERT INTO web_sessions ({SESSION_COLUMNS}) VALUES (:id_hash, :user, :name, :guilds, :created, :expires) "
    "ON CONFLICT (id_hash) DO UPDATE SET guilds = excluded.guilds, expires_at = excluded.expires_at"
)
SESSION = sql(f"SELECT {SESSION_COLUMNS} FROM web_sessions WHERE id_hash = :id_hash AND expires_at > :now")
END_SESSION = sql("DELETE FROM web_sessions WHERE id_hash = :id_hash")
FORGET_SESSIONS = sql("DELETE FROM web_sessions WHERE expires_at <= :moment")
# An audit row in audit_row's order.
ADD_AUDIT = sql(
    "INSERT INTO web_audit (guild_id, user_id, user_name, at, action, detail) "
    f"VALUES (:guild, :user, :name, :at, :action, :detail) RETURNING {AUDIT_COLUMNS}"
)
AUDIT_LOG = sql(
    f"SELECT {AUDIT_COLUMNS} FROM web_audit WHERE guild_id = :guild AND id < :before ORDER BY id DESC LIMIT :limit"
)
# The table's name qualifies the column: PostgreSQL reads a bare `version` as ambiguous there.
BUMP_DECK_VERSION = sql(
    "INSERT INTO deck_versions (guild_id, version) VALUES (:guild, 1) "
    "ON CONFLICT (guild_id) DO UPDATE SET version = deck_versions.version + 1 RETURNING version"
)
DECK_VERSION = sql("SELECT version FROM deck_versions WHERE guild_id = :guild")
GUILD_ROUNDS = sql(
    f"SELECT {ROUND_COLUMNS.text} FROM rounds WHERE guild_id = :guild AND id < :before ORDER BY id DESC LIMIT :limit"
)
MEMBER_GUILDS = sql("SELECT DISTINCT guild_id FROM answers WHERE user_id = :user ORDER BY guild_id")
# Before no id: the newest page.
NO_LIMIT = 2**62
