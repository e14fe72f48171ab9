"""SQLite: round answers, each stored exactly once and committed before the member hears "locked in"."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from bot.store.errors import StoreError
from bot.store.groups import Groups
from bot.store.records import Answer
from bot.store.sql.answers import (
    ANSWER_COLUMNS,
    INSERT_ANSWER,
    PREVIOUS_ANSWER,
    AnswerRow,
    answer_key,
)
from bot.store.sqlite.connection import ANSWER_LOCK_BOUND_SECONDS, Database, is_busy, store_error, transaction


def _insert(conn: sqlite3.Connection, row: AnswerRow) -> bool:
    """Insert one answer; False when the member's answer to that question is stored already."""
    try:
        return conn.execute(INSERT_ANSWER.sqlite_numbered, row).rowcount > 0
    except sqlite3.IntegrityError as exc:
        raise ValueError(f"cannot record an answer to round {row[1]}: {exc}") from exc


def _record_answer(conn: sqlite3.Connection, row: AnswerRow) -> AnswerRow | None:
    """Insert one answer, alone: None once it is committed, or the member's earlier answer.

    The connection is in autocommit mode, so the INSERT is its own transaction, committed (in the WAL)
    when it returns; the trigger answers_add_to_boards adds it to the boards inside that statement.
    """
    if _insert(conn, row):
        return None
    # The constraint refused it: the first answer is committed, so this read sees it.
    previous: AnswerRow = conn.execute(PREVIOUS_ANSWER.sqlite_numbered, answer_key(row)).fetchone()
    return previous


# A group goes in as multi-row INSERTs of these sizes (a 37-answer group: 16 + 16 + 4 + 1): one
# statement for many answers spares the worker thread most of its per-answer Python, and a few fixed
# sizes keep the statements in the connection's cache.
_CHUNKS = (64, 16, 4, 1)
_INSERT_MANY = {
    size: f"INSERT INTO answers ({ANSWER_COLUMNS.text}) VALUES "
    + ", ".join(["(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"] * size)
    + " ON CONFLICT (round_id, question_index, user_id) DO NOTHING RETURNING round_id, question_index, user_id"
    for size in _CHUNKS
}


class _Cancelled(Exception):
    """SQLite cancelled the group's whole transaction for one answer's error: write the group again."""


def _record_group(conn: sqlite3.Connection, rows: list[AnswerRow], path: Path) -> list[Any]:
    """Record answers in order in one transaction (BEGIN IMMEDIATE ... COMMIT); one outcome each.

    An outcome is None (stored), the earlier answer's row (the member answered before: in a committed
    transaction, or earlier in this group), or the exception for that answer alone. They are returned
    only after the COMMIT, so nobody hears "locked in" for an answer that is not.

    One bad answer fails alone, without a savepoint each: SQLite undoes a failed statement by itself,
    keeping the transaction and the statements before it, so a multi-row INSERT that fails is sent
    again one answer at a time to find the bad one. On a full disk or an I/O error SQLite may instead
    cancel the whole transaction; then nothing of the group was kept, and it is written again one
    answer at a time, each answer that cancels it left out with its error. A database locked by
    another program raises (after a rollback): Database.run waits and sends the whole group again.
    """
    failed: dict[int, Exception] = {}
    together = True
    while True:
        try:
            with transaction(conn):
                return _insert_group(conn, rows, failed, path, together=together)
        except _Cancelled:
            together = False


def _insert_group(
    conn: sqlite3.Connection,
    rows: list[AnswerRow],
    failed: dict[int, Exception],
    path: Path,
    *,
    together: bool,
) -> list[Any]:
    stored_by: dict[tuple[Any, ...], int] = {}  # the key of each answer stored here: which row it was
    errors = dict(failed)
    waiting = [index for index in range(len(rows)) if index not in failed]
    while waiting:
        size = next(n for n in _CHUNKS if n <= len(waiting)) if together else 1
        chunk, waiting = waiting[:size], waiting[size:]
        if size > 1 and _insert_chunk(conn, rows, chunk, stored_by):
            continue
        _insert_each(conn, rows, chunk, stored_by, errors, failed, path)
    return _outcomes(conn, rows, errors, stored_by)


def _insert_chunk(
    conn: sqlite3.Connection, rows: list[AnswerRow], chunk: list[int], stored_by: dict[tuple[Any, ...], int]
) -> bool:
    """The chunk's answers in one statement; False when only that statement was undone (one is bad)."""
    try:
        added = conn.execute(_INSERT_MANY[len(chunk)], [v for index in chunk for v in rows[index]])
        firsts: dict[tuple[Any, ...], int] = {}
        for index in chunk:
            firsts.setdefault(answer_key(rows[index]), index)
        stored_by.update((tuple(key), firsts[tuple(key)]) for key in added.fetchall())
        return True
    except sqlite3.Error as exc:
        if is_busy(exc):
            raise
        if not conn.in_transaction:
            raise _Cancelled from exc
        # Only this statement was undone: its answers again, one at a time, find the bad one.
        return False


