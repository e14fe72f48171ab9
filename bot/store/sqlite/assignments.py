"""SQLite: assignments, each member's attempts at them, and the answers of each attempt."""

from __future__ import annotations

import sqlite3
from datetime import datetime

from bot.store import assignment_records as R
from bot.store.assignment_records import AssignmentAnswer, AssignmentRecord, AttemptRecord, NewAssignment
from bot.store.sql import assignments as A
from bot.store.sql.times import to_ms
from bot.store.sqlite.connection import Database


class SqliteAssignments:
    _db: Database

    async def add_assignment(self, new: NewAssignment) -> AssignmentRecord:
        def add(conn: sqlite3.Connection) -> AssignmentRecord:
            return R.assignment_record(
                conn.execute(A.ADD.sqlite_numbered, R.new_assignment_row(new)).fetchone()
            )

        return await self._db.write(add)

    async def set_assignment_message(self, assignment_id: int, message_id: int) -> None:
        await self._db.execute(*A.SET_MESSAGE.sqlite(message=message_id, assignment=assignment_id))

    async def assignment(self, assignment_id: int) -> AssignmentRecord | None:
        row = await self._db.fetchone(*A.ASSIGNMENT.sqlite(assignment=assignment_id))
        return None if row is None else R.assignment_record(row)

    async def guild_assignments(self, guild_id: int) -> list[AssignmentRecord]:
        rows = await self._db.fetchall(*A.GUILD_ASSIGNMENTS.sqlite(guild=guild_id))
        return [R.assignment_record(row) for row in rows]

    async def close_assignment(self, guild_id: int, assignment_id: int, at: datetime) -> bool:
        changed = await self._db.execute(
            *A.CLOSE.sqlite(at=to_ms(at), assignment=assignment_id, guild=guild_id)
        )
        return changed > 0

    async def start_attempt(
        self, assignment_id: int, user_id: int, at: datetime, most: int
    ) -> AttemptRecord | None:
        def start(conn: sqlite3.Connection) -> AttemptRecord | None:
            count = conn.execute(*A.COUNT_ATTEMPTS.sqlite(assignment=assignment_id, user=user_id)).fetchone()[
                0
            ]
            if count >= most:
                return None
            added = conn.execute(
                *A.ADD_ATTEMPT.sqlite(assignment=assignment_id, user=user_id, number=count + 1, at=to_ms(at))
            ).fetchone()
            return None if added is None else R.attempt_record(added)

        return await self._db.write(start)

    async def attempt(self, attempt_id: int) -> AttemptRecord | None:
        row = await self._db.fetchone(*A.ATTEMPT.sqlite(attempt=attempt_id))
        return None if row is None else R.attempt_record(row)

    async def member_attempts(self, assignment_id: int, user_id: int) -> list[AttemptRecord]:
        rows = await self._db.fetchall(*A.MEMBER_ATTEMPTS.sqlite(assignment=assignment_id, user=user_id))
        return [R.attempt_record(row) for row in rows]

    async def assignment_attempts(self, assignment_id: int) -> list[AttemptRecord]:
        rows = await self._db.fetchall(*A.ASSIGNMENT_ATTEMPTS.sqlite(assignment=assignment_id))
        return [R.attempt_record(row) for row in rows]

    async def finish_attempt(self, attempt_id: int, at: datetime) -> bool:
        changed = await self._db.execute(*A.FINISH_ATTEMPT.sqlite(at=to_ms(at), attempt=attempt_id))
        return changed > 0

    async def record_assignment_answer(self, answer: AssignmentAnswer) -> AssignmentAnswer | None:
        def record(conn: sqlite3.Connection) -> AssignmentAnswer | None:
            before = conn.execute(
                *A.ANSWER.sqlite(attempt=answer.attempt_id, index=answer.question_index)
            ).fetchone()
            if before is not None:
                return R.assignment_answer_record(before)
            conn.execute(A.ADD_ANSWER.sqlite_numbered, R.assignment_answer_row(answer))
            return None

        return await self._db.write(record)

    async def attempt_answers(self, attempt_id: int) -> list[AssignmentAnswer]:
        rows = await self._db.fetchall(*A.ATTEMPT_ANSWERS.sqlite(attempt=attempt_id))
        return [R.assignment_answer_record(row) for row in rows]

    async def assignment_answers(self, assignment_id: int) -> list[AssignmentAnswer]:
        rows = await self._db.fetchall(*A.ASSIGNMENT_ANSWERS.sqlite(assignment=assignment_id))
        return [R.assignment_answer_record(row) for row in rows]
