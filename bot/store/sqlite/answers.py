"""SQLite: round answers, each stored exactly once and committed before the member hears "locked in"."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from bot.store.errors import StoreError
from bot.store.groups import Groups
from bot.store.records import Answer, Recorded
from bot.store.sqlite.connection import Database, is_busy, store_error, transaction
from bot.store.sqlite.times import from_ms, to_ms

ANSWER_COLUMNS = (
    "guild_id, round_id, question_index, question_id, deck_id, user_id, choice, text, correct, ms, points, "
    "answered_at"
)

_INSERT_ANSWER = (
    f"INSERT INTO answers ({ANSWER_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
    "ON CONFLICT (round_id, question_index, user_id) DO NOTHING"
)

_PREVIOUS_ANSWER = (
    f"SELECT {ANSWER_COLUMNS} FROM answers WHERE round_id = ? AND question_index = ? AND user_id = ?"
)

AnswerRow = tuple[Any, ...]


def answer_row(answer: Answer) -> AnswerRow:
    return (
        answer.guild_id,
        answer.round_id,
        answer.question_index,
        answer.question_id,
        answer.deck_id,
        answer.user_id,
        answer.choice,
        answer.text,
        int(answer.right),
        answer.ms,
        answer.points,
        to_ms(answer.answered_at),
    )


def answer_record(row: Sequence[Any]) -> Answer:
    return Answer(
        guild_id=row[0],
        round_id=row[1],
        question_index=row[2],
        question_id=row[3],
        deck_id=row[4],
        user_id=row[5],
        choice=row[6],
        text=row[7],
        right=bool(row[8]),
        ms=row[9],
        points=row[10],
        answered_at=from_ms(row[11]),
    )


def answer_key(row: AnswerRow) -> tuple[int, int, int]:
    """What the UNIQUE constraint holds once: the round, the question's index, the member."""
    return (row[1], row[2], row[5])


def _record_answer(conn: sqlite3.Connection, row: AnswerRow) -> AnswerRow | None:
    """Insert one answer; or return the member's earlier answer to that question.

    Alone, the connection is in autocommit mode: the INSERT is its own transaction, committed (in the
    WAL) when it returns. In a group it is one statement of the group's transaction. Either way the
    trigger answers_add_to_boards adds it to the boards inside that same statement.
    """
    try:
        inserted = conn.execute(_INSERT_ANSWER, row).rowcount
    except sqlite3.IntegrityError as exc:
        raise ValueError(f"cannot record an answer to round {row[1]}: {exc}") from exc
    if inserted:
        return None
    # The constraint refused it: the first answer is committed, or earlier in this same transaction;
    # either way this read sees it.
    previous: AnswerRow = conn.execute(_PREVIOUS_ANSWER, answer_key(row)).fetchone()
    return previous


class _Cancelled(Exception):
    """SQLite cancelled the group's whole transaction for one answer's error: write the rest again."""


def _record_group(conn: sqlite3.Connection, rows: list[AnswerRow], path: Path) -> list[Any]:
    """Record answers in order in one transaction (BEGIN IMMEDIATE ... COMMIT); one outcome each.

    An outcome is None (stored), the earlier answer's row (the member answered before: in a committed
    transaction, or earlier in this group), or the exception for that answer alone. They are returned
    only after the COMMIT, so nobody hears "locked in" for an answer that is not.

    One bad answer fails alone without a savepoint each: an answer is a single INSERT (its boards
    trigger included), and SQLite undoes a failed statement by itself, keeping the transaction and the
    statements before it. On a full disk or an I/O error SQLite may instead cancel the whole
    transaction; then nothing of the group was kept, and it is written again without that answer. A
    database locked by another program raises (after a rollback): Database.run waits and sends the
    whole group again.
    """
    failed: dict[int, Exception] = {}
    while True:
        try:
            with transaction(conn):
                return _insert_group(conn, rows, failed, path)
        except _Cancelled:
            continue


def _insert_group(
    conn: sqlite3.Connection, rows: list[AnswerRow], failed: dict[int, Exception], path: Path
) -> list[Any]:
    outcomes: list[Any] = []
    for index, row in enumerate(rows):
        if index in failed:
            outcomes.append(failed[index])
            continue
        error: Exception
        try:
            outcomes.append(_record_answer(conn, row))
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
        outcomes.append(error)
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
        # A lone answer in autocommit; a locked database is waited out as long as it takes.
        return await self._db.run(lambda conn: _record_answer(conn, row), patience=None)

    async def _write_answers(self, rows: list[AnswerRow]) -> list[Any]:
        path = self._db.path
        return await self._db.run(lambda conn: _record_group(conn, rows, path), patience=None)

    async def record_answer(self, answer: Answer) -> Recorded:
        """Store the member's answer, committed before this returns; or tell what they answered before.

        Alone, the answer is its own transaction; in a burst it shares one with the answers that came
        with it (group commit, bot/store/groups.py) and this returns after that transaction's COMMIT.
        """
        self._db.connection()  # refuse at once when closed
        previous = await self._answers.write(answer_row(answer))
        if previous is None:
            return Recorded(first=True, previous=None)
        return Recorded(first=False, previous=answer_record(previous))

    async def import_answers(self, answers: Iterable[Answer]) -> int:
        rows = (answer_row(answer) for answer in answers)
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
            conn.executemany(_INSERT_ANSWER, rows)
            # New rows have rowids above the old maximum: the board totals take exactly them.
            conn.execute(_ADD_TO_BOARD_DAYS, (before,))
            for deck in ("deck_id", "''"):
                conn.execute(_ADD_TO_BOARD_TOTALS.format(deck=deck), (before,))
            conn.execute(trigger[0])
            added: int = conn.execute("SELECT COUNT(*) FROM answers WHERE id > ?", (before,)).fetchone()[0]
            return added

        return await self._db.write(work)

    async def round_answers(self, round_id: int, question_index: int | None = None) -> list[Answer]:
        if question_index is None:
            rows = await self._db.fetchall(
                f"SELECT {ANSWER_COLUMNS} FROM answers WHERE round_id = ? ORDER BY answered_at, id",
                (round_id,),
            )
        else:
            rows = await self._db.fetchall(
                f"SELECT {ANSWER_COLUMNS} FROM answers WHERE round_id = ? AND question_index = ? "
                "ORDER BY answered_at, id",
                (round_id, question_index),
            )
        return [answer_record(row) for row in rows]
