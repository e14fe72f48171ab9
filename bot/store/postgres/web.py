"""The web dashboard's sessions, audit log, deck versions, and the lists its pages read, on PostgreSQL."""

from __future__ import annotations

from datetime import datetime

import asyncpg

from bot.store.postgres.connection import Connected
from bot.store.postgres.engine import affected
from bot.store.records import AuditEntry, RoundRecord, WebSession
from bot.store.sql import web as W
from bot.store.sql.rounds import round_record
from bot.store.sql.times import to_ms
from bot.store.sql.web import audit_record, audit_row, session_record, session_row


class PostgresWeb(Connected):
    async def claim_meta(self, key: str, value: str) -> str:
        async def claim(conn: asyncpg.Connection) -> str:
            await conn.execute(*W.CLAIM_META.postgres(key=key, value=value))
            return str(await conn.fetchval(*W.META_VALUE.postgres(key=key)))

        return await self._write(claim)

    # -- sessions ------------------------------------------------------------------------------------

    async def save_web_session(self, session: WebSession) -> None:
        await self._execute(W.SAVE_SESSION.postgres_text, *session_row(session))

    async def web_session(self, id_hash: str, now: datetime) -> WebSession | None:
        row = await self._fetchrow(*W.SESSION.postgres(id_hash=id_hash, now=to_ms(now)))
        return None if row is None else session_record(tuple(row))

    async def end_web_session(self, id_hash: str) -> bool:
        return affected(await self._execute(*W.END_SESSION.postgres(id_hash=id_hash))) > 0

    async def forget_web_sessions_before(self, moment: datetime) -> int:
        return affected(await self._execute(*W.FORGET_SESSIONS.postgres(moment=to_ms(moment))))

    async def end_member_web_sessions(self, user_id: int) -> int:
        return affected(await self._execute(*W.END_MEMBER_SESSIONS.postgres(user=user_id)))

    # -- audit log -----------------------------------------------------------------------------------

    async def add_audit(self, entry: AuditEntry) -> AuditEntry:
        row = await self._fetchrow(W.ADD_AUDIT.postgres_text, *audit_row(entry))
        assert row is not None
        return audit_record(tuple(row))

    async def audit_log(
        self, guild_id: int, *, limit: int = 50, before_id: int | None = None
    ) -> list[AuditEntry]:
        before = before_id if before_id is not None else W.NO_LIMIT
        rows = await self._fetch(*W.AUDIT_LOG.postgres(guild=guild_id, before=before, limit=limit))
        return [audit_record(tuple(row)) for row in rows]

    # -- deck versions -------------------------------------------------------------------------------

    async def bump_deck_version(self, guild_id: int) -> int:
        row = await self._fetchrow(*W.BUMP_DECK_VERSION.postgres(guild=guild_id))
        assert row is not None
        return int(row[0])

    async def deck_version(self, guild_id: int) -> int:
        row = await self._fetchrow(*W.DECK_VERSION.postgres(guild=guild_id))
        return 0 if row is None else int(row[0])

    # -- lists the pages read ------------------------------------------------------------------------

    async def guild_rounds(
        self, guild_id: int, *, limit: int = 25, before_id: int | None = None
    ) -> list[RoundRecord]:
        before = before_id if before_id is not None else W.NO_LIMIT
        rows = await self._fetch(*W.GUILD_ROUNDS.postgres(guild=guild_id, before=before, limit=limit))
        return [round_record(tuple(row)) for row in rows]

    async def member_guilds(self, user_id: int) -> list[int]:
        rows = await self._fetch(*W.MEMBER_GUILDS.postgres(user=user_id))
        return [int(row[0]) for row in rows]
