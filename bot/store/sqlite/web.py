"""SQLite: the web dashboard's sessions, audit log, deck versions, and the lists its pages read."""

from __future__ import annotations

import sqlite3
from datetime import datetime

from bot.store.records import AuditEntry, RoundRecord, WebSession
from bot.store.sql import web as W
from bot.store.sql.rounds import round_record
from bot.store.sql.times import to_ms
from bot.store.sql.web import audit_record, audit_row, session_record, session_row
from bot.store.sqlite.connection import Database


class SqliteWeb:
    _db: Database

    async def claim_meta(self, key: str, value: str) -> str:
        def claim(conn: sqlite3.Connection) -> str:
            conn.execute(*W.CLAIM_META.sqlite(key=key, value=value))
            return str(conn.execute(*W.META_VALUE.sqlite(key=key)).fetchone()[0])

        return await self._db.write(claim)

    # -- sessions ------------------------------------------------------------------------------------

    async def save_web_session(self, session: WebSession) -> None:
        await self._db.execute(W.SAVE_SESSION.sqlite_numbered, session_row(session))

    async def web_session(self, id_hash: str, now: datetime) -> WebSession | None:
        row = await self._db.fetchone(*W.SESSION.sqlite(id_hash=id_hash, now=to_ms(now)))
        return None if row is None else session_record(row)

    async def end_web_session(self, id_hash: str) -> bool:
        return await self._db.execute(*W.END_SESSION.sqlite(id_hash=id_hash)) > 0

    async def forget_web_sessions_before(self, moment: datetime) -> int:
        return await self._db.execute(*W.FORGET_SESSIONS.sqlite(moment=to_ms(moment)))

    async def end_member_web_sessions(self, user_id: int) -> int:
        return await self._db.execute(*W.END_MEMBER_SESSIONS.sqlite(user=user_id))

    # -- audit log -----------------------------------------------------------------------------------

    async def add_audit(self, entry: AuditEntry) -> AuditEntry:
        row = await self._db.fetchone(W.ADD_AUDIT.sqlite_numbered, audit_row(entry))
        return audit_record(row)

    async def audit_log(
        self, guild_id: int, *, limit: int = 50, before_id: int | None = None
    ) -> list[AuditEntry]:
        before = before_id if before_id is not None else W.NO_LIMIT
        rows = await self._db.fetchall(*W.AUDIT_LOG.sqlite(guild=guild_id, before=before, limit=limit))
        return [audit_record(row) for row in rows]

    # -- deck versions -------------------------------------------------------------------------------

    async def bump_deck_version(self, guild_id: int) -> int:
        def bump(conn: sqlite3.Connection) -> int:
            return int(conn.execute(*W.BUMP_DECK_VERSION.sqlite(guild=guild_id)).fetchone()[0])

        return await self._db.write(bump)

    async def deck_version(self, guild_id: int) -> int:
        row = await self._db.fetchone(*W.DECK_VERSION.sqlite(guild=guild_id))
        return 0 if row is None else int(row[0])

    # -- lists the pages read ------------------------------------------------------------------------

    async def guild_rounds(
        self, guild_id: int, *, limit: int = 25, before_id: int | None = None
    ) -> list[RoundRecord]:
        before = before_id if before_id is not None else W.NO_LIMIT
        rows = await self._db.fetchall(*W.GUILD_ROUNDS.sqlite(guild=guild_id, before=before, limit=limit))
        return [round_record(row) for row in rows]

    async def member_guilds(self, user_id: int) -> list[int]:
        rows = await self._db.fetchall(*W.MEMBER_GUILDS.sqlite(user=user_id))
        return [int(row[0]) for row in rows]