def _insert_each(
    conn: sqlite3.Connection,
    rows: list[AnswerRow],
    chunk: list[int],
    stored_by: dict[tuple[Any, ...], int],
    errors: dict[int, Exception],
    failed: dict[int, Exception],
    path: Path,
) -> None:
    """The chunk's answers one at a time; one that cancels the transaction goes into `failed`."""
    for index in chunk:
        error: Exception
        try:
            if _insert(conn, rows[index]):
                stored_by[answer_key(rows[index])] = index
            continue
        except ValueError as exc:  # the database refused this answer (an unknown round...)
            error = exc
        except sqlite3.Error as exc:
            if is_busy(exc):
                raise
            error = store_error(exc, path) or exc
        if not conn.in_transaction:
            failed[index] = error
            raise _Cancelled from error
        errors[index] = error


def _outcomes(
    conn: sqlite3.Connection,
    rows: list[AnswerRow],
    errors: dict[int, Exception],
    stored_by: dict[tuple[Any, ...], int],
) -> list[Any]:
    """Per row: its error, None when stored here, or the answer stored before it."""
    outcomes: list[Any] = []
    for index, row in enumerate(rows):
        key = answer_key(row)
        if index in errors:
            outcomes.append(errors[index])
        elif stored_by.get(key) == index:
            outcomes.append(None)
        else:  # stored before: earlier in this group, or committed before it
            outcomes.append(conn.execute(PREVIOUS_ANSWER.sqlite_numbered, key).fetchone())
    return outcomes


_ADD_TO_BOARD_DAYS = (
    "INSERT INTO board_days (guild_id, day, user_id, deck_id, points, correct, answered, last_at) "
    "SELECT guild_id, answered_at / 86400000, user_id, deck_id, SUM(points), SUM(correct), COUNT(*), "
    "MAX(answered_at) FROM answers WHERE id > ? GROUP BY 1, 2, 3, 4 "
    "ON CONFLICT (guild_id, day, user_id, deck_id) DO UPDATE SET "
    "points = points + excluded.points, correct = correct + excluded.correct, "
    "answered = answered + excluded.answered, last_at = max(last_at, excluded.last_at)"
)

# {deck} is deck_id for each deck's row, '' for the member's row over every deck.
_ADD_TO_BOARD_TOTALS = (
    "INSERT INTO board_totals (guild_id, deck_id, user_id, points, correct, answered, last_at) "
    "SELECT guild_id, {deck}, user_id, SUM(points), SUM(correct), COUNT(*), MAX(answered_at) "
    "FROM answers WHERE id > ? GROUP BY 1, 2, 3 "
    "ON CONFLICT (guild_id, deck_id, user_id) DO UPDATE SET "
    "points = points + excluded.points, correct = correct + excluded.correct, "
    "answered = answered + excluded.answered, last_at = max(last_at, excluded.last_at)"
)


# Groups on their way to the worker thread at once: one being written, the next already queued behind
# it, so the thread never waits for the event loop between two commits.
GROUP_WRITERS = 2


class SqliteAnswers:
    _db: Database
    _answers: Groups[AnswerRow]

    def _answer_groups(self) -> Groups[AnswerRow]:
        return Groups(self._write_answer, self._write_answers, answer_key, writers=GROUP_WRITERS)

    async def _write_answer(self, row: AnswerRow) -> AnswerRow | None:
        # A lone answer in autocommit; a locked database is waited out for a bound, then refused unwritten.
        return await self._db.run(lambda conn: _record_answer(conn, row), patience=ANSWER_LOCK_BOUND_SECONDS)

    async def _write_answers(self, rows: list[AnswerRow]) -> list[Any]:
        path = self._db.path
        return await self._db.run(
            lambda conn: _record_group(conn, rows, path), patience=ANSWER_LOCK_BOUND_SECONDS
        )

    async def import_answers(self, answers: Iterable[Answer]) -> int:
        rows = (ANSWER_COLUMNS.row(answer) for answer in answers)
        path = self._db.path

        def work(conn: sqlite3.Connection) -> int:
            # Row by row, the boards trigger would cost as much again as the inserts: take it out for
            # the load (inside this transaction, so no other writer ever sees the table without it),
            # then sum the new rows in one pass each and put it back as it was.
            trigger = conn.execute(
                "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'answers_add_to_boards'"
            ).fetchone()
            if trigger is None:
                raise StoreError(
                    f"The database {path} lacks its leaderboard trigger; it was altered by hand."
                )
            conn.execute("DROP TRIGGER answers_add_to_boards")
            before = conn.execute("SELECT coalesce(max(id), 0) FROM answers").fetchone()[0]
            conn.executemany(INSERT_ANSWER.sqlite_numbered, rows)
            # New rows have rowids above the old maximum: the board totals take exactly them.
            conn.execute(_ADD_TO_BOARD_DAYS, (before,))
            for deck in ("deck_id", "''"):
                conn.execute(_ADD_TO_BOARD_TOTALS.format(deck=deck), (before,))
            conn.execute(trigger[0])
            added: int = conn.execute("SELECT COUNT(*) FROM answers WHERE id > ?", (before,)).fetchone()[0]
            return added

        return await self._db.write(work)
