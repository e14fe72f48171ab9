"""The web dashboard's row shapes, shared by both engines: sessions and the audit log."""

from __future__ import annotations

import json

from bot.store.records import AuditEntry, WebGuild, WebSession
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
