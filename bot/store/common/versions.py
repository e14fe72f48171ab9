"""The versions of questions as asked, and the snapshots given to what was played before they were kept."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from datetime import datetime

from bot.store.records import GivenVersions, RoundRecord, VersionRecord
from bot.store.sql import versions as V
from bot.store.sql.engine import Engine, Transaction, changed, many
from bot.store.sql.rounds import ROUND_COLUMNS, ROUNDS_WITHOUT_VERSIONS, SET_ROUND_VERSIONS
from bot.store.sql.statement import Statement
from bot.store.sql.times import to_ms


def keep_versions(versions: Iterable[tuple[str, str]], at: int) -> Transaction[None]:
    """Inside the caller's transaction: each version kept once."""
    rows = [V.KEEP_VERSION.ordered({"digest": d, "body": b, "at": at}) for d, b in dict(versions).items()]
    if rows:
        yield many(V.KEEP_VERSION, rows)


def _give(statement: Statement, given: GivenVersions) -> Transaction[None]:
    """SET_ROUND_VERSIONS or SET_ASSIGNMENT_VERSIONS for each of `given`, its versions kept first."""
    yield from keep_versions(given.versions, to_ms(given.at))
    rows = [statement.ordered({"versions": V.digests_json(d), "id": key}) for key, d in given.digests]
    if rows:
        yield many(statement, rows)


def _qotd_version(guild_id: int, day: int, version: tuple[str, str] | None, at: int) -> Transaction[None]:
    yield from keep_versions([version] if version else [], at)
    digest = version[0] if version else ""  # "": none could be given (its question was gone)
    yield changed(V.SET_QOTD_VERSION, version=digest, guild=guild_id, day=day)


def _version_tries(key: dict[str, object], digest: str) -> Transaction[None]:
    yield changed(V.COPY_TRIES_TO_VERSION, **key, version=digest)
    yield changed(V.DROP_UNVERSIONED_TRIES, **key)


class SharedVersions:
    _engine: Engine

    async def keep_versions(self, versions: Sequence[tuple[str, str]], at: datetime) -> None:
        """Keep each version once (see the Store interface)."""
        if versions:
            await self._engine.write(lambda: keep_versions(versions, to_ms(at)))

    async def question_versions(self, digests: Iterable[str]) -> dict[str, VersionRecord]:
        rows = await self._engine.fetch_all(V.VERSIONS, digests=sorted(set(digests)))
        return {row[0]: V.VERSION_COLUMNS.record(row) for row in rows}

    async def rounds_without_versions(self) -> list[RoundRecord]:
        return await self._engine.fetch_records(ROUND_COLUMNS, ROUNDS_WITHOUT_VERSIONS)

    async def set_round_versions(self, given: GivenVersions) -> None:
        await self._engine.write(lambda: _give(SET_ROUND_VERSIONS, given))

    async def assignment_versions(self, assignment_id: int) -> tuple[str | None, ...] | None:
        row = await self._engine.fetch_one(V.ASSIGNMENT_VERSIONS, assignment=assignment_id)
        return None if row is None else V.digests_of(row[0])

    async def assignments_without_versions(self) -> list[tuple[int, int, str, tuple[str, ...]]]:
        rows = await self._engine.fetch_all(V.ASSIGNMENTS_WITHOUT_VERSIONS)
        return [(int(r[0]), int(r[1]), str(r[2]), tuple(json.loads(r[3]))) for r in rows]

    async def set_assignment_versions(self, given: GivenVersions) -> None:
        await self._engine.write(lambda: _give(V.SET_ASSIGNMENT_VERSIONS, given))

    async def qotd_version(self, guild_id: int, day: int) -> str | None:
        row = await self._engine.fetch_one(V.QOTD_VERSION, guild=guild_id, day=day)
        return None if row is None or not row[0] else str(row[0])

    async def qotd_days_without_version(self) -> list[tuple[int, int, str, str]]:
        rows = await self._engine.fetch_all(V.QOTD_DAYS_WITHOUT_VERSION)
        return [(int(r[0]), int(r[1]), str(r[2]), str(r[3])) for r in rows]

    async def set_qotd_version(
        self, guild_id: int, day: int, version: tuple[str, str] | None, at: datetime
    ) -> None:
        await self._engine.write(lambda: _qotd_version(guild_id, day, version, to_ms(at)))

    async def unversioned_first_tries(self) -> list[tuple[int, str, str]]:
        rows = await self._engine.fetch_all(V.UNVERSIONED_TRIES)
        return [(int(r[0]), str(r[1]), str(r[2])) for r in rows]

    async def version_first_tries(self, guild_id: int, deck_id: str, question_id: str, digest: str) -> None:
        key: dict[str, object] = {"guild": guild_id, "deck": deck_id, "question": question_id}
        await self._engine.write(lambda: _version_tries(key, digest))
