"""The web dashboard's sessions, audit log, deck versions, and the lists its pages read."""

from __future__ import annotations

from datetime import datetime

from bot.store.records import AuditEntry, RoundFilter, RoundRecord, WebSession
from bot.store.sql import web as W
from bot.store.sql.engine import Engine, Transaction, changed, value
from bot.store.sql.rounds import ROUND_COLUMNS
from bot.store.sql.times import to_ms


def _claim(key: str, given: str) -> Transaction[str]:
    yield changed(W.CLAIM_META, key=key, value=given)
    return str((yield value(W.META_VALUE, key=key)))


class SharedWeb:
    _engine: Engine

    async def claim_meta(self, key: str, value: str) -> str:
        return await self._engine.write(lambda: _claim(key, value))

    # -- sessions ------------------------------------------------------------------------------------

    async def save_web_session(self, session: WebSession) -> None:
        await self._engine.execute(W.SAVE_SESSION, W.SESSION_COLUMNS.row(session))

    async def web_session(self, id_hash: str, now: datetime) -> WebSession | None:
        return await self._engine.fetch_record(W.SESSION_COLUMNS, W.SESSION, id_hash=id_hash, now=to_ms(now))

    async def end_web_session(self, id_hash: str) -> bool:
        return await self._engine.execute(W.END_SESSION, id_hash=id_hash) > 0

    async def forget_web_sessions_before(self, moment: datetime) -> int:
        return await self._engine.execute(W.FORGET_SESSIONS, moment=to_ms(moment))

    async def end_member_web_sessions(self, user_id: int) -> int:
        return await self._engine.execute(W.END_MEMBER_SESSIONS, user=user_id)

    # -- audit log -----------------------------------------------------------------------------------

    async def add_audit(self, entry: AuditEntry) -> AuditEntry:
        added = await self._engine.fetch_one(W.ADD_AUDIT, W.NEW_AUDIT_COLUMNS.row(entry))
        assert added is not None
        return W.AUDIT_COLUMNS.record(added)

    async def audit_log(
        self, guild_id: int, *, limit: int = 50, before_id: int | None = None
    ) -> list[AuditEntry]:
        before = before_id if before_id is not None else W.NO_LIMIT
        return await self._engine.fetch_records(
            W.AUDIT_COLUMNS, W.AUDIT_LOG, guild=guild_id, before=before, limit=limit
        )

    # -- deck versions -------------------------------------------------------------------------------

    async def bump_deck_version(self, guild_id: int) -> int:
        return int(await self._engine.fetch_value(W.BUMP_DECK_VERSION, guild=guild_id))

    async def deck_version(self, guild_id: int) -> int:
        row = await self._engine.fetch_one(W.DECK_VERSION, guild=guild_id)
        return 0 if row is None else int(row[0])

    # -- lists the pages read ------------------------------------------------------------------------

    async def guild_rounds(
        self,
        guild_id: int,
        *,
        limit: int = 25,
        before_id: int | None = None,
        only: RoundFilter = RoundFilter(),  # noqa: B008 (frozen: one shared value is safe)
    ) -> list[RoundRecord]:
        return await self._engine.fetch_records(
            ROUND_COLUMNS,
            W.GUILD_ROUNDS,
            guild=guild_id,
            before=before_id if before_id is not None else W.NO_LIMIT,
            since=to_ms(only.since) if only.since is not None else 0,
            until=to_ms(only.until) if only.until is not None else W.NO_LIMIT,
            deck=only.deck_id or "",
            member=only.member_id or 0,
            limit=limit,
        )

    async def guild_players(self, guild_id: int, *, limit: int) -> list[int]:
        found = await self._engine.fetch_all(W.GUILD_PLAYERS, guild=guild_id, limit=limit)
        return [int(row[0]) for row in found]

    async def member_guilds(self, user_id: int) -> list[int]:
        return [int(row[0]) for row in await self._engine.fetch_all(W.MEMBER_GUILDS, user=user_id)]
