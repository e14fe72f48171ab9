"""The web dashboard's sessions, audit log, deck versions, and the lists its pages read, on PostgreSQL."""

from __future__ import annotations

from datetime import datetime

import asyncpg

from bot.store.postgres.connection import Connected, affected
from bot.store.records import AuditEntry, RoundRecord, WebSession
from bot.store.sql.rounds import ROUND_COLUMNS, round_record
from bot.store.sql.times import to_ms
from bot.store.sql.web import (
    AUDIT_COLUMNS,
    END_MEMBER_SESSIONS,
    SESSION_COLUMNS,
    audit_record,
    audit_row,
    session_record,
    session_row,
)

_NO_LIMIT = 2**62


class PostgresWeb(Connected):
    async def claim_meta(self, key: str, value: str) -> str:
        async def claim(conn: asyncpg.Connection) -> str:
            await conn.execute(
                "INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING", key, value
            )
            return str(await conn.fetchval("SELECT value FROM meta WHERE key = $1", key))

        return await self._write(claim)

    # -- sessions ------------------------------------------------------------------------------------

    async def save_web_session(self, session: WebSession) -> None:
        await self._execute(
            f"INSERT INTO web_sessions ({SESSION_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6) "
            "ON CONFLICT (id_hash) DO UPDATE SET guilds = excluded.guilds, expires_at = excluded.expires_at",
            *session_row(session),
        )

    async def web_session(self, id_hash: str, now: datetime) -> WebSession | None:
        row = await self._fetchrow(
            f"SELECT {SESSION_COLUMNS} FROM web_sessions WHERE id_hash = $1 AND expires_at > $2",
            id_hash,
            to_ms(now),
        )
        return None if row is None else session_record(tuple(row))

    async def end_web_session(self, id_hash: str) -> bool:
        return affected(await self._execute("DELETE FROM web_sessions WHERE id_hash = $1", id_hash)) > 0

    async def forget_web_sessions_before(self, moment: datetime) -> int:
        return affected(await self._execute("DELETE FROM web_sessions WHERE expires_at <= $1", to_ms(moment)))

    async def end_member_web_sessions(self, user_id: int) -> int:
        return affected(await self._execute(*END_MEMBER_SESSIONS.postgres(user=user_id)))

    # -- audit log -----------------------------------------------------------------------------------

    async def add_audit(self, entry: AuditEntry) -> AuditEntry:
        row = await self._fetchrow(
            "INSERT INTO web_audit (guild_id, user_id, user_name, at, action, detail) "
            f"VALUES ($1, $2, $3, $4, $5, $6) RETURNING {AUDIT_COLUMNS}",
            *audit_row(entry),
        )
        assert row is not None
        return audit_record(tuple(row))

    async def audit_log(
        self, guild_id: int, *, limit: int = 50, before_id: int | None = None
    ) -> list[AuditEntry]:
        rows = await self._fetch(
            f"SELECT {AUDIT_COLUMNS} FROM web_audit WHERE guild_id = $1 AND id < $2 ORDER BY id DESC LIMIT $3",
            guild_id,
            before_id if before_id is not None else _NO_LIMIT,
            limit,
        )
        return [audit_record(tuple(row)) for row in rows]

    # -- deck versions -------------------------------------------------------------------------------

    async def bump_deck_version(self, guild_id: int) -> int:
        row = await self._fetchrow(
            "INSERT INTO deck_versions (guild_id, version) VALUES ($1, 1) "
            "ON CONFLICT (guild_id) DO UPDATE SET version = deck_versions.version + 1 RETURNING version",
            guild_id,
        )
        assert row is not None
        return int(row[0])

    async def deck_version(self, guild_id: int) -> int:
        row = await self._fetchrow("SELECT version FROM deck_versions WHERE guild_id = $1", guild_id)
        return 0 if row is None else int(row[0])

    # -- lists the pages read ------------------------------------------------------------------------

    async def guild_rounds(
        self, guild_id: int, *, limit: int = 25, before_id: int | None = None
    ) -> list[RoundRecord]:
        rows = await self._fetch(
            f"SELECT {ROUND_COLUMNS} FROM rounds WHERE guild_id = $1 AND id < $2 ORDER BY id DESC LIMIT $3",
            guild_id,
            before_id if before_id is not None else _NO_LIMIT,
            limit,
        )
        return [round_record(tuple(row)) for row in rows]

    async def member_guilds(self, user_id: int) -> list[int]:
        rows = await self._fetch(
            "SELECT DISTINCT guild_id FROM answers WHERE user_id = $1 ORDER BY guild_id", user_id
        )
        return [int(row[0]) for row in rows]
