"""PostgreSQL: the versions of questions as asked, as SQLite's versions.py keeps them."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from datetime import datetime

import asyncpg

from bot.store.postgres.connection import Connected
from bot.store.records import RoundRecord, VersionRecord
from bot.store.sql import versions as V
from bot.store.sql.rounds import ROUNDS_WITHOUT_VERSIONS, SET_ROUND_VERSIONS, round_record
from bot.store.sql.times import to_ms

_VERSIONS = f"SELECT {V.VERSION_COLUMNS} FROM question_versions WHERE digest = ANY($1::text[])"


async def keep_versions(conn: asyncpg.Connection, versions: Iterable[tuple[str, str]], at: int) -> None:
    """Inside the caller's transaction: each version kept once."""
    rows = [V.KEEP_VERSION.ordered({"digest": d, "body": b, "at": at}) for d, b in dict(versions).items()]
    if rows:
        await conn.executemany(V.KEEP_VERSION.postgres_text, rows)


class PostgresVersions(Connected):
    async def keep_versions(self, versions: Sequence[tuple[str, str]], at: datetime) -> None:
        """Keep each version once (see the Store interface)."""
        if versions:
            await self._write(lambda conn: keep_versions(conn, versions, to_ms(at)))

    async def question_versions(self, digests: Iterable[str]) -> dict[str, VersionRecord]:
        rows = await self._fetch(_VERSIONS, sorted(set(digests)))
        return {row[0]: V.version_record(tuple(row)) for row in rows}

    async def rounds_without_versions(self) -> list[RoundRecord]:
        return [round_record(tuple(row)) for row in await self._fetch(*ROUNDS_WITHOUT_VERSIONS.postgres())]

    async def set_round_versions(
        self,
        rounds: Sequence[tuple[int, Sequence[str | None]]],
        versions: Sequence[tuple[str, str]],
        at: datetime,
    ) -> None:
        given = [
            SET_ROUND_VERSIONS.ordered({"versions": V.digests_json(digests), "round": round_id})
            for round_id, digests in rounds
        ]

        async def work(conn: asyncpg.Connection) -> None:
            await keep_versions(conn, versions, to_ms(at))
            if given:
                await conn.executemany(SET_ROUND_VERSIONS.postgres_text, given)

        await self._write(work)

    async def assignment_versions(self, assignment_id: int) -> tuple[str | None, ...] | None:
        row = await self._fetchrow(*V.ASSIGNMENT_VERSIONS.postgres(assignment=assignment_id))
        return None if row is None else V.digests_of(row[0])

    async def assignments_without_versions(self) -> list[tuple[int, int, str, tuple[str, ...]]]:
        rows = await self._fetch(*V.ASSIGNMENTS_WITHOUT_VERSIONS.postgres())
        return [(int(r[0]), int(r[1]), str(r[2]), tuple(json.loads(r[3]))) for r in rows]

    async def set_assignment_versions(
        self,
        assignment_id: int,
        digests: Sequence[str | None],
        versions: Sequence[tuple[str, str]],
        at: datetime,
    ) -> None:
        async def work(conn: asyncpg.Connection) -> None:
            await keep_versions(conn, versions, to_ms(at))
            await conn.execute(
                *V.SET_ASSIGNMENT_VERSIONS.postgres(
                    versions=V.digests_json(digests), assignment=assignment_id
                )
            )

        await self._write(work)

    async def qotd_version(self, guild_id: int, day: int) -> str | None:
        row = await self._fetchrow(*V.QOTD_VERSION.postgres(guild=guild_id, day=day))
        return None if row is None or not row[0] else str(row[0])

    async def qotd_days_without_version(self) -> list[tuple[int, int, str, str]]:
        rows = await self._fetch(*V.QOTD_DAYS_WITHOUT_VERSION.postgres())
        return [(int(r[0]), int(r[1]), str(r[2]), str(r[3])) for r in rows]

    async def set_qotd_version(
        self, guild_id: int, day: int, version: tuple[str, str] | None, at: datetime
    ) -> None:
        async def work(conn: asyncpg.Connection) -> None:
            await keep_versions(conn, [version] if version else [], to_ms(at))
            digest = version[0] if version else ""  # "": none could be given (its question was gone)
            await conn.execute(*V.SET_QOTD_VERSION.postgres(version=digest, guild=guild_id, day=day))

        await self._write(work)

    async def unversioned_first_tries(self) -> list[tuple[int, str, str]]:
        rows = await self._fetch(*V.UNVERSIONED_TRIES.postgres())
        return [(int(r[0]), str(r[1]), str(r[2])) for r in rows]

    async def version_first_tries(self, guild_id: int, deck_id: str, question_id: str, digest: str) -> None:
        async def work(conn: asyncpg.Connection) -> None:
            await conn.execute(
                *V.COPY_TRIES_TO_VERSION.postgres(
                    version=digest, guild=guild_id, deck=deck_id, question=question_id
                )
            )
            await conn.execute(
                *V.DROP_UNVERSIONED_TRIES.postgres(guild=guild_id, deck=deck_id, question=question_id)
            )

        await self._write(work)
