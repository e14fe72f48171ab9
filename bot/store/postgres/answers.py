"""Answers on PostgreSQL: each committed before record_answer returns, exactly once per member and question."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from itertools import islice
from typing import Any

import asyncpg

from bot.store.groups import Groups
from bot.store.postgres.connection import PostgresConnected
from bot.store.postgres.engine import affected
from bot.store.records import Answer
from bot.store.sql.answers import (
    ANSWER_COLUMNS,
    INSERT_ANSWER,
    PREVIOUS_ANSWER,
    AnswerRow,
    answer_key,
)

_BOARD_DAYS_SUMS = (
    "INSERT INTO board_days AS b (guild_id, day, user_id, deck_id, points, correct, answered, last_at) "
    "SELECT guild_id, answered_at / 86400000, user_id, deck_id, SUM(points), SUM(correct), COUNT(*), "
    "MAX(answered_at) FROM {rows} GROUP BY 1, 2, 3, 4 "
    "ON CONFLICT (guild_id, day, user_id, deck_id) DO UPDATE SET points = b.points + excluded.points, "
    "correct = b.correct + excluded.correct, answered = b.answered + excluded.answered, "
    "last_at = greatest(b.last_at, excluded.last_at)"
)
_BOARD_TOTALS_SUMS = (
    "INSERT INTO board_totals AS b (guild_id, deck_id, user_id, points, correct, answered, last_at) "
    "SELECT guild_id, deck, user_id, SUM(points), SUM(correct), COUNT(*), MAX(answered_at) "
    "FROM {rows} CROSS JOIN LATERAL (VALUES ({rows}.deck_id), ('')) AS decks (deck) GROUP BY 1, 2, 3 "
    "ON CONFLICT (guild_id, deck_id, user_id) DO UPDATE SET points = b.points + excluded.points, "
    "correct = b.correct + excluded.correct, answered = b.answered + excluded.answered, "
    "last_at = greatest(b.last_at, excluded.last_at)"
)
# Every answer summed into the boards at once (copy-db, after loading a whole database).
SUM_ALL_ANSWERS = (_BOARD_DAYS_SUMS.format(rows="answers"), _BOARD_TOTALS_SUMS.format(rows="answers"))
# A bulk load is one statement per chunk, from column arrays: the rows it really inserted (duplicates
# skipped) are summed into the boards by the same statement.
_IMPORT_ANSWERS = (
    f"WITH added AS (INSERT INTO answers ({ANSWER_COLUMNS.text}) SELECT * FROM unnest($1::bigint[], "
    "$2::bigint[], $3::integer[], $4::text[], $5::text[], $6::bigint[], $7::integer[], $8::text[], "
    "$9::integer[], $10::integer[], $11::integer[], $12::bigint[]) "
    "ON CONFLICT (round_id, question_index, user_id) DO NOTHING RETURNING *), "
    f"days AS ({_BOARD_DAYS_SUMS.format(rows='added')}), totals AS ({_BOARD_TOTALS_SUMS.format(rows='added')}) "
    "SELECT COUNT(*) FROM added"
)
# The row trigger is set aside for a bulk load, inside its transaction: other writers wait for the
# commit (ALTER TABLE locks the table), so none ever inserts an answer while the trigger is off.
TRIGGER_OFF = "ALTER TABLE answers DISABLE TRIGGER answers_add_to_boards"
TRIGGER_ON = "ALTER TABLE answers ENABLE TRIGGER answers_add_to_boards"
IMPORT_CHUNK = 50_000

# A group of answers in one statement, locked in one order (server, member, deck) so that two groups
# adding to the same members' totals take the row locks in the same order.
_INSERT_GROUP = (
    f"INSERT INTO answers ({ANSWER_COLUMNS.text}) SELECT * FROM unnest($1::bigint[], $2::bigint[], "
    "$3::integer[], $4::text[], $5::text[], $6::bigint[], $7::integer[], $8::text[], $9::integer[], "
    f"$10::integer[], $11::integer[], $12::bigint[]) AS given ({ANSWER_COLUMNS.text}) "
    "ORDER BY guild_id, user_id, deck_id, round_id, question_index "
    "ON CONFLICT (round_id, question_index, user_id) DO NOTHING RETURNING round_id, question_index, user_id"
)
_PREVIOUS_ANSWERS = (
    f"SELECT {ANSWER_COLUMNS.text} FROM answers WHERE (round_id, question_index, user_id) IN "
    "(SELECT * FROM unnest($1::bigint[], $2::integer[], $3::bigint[]))"
)
# Groups written at once: each holds a pooled connection, and more than a few only queue on the same rows.
GROUP_WRITERS = 4
# Retries of a group PostgreSQL chose as a deadlock's victim (rolled back whole; the other went on).
DEADLOCK_RETRIES = 5

Key = tuple[int, int, int]


# What a bad answer breaks: a round that does not exist, a missing field. The caller's bug, not the disk.
_REFUSED = (asyncpg.ForeignKeyViolationError, asyncpg.NotNullViolationError, asyncpg.CheckViolationError)


class PostgresAnswers(PostgresConnected):
    _answers: Groups[AnswerRow]

    def _answer_groups(self) -> Groups[AnswerRow]:
        return Groups(self._write_answer, self._write_answers, answer_key, writers=GROUP_WRITERS)

    async def _write_answer(self, row: AnswerRow) -> asyncpg.Record | None:
        """One answer in its own transaction: None when stored, else the member's earlier answer."""
        async with self._connection(writes=True) as conn:
            try:
                status = await conn.execute(INSERT_ANSWER.postgres_text, *row)
            except _REFUSED as exc:
                raise ValueError(f"cannot record an answer to round {row[1]}: {exc}") from exc
            if affected(status):
                return None
            previous: asyncpg.Record | None = await conn.fetchrow(
                PREVIOUS_ANSWER.postgres_text, *answer_key(row)
            )
        assert previous is not None
        return previous

    async def _write_answers(self, rows: list[AnswerRow]) -> list[Any]:
        """Answers in one transaction; per answer None (stored), the earlier answer, or its own error.

        The same member's answer to one question twice in a group: the first is written, the second
        told the first. A group holding an answer the database refuses (an unknown round) is written
        one by one instead, so the others are not refused with it.
        """
        firsts: dict[Key, AnswerRow] = {}
        for row in rows:
            firsts.setdefault(answer_key(row), row)
        unique = list(firsts.values())
        columns = [list(column) for column in zip(*unique, strict=True)]
        async with self._connection(writes=True) as conn:
            for attempt in range(DEADLOCK_RETRIES + 1):
                try:
                    async with conn.transaction():
                        stored = {tuple(key) for key in await conn.fetch(_INSERT_GROUP, *columns)}
                    break
                except _REFUSED:
                    return [await _one_outcome(self._write_answer, row) for row in rows]
                except asyncpg.DeadlockDetectedError:
                    if attempt == DEADLOCK_RETRIES:
                        raise
            taken = [key for key in firsts if key not in stored] + [
                answer_key(row) for row in rows if firsts[answer_key(row)] is not row
            ]
            earlier: dict[Key, asyncpg.Record] = {}
            if taken:
                keys = [list(part) for part in zip(*taken, strict=True)]
                earlier = {answer_key(tuple(r)): r for r in await conn.fetch(_PREVIOUS_ANSWERS, *keys)}
        return [
            None if firsts[answer_key(row)] is row and answer_key(row) in stored else earlier[answer_key(row)]
            for row in rows
        ]

    async def import_answers(self, answers: Iterable[Answer]) -> int:
        """Add many answers in one transaction (imports, benchmarks); duplicates are skipped.

        Returns how many were new. Each chunk's new rows are summed into the boards in one pass.
        """
        rows = (ANSWER_COLUMNS.row(a) for a in answers)

        async def work(conn: asyncpg.Connection) -> int:
            added = 0
            await conn.execute(TRIGGER_OFF)
            while chunk := list(islice(rows, IMPORT_CHUNK)):
                columns: list[list[Any]] = [list(column) for column in zip(*chunk, strict=True)]
                added += await conn.fetchval(_IMPORT_ANSWERS, *columns)
            await conn.execute(TRIGGER_ON)
            return added

        added = await self._write(work)
        # What autovacuum would do some time after a load, now: the planner's statistics, and the
        # visibility map that lets boards and ranks read their indexes alone. (Outside the transaction:
        # VACUUM cannot run in one.)
        await self._execute("VACUUM (ANALYZE) answers, board_days, board_totals")
        return added


async def _one_outcome(write: Callable[[AnswerRow], Awaitable[Any]], row: AnswerRow) -> Any:
    try:
        return await write(row)
    except ValueError as exc:
        return exc
