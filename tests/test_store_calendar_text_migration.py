"""Migration 0018 gives calendar answers a text and points column, as rounds' answers have: a database at
schema 17 with answers of every shape (a lettered choice, a multi set squeezed into the choice as -1 minus
its bit mask, a typed answer kept as -1) reads back the same on both engines, each set as its text."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import asyncpg

from bot.store import AssignmentAnswer, QotdAnswer, Store, open_store
from bot.store.postgres.schema import migrate as migrate_postgres
from bot.store.sqlite.schema import migrate as migrate_sqlite

AT_MS = 1_715_774_401_000
AT = datetime.fromtimestamp(AT_MS / 1000, UTC)
# Literal values, so both engines run the same text. Sets: -6 = -1 - (1 + 4), choices 0 and 2;
# -27 = -1 - (2 + 8 + 16), choices 1, 3 and 4 (E, the last a question can have).
PLAYED = (
    "INSERT INTO qotd_answers (guild_id, day, user_id, choice, correct, answered_at) VALUES "
    f"(5, 20240501, 11, 2, 1, {AT_MS}), (5, 20240501, 12, -6, 1, {AT_MS}), "
    f"(5, 20240501, 13, -27, 0, {AT_MS}), (5, 20240501, 14, -1, 1, {AT_MS})",
    "INSERT INTO assignments (id, guild_id, channel_id, deck_id, question_ids, seed, due_at, attempts, late, "
    f"created_by, created_at) VALUES (1, 5, 50, 'deck', '[\"a\", \"b\", \"c\"]', 9, {AT_MS}, 1, 'allow', 9, {AT_MS})",
    f"INSERT INTO assignment_attempts (id, assignment_id, user_id, number, started_at) VALUES (1, 1, 7, 1, {AT_MS})",
    "INSERT INTO assignment_answers (attempt_id, question_index, question_id, choice, correct, ms, answered_at) "
    f"VALUES (1, 0, 'a', 3, 0, 900, {AT_MS}), (1, 1, 'b', -27, 1, 800, {AT_MS}), (1, 2, 'c', -1, 0, 700, {AT_MS})",
)
DAY = [
    QotdAnswer(5, 20240501, 11, 2, True, AT, None, 100),
    QotdAnswer(5, 20240501, 12, None, True, AT, "0,2", 100),
    QotdAnswer(5, 20240501, 13, None, False, AT, "1,3,4", 0),
    QotdAnswer(5, 20240501, 14, None, True, AT, None, 100),  # typed: its words were never kept
]
ASSIGNMENT = [
    AssignmentAnswer(1, 0, "a", 3, False, 900, AT, None, 0),
    AssignmentAnswer(1, 1, "b", None, True, 800, AT, "1,3,4", 100),
    AssignmentAnswer(1, 2, "c", None, False, 700, AT, None, 0),
]


async def check_read(store: Store) -> None:
    assert await store.qotd_answers(5, 20240501) == DAY
    assert await store.assignment_answers(1) == ASSIGNMENT


async def test_a_sqlite_database_at_schema_17_reads_its_calendar_answers(tmp_path: Path) -> None:
    path = tmp_path / "v17.db"
    conn = sqlite3.connect(path, isolation_level=None)
    assert migrate_sqlite(conn, upto=17) == 17
    for statement in PLAYED:
        conn.execute(statement)
    conn.close()
    async with await open_store(path) as store:
        await check_read(store)


async def test_a_postgres_database_at_schema_17_reads_its_calendar_answers(postgres_url: str) -> None:
    conn = await asyncpg.connect(postgres_url)
    try:
        assert await migrate_postgres(conn, upto=17) == 17
        for statement in PLAYED:
            await conn.execute(statement)
    finally:
        await conn.close()
    async with await open_store(postgres_url) as store:
        await check_read(store)
