"""SQLite: the versions of questions as asked, and the snapshots given to what was played before they were kept."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Sequence
from datetime import datetime

from bot.store.records import RoundRecord, VersionRecord
from bot.store.sql import versions as V
from bot.store.sql.rounds import ROUNDS_WITHOUT_VERSIONS, SET_ROUND_VERSIONS, round_record
from bot.store.sql.times import to_ms
from bot.store.sqlite.connection import Database

_VERSIONS = (
    f"SELECT {V.VERSION_COLUMNS} FROM question_versions WHERE digest IN (SELECT value FROM json_each(?))"
)


def keep_versions(conn: sqlite3.Connection, versions: Iterable[tuple[str, str]], at: int) -> None:
    """Inside the caller's transaction: each version kept once."""
    conn.executemany(
        V.KEEP_VERSION.sqlite_text, [{"digest": d, "body": b, "at": at} for d, b in dict(versions).items()]
    )


class SqliteVersions:
    _db: Database

    async def keep_versions(self, versions: Sequence[tuple[str, str]], at: datetime) -> None:
        if versions:
            await self._db.write(lambda conn: keep_versions(conn, versions, to_ms(at)))

    async def question_versions(self, digests: Iterable[str]) -> dict[str, VersionRecord]:
        wanted = json.dumps(sorted(set(digests)))
        rows = await self._db.fetchall(_VERSIONS, (wanted,))
        return {row[0]: V.version_record(row) for row in rows}

    async def rounds_without_versions(self) -> list[RoundRecord]:
        return [round_record(row) for row in await self._db.fetchall(*ROUNDS_WITHOUT_VERSIONS.sqlite())]

    async def set_round_versions(
        self,
        rounds: Sequence[tuple[int, Sequence[str | None]]],
        versions: Sequence[tuple[str, str]],
        at: datetime,
    ) -> None:
        given = [{"versions": V.digests_json(digests), "round": round_id} for round_id, digests in rounds]

        def work(conn: sqlite3.Connection) -> None:
            keep_versions(conn, versions, to_ms(at))
            conn.executemany(SET_ROUND_VERSIONS.sqlite_text, given)

        await self._db.write(work)

    async def assignment_versions(self, assignment_id: int) -> tuple[str | None, ...] | None:
        row = await self._db.fetchone(*V.ASSIGNMENT_VERSIONS.sqlite(assignment=assignment_id))
        return None if row is None else V.digests_of(row[0])

    async def assignments_without_versions(self) -> list[tuple[int, int, str, tuple[str, ...]]]:
        rows = await self._db.fetchall(*V.ASSIGNMENTS_WITHOUT_VERSIONS.sqlite())
        return [(int(r[0]), int(r[1]), str(r[2]), tuple(json.loads(r[3]))) for r in rows]

    async def set_assignment_versions(
        self,
        assignment_id: int,
        digests: Sequence[str | None],
        versions: Sequence[tuple[str, str]],
        at: datetime,
    ) -> None:
        def work(conn: sqlite3.Connection) -> None:
            keep_versions(conn, versions, to_ms(at))
            conn.execute(
                *V.SET_ASSIGNMENT_VERSIONS.sqlite(versions=V.digests_json(digests), assignment=assignment_id)
            )

        await self._db.write(work)

    async def qotd_version(self, guild_id: int, day: int) -> str | None:
        row = await self._db.fetchone(*V.QOTD_VERSION.sqlite(guild=guild_id, day=day))
        return None if row is None or not row[0] else str(row[0])

    async def qotd_days_without_version(self) -> list[tuple[int, int, str, str]]:
        rows = await self._db.fetchall(*V.QOTD_DAYS_WITHOUT_VERSION.sqlite())
        return [(int(r[0]), int(r[1]), str(r[2]), str(r[3])) for r in rows]

    async def set_qotd_version(
        self, guild_id: int, day: int, version: tuple[str, str] | None, at: datetime
    ) -> None:
        def work(conn: sqlite3.Connection) -> None:
            keep_versions(conn, [version] if version else [], to_ms(at))
            digest = version[0] if version else ""  # "": none could be given (its question was gone)
            conn.execute(*V.SET_QOTD_VERSION.sqlite(version=digest, guild=guild_id, day=day))

        await self._db.write(work)

    async def unversioned_first_tries(self) -> list[tuple[int, str, str]]:
        rows = await self._db.fetchall(*V.UNVERSIONED_TRIES.sqlite())
        return [(int(r[0]), str(r[1]), str(r[2])) for r in rows]

    async def version_first_tries(self, guild_id: int, deck_id: str, question_id: str, digest: str) -> None:
        key = {"guild": guild_id, "deck": deck_id, "question": question_id}

        def work(conn: sqlite3.Connection) -> None:
            conn.execute(V.COPY_TRIES_TO_VERSION.sqlite_text, {**key, "version": digest})
            conn.execute(V.DROP_UNVERSIONED_TRIES.sqlite_text, key)

        await self._db.write(work)
