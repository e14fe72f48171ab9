"""SQLite: assignments, each member's attempts at them, and the answers of each attempt."""

from __future__ import annotations

import sqlite3
from datetime import datetime

from bot.store.assignment_records import (
    ASSIGNMENT_ANSWER_COLUMNS,
    ASSIGNMENT_COLUMNS,
    ATTEMPT_COLUMNS,
    NEW_ASSIGNMENT_COLUMNS,
    AssignmentAnswer,
    AssignmentRecord,
    AttemptRecord,
    NewAssignment,
    assignment_answer_record,
    assignment_answer_row,
    assignment_record,
    attempt_record,
    new_assignment_row,
)
from bot.store.sql.times import to_ms
from bot.store.sqlite.connection import Database


class SqliteAssignments:
    _db: Database

    async def add_assignment(self, new: NewAssignment) -> AssignmentRecord:
        def add(conn: sqlite3.Connection) -> AssignmentRecord:
            cursor = conn.execute(
                f"INSERT INTO assignments ({NEW_ASSIGNMENT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                new_assignment_row(new),
            )
            row = conn.execute(
                f"SELECT {ASSIGNMENT_COLUMNS} FROM assignments WHERE id = ?", (cursor.lastrowid,)
            ).fetchone()
            return assignment_record(row)

        return await self._db.write(add)

    async def set_assignment_message(self, assignment_id: int, message_id: int) -> None:
        await self._db.execute(
            "UPDATE assignments SET message_id = ? WHERE id = ?", (message_id, assignment_id)
        )

    async def assignment(self, assignment_id: int) -> AssignmentRecord | None:
        row = await self._db.fetchone(
            f"SELECT {ASSIGNMENT_COLUMNS} FROM assignments WHERE id = ?", (assignment_id,)
        )
        return None if row is None else assignment_record(row)

    async def guild_assignments(self, guild_id: int) -> list[AssignmentRecord]:
        rows = await self._db.fetchall(
            f"SELECT {ASSIGNMENT_COLUMNS} FROM assignments WHERE guild_id = ? ORDER BY id DESC LIMIT 25",
            (guild_id,),
        )
        return [assignment_record(row) for row in rows]

    async def close_assignment(self, guild_id: int, assignment_id: int, at: datetime) -> bool:
        changed = await self._db.execute(
            "UPDATE assignments SET closed_at = ? WHERE id = ? AND guild_id = ? AND closed_at IS NULL",
            (to_ms(at), assignment_id, guild_id),
        )
        return changed > 0

    async def start_attempt(
        self, assignment_id: int, user_id: int, at: datetime, most: int
    ) -> AttemptRecord | None:
        def start(conn: sqlite3.Connection) -> AttemptRecord | None:
            count = conn.execute(
                "SELECT COUNT(*) FROM assignment_attempts WHERE assignment_id = ? AND user_id = ?",
                (assignment_id, user_id),
            ).fetchone()[0]
            if count >= most:
                return None
            cursor = conn.execute(
                "INSERT INTO assignment_attempts (assignment_id, user_id, number, started_at) VALUES (?, ?, ?, ?)",
                (assignment_id, user_id, count + 1, to_ms(at)),
            )
            row = conn.execute(
                f"SELECT {ATTEMPT_COLUMNS} FROM assignment_attempts WHERE id = ?", (cursor.lastrowid,)
            ).fetchone()
            return attempt_record(row)

        return await self._db.write(start)

    async def attempt(self, attempt_id: int) -> AttemptRecord | None:
        row = await self._db.fetchone(
            f"SELECT {ATTEMPT_COLUMNS} FROM assignment_attempts WHERE id = ?", (attempt_id,)
        )
        return None if row is None else attempt_record(row)

    async def member_attempts(self, assignment_id: int, user_id: int) -> list[AttemptRecord]:
        rows = await self._db.fetchall(
            f"SELECT {ATTEMPT_COLUMNS} FROM assignment_attempts WHERE assignment_id = ? AND user_id = ? ORDER BY number",
            (assignment_id, user_id),
        )
        return [attempt_record(row) for row in rows]

    async def assignment_attempts(self, assignment_id: int) -> list[AttemptRecord]:
        rows = await self._db.fetchall(
            f"SELECT {ATTEMPT_COLUMNS} FROM assignment_attempts WHERE assignment_id = ? ORDER BY id",
            (assignment_id,),
        )
        return [attempt_record(row) for row in rows]

    async def finish_attempt(self, attempt_id: int, at: datetime) -> bool:
        changed = await self._db.execute(
            "UPDATE assignment_attempts SET finished_at = ? WHERE id = ? AND finished_at IS NULL",
            (to_ms(at), attempt_id),
        )
        return changed > 0

    async def record_assignment_answer(self, answer: AssignmentAnswer) -> AssignmentAnswer | None:
        def record(conn: sqlite3.Connection) -> AssignmentAnswer | None:
            before = conn.execute(
                f"SELECT {ASSIGNMENT_ANSWER_COLUMNS} FROM assignment_answers WHERE attempt_id = ? AND question_index = ?",
                (answer.attempt_id, answer.question_index),
            ).fetchone()
            if before is not None:
                return assignment_answer_record(before)
            conn.execute(
                f"INSERT INTO assignment_answers ({ASSIGNMENT_ANSWER_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)",
                assignment_answer_row(answer),
            )
            return None

        return await self._db.write(record)

    async def attempt_answers(self, attempt_id: int) -> list[AssignmentAnswer]:
        rows = await self._db.fetchall(
            f"SELECT {ASSIGNMENT_ANSWER_COLUMNS} FROM assignment_answers WHERE attempt_id = ? ORDER BY question_index",
            (attempt_id,),
        )
        return [assignment_answer_record(row) for row in rows]

    async def assignment_answers(self, assignment_id: int) -> list[AssignmentAnswer]:
        rows = await self._db.fetchall(
            "SELECT a.attempt_id, a.question_index, a.question_id, a.choice, a.correct, a.ms, a.answered_at "
            "FROM assignment_answers a JOIN assignment_attempts t ON t.id = a.attempt_id "
            "WHERE t.assignment_id = ? ORDER BY a.attempt_id, a.question_index",
            (assignment_id,),
        )
        return [assignment_answer_record(row) for row in rows]
