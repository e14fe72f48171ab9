"""Migration 0013 sums the first tries there are: a database at schema 12 with rounds and answers gets each
member's totals of each deck and a mark that counts them, and a first try written after it moves both."""

from __future__ import annotations

import sqlite3
from datetime import timedelta
from pathlib import Path

import asyncpg

from bot.store import Answer, Store, open_store
from bot.store.postgres.schema import migrate as migrate_postgres
from bot.store.sqlite.schema import migrate as migrate_sqlite
from tests.store_contract.builders import T0

# Played at schema 12: one round of two questions, member 7 right then wrong, member 8 right once, and a
# second try of member 7 at zw in a third round (no first try); another deck's round for member 7. Literal values, so both
# engines run the same text; the answers' trigger of 0010 writes first_tries.
PLAYED = (
    "INSERT INTO rounds (id, guild_id, channel_id, deck_id, started_by, question_ids, seconds, mode, seed, "
    "status, started_at, ended_at) VALUES (1, 1, 10, 'capitals', 9, '[\"zw\", \"ke\"]', 20, 'standard', 5, "
    "'finished', 1715774400000, 1715774500000), (2, 1, 11, 'rivers', 9, '[\"nile\"]', 20, 'standard', 6, "
    "'finished', 1715774600000, 1715774700000), (3, 1, 12, 'capitals', 9, '[\"zw\"]', 20, 'standard', 7, "
    "'finished', 1715774800000, 1715774900000)",
    "INSERT INTO answers (guild_id, round_id, question_index, question_id, deck_id, user_id, choice, text, "
    "correct, ms, points, answered_at) VALUES "
    "(1, 1, 0, 'zw', 'capitals', 7, 0, NULL, 1, 900, 100, 1715774401000), "
    "(1, 1, 1, 'ke', 'capitals', 7, 0, NULL, 0, 900, 0, 1715774431000), "
    "(1, 1, 0, 'zw', 'capitals', 8, 0, NULL, 1, 900, 100, 1715774402000), "
    "(1, 3, 0, 'zw', 'capitals', 7, 1, NULL, 0, 900, 0, 1715774801000), "
    "(1, 2, 0, 'nile', 'rivers', 7, 0, NULL, 1, 900, 100, 1715774601000)",
)
TOTALS = "SELECT deck_id, user_id, tries, correct, changes FROM first_try_totals ORDER BY 1, 2"
# (deck, member, first tries, right of them, changes) as the migration sums them.
MIGRATED = [("capitals", 7, 2, 1, 2), ("capitals", 8, 1, 1, 1), ("rivers", 7, 1, 1, 1)]


async def check_totals(store: Store, totals: list[tuple[object, ...]]) -> None:
    assert totals == MIGRATED
    assert await store.first_try_mark(1, "capitals") == 3
    assert await store.first_try_mark(1, "rivers") == 1
    # After the migration, a new first try (member 8 at ke, right) adds itself to its member's totals.
    at = T0 + timedelta(days=1)
    await store.import_answers([Answer(1, 1, 1, "ke", "capitals", 8, 1, None, True, 900, 100, at)])
    assert await store.first_try_mark(1, "capitals") == 4


def sqlite_rows(path: Path) -> list[tuple[object, ...]]:
    conn = sqlite3.connect(path)
    try:
        return [tuple(row) for row in conn.execute(TOTALS)]
    finally:
        conn.close()


async def test_a_sqlite_database_at_schema_12_gets_its_first_try_totals(tmp_path: Path) -> None:
    path = tmp_path / "v12.db"
    conn = sqlite3.connect(path, isolation_level=None)
    assert migrate_sqlite(conn, upto=12) == 12
    for statement in PLAYED:
        conn.execute(statement)
    conn.close()
    async with await open_store(path) as store:
        await check_totals(store, sqlite_rows(path))
    assert sqlite_rows(path) == [("capitals", 7, 2, 1, 2), ("capitals", 8, 2, 2, 2), ("rivers", 7, 1, 1, 1)]


async def test_a_postgres_database_at_schema_12_gets_its_first_try_totals(postgres_url: str) -> None:
    conn = await asyncpg.connect(postgres_url)
    try:
        assert await migrate_postgres(conn, upto=12) == 12
        for statement in PLAYED:
            await conn.execute(statement)
    finally:
        await conn.close()

    async def rows() -> list[tuple[object, ...]]:
        reader = await asyncpg.connect(postgres_url)
        try:
            return [tuple(row) for row in await reader.fetch(TOTALS)]
        finally:
            await reader.close()

    async with await open_store(postgres_url) as store:
        await check_totals(store, await rows())
    assert await rows() == [("capitals", 7, 2, 1, 2), ("capitals", 8, 2, 2, 2), ("rivers", 7, 1, 1, 1)]
