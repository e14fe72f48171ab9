"""SQLite: the web dashboard's sessions, audit log, deck versions, and the lists its pages read."""

from __future__ import annotations

import sqlite3
from datetime import datetime

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
from bot.store.sqlite.connection import Database


class SqliteWeb:
    _db: Database

    async def claim_meta(self, key: str, value: str) -> str:
        def claim(conn: sqlite3.Connection) -> str:
            conn.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING", (key, value)
            )
            return str(conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()[0])

        return await self._db.write(claim)

    # -- sessions ------------------------------------------------------------------------------------

    async def save_web_session(self, session: WebSession) -> None:
        await self._db.execute(
            f"INSERT INTO web_sessions ({SESSION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (id_hash) DO UPDATE SET guilds = excluded.guilds, expires_at = excluded.expires_at",
            session_row(session),
        )

    async def web_session(self, id_hash: str, now: datetime) -> WebSession | None:
        row = await self._db.fetchone(
            f"SELECT {SESSION_COLUMNS} FROM web_sessions WHERE id_hash = ? AND expires_at > ?",
            (id_hash, to_ms(now)),
        )
        return None if row is None else session_record(row)

    async def end_web_session(self, id_hash: str) -> bool:
        return await self._db.execute("DELETE FROM web_sessions WHERE id_hash = ?", (id_hash,)) > 0

    async def forget_web_sessions_before(self, moment: datetime) -> int:
        return await self._db.execute("DELETE FROM web_sessions WHERE expires_at <= ?", (to_ms(moment),))

    async def end_member_web_sessions(self, user_id: int) -> int:
        return await self._db.execute(*END_MEMBER_SESSIONS.sqlite(user=user_id))

    # -- audit log -----------------------------------------------------------------------------------

    async def add_audit(self, entry: AuditEntry) -> AuditEntry:
        row = await self._db.fetchone(
            "INSERT INTO web_audit (guild_id, user_id, user_name, at, action, detail) VALUES (?, ?, ?, ?, ?, ?) "
            "RETURNING id",
            audit_row(entry),
        )
        return audit_record((row[0], *audit_row(entry)))

    async def audit_log(
        self, guild_id: int, *, limit: int = 50, before_id: int | None = None
    ) -> list[AuditEntry]:
        rows = await self._db.fetchall(
            f"SELECT {AUDIT_COLUMNS} FROM web_audit WHERE guild_id = ? AND id < ? ORDER BY id DESC LIMIT ?",
            (guild_id, before_id if before_id is not None else 2**62, limit),
        )
        return [audit_record(row) for row in rows]

    # -- deck versions -------------------------------------------------------------------------------

    async def bump_deck_version(self, guild_id: int) -> int:
        def bump(conn: sqlite3.Connection) -> int:
            row = conn.execute(
                "INSERT INTO deck_versions (guild_id, version) VALUES (?, 1) "
                "ON CONFLICT (guild_id) DO UPDATE SET version = version + 1 RETURNING version",
                (guild_id,),
            ).fetchone()
            return int(row[0])

        return await self._db.write(bump)

    async def deck_version(self, guild_id: int) -> int:
        row = await self._db.fetchone("SELECT version FROM deck_versions WHERE guild_id = ?", (guild_id,))
        return 0 if row is None else int(row[0])

    # -- lists the pages read ------------------------------------------------------------------------

    async def guild_rounds(
        self, guild_id: int, *, limit: int = 25, before_id: int | None = None
    ) -> list[RoundRecord]:
        rows = await self._db.fetchall(
            f"SELECT {ROUND_COLUMNS} FROM rounds WHERE guild_id = ? AND id < ? ORDER BY id DESC LIMIT ?",
            (guild_id, before_id if before_id is not None else 2**62, limit),
        )
        return [round_record(row) for row in rows]

    async def member_guilds(self, user_id: int) -> list[int]:
        rows = await self._db.fetchall(
            "SELECT DISTINCT guild_id FROM answers WHERE user_id = ? ORDER BY guild_id", (user_id,)
        )
        return [int(row[0]) for row in rows]
