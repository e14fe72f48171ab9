"""Assignments, each member's attempts at them, and the answers of each attempt, on PostgreSQL."""

from __future__ import annotations

from datetime import datetime

import asyncpg

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
from bot.store.calendar_records import ms_or_none
from bot.store.postgres.connection import Connected, affected


def _places(count: int) -> str:
    return ", ".join(f"${n}" for n in range(1, count + 1))


class PostgresAssignments(Connected):
    async def add_assignment(self, new: NewAssignment) -> AssignmentRecord:
        row = new_assignment_row(new)

        async def add(conn: asyncpg.Connection) -> AssignmentRecord:
            added = await conn.fetchrow(
                f"INSERT INTO assignments ({NEW_ASSIGNMENT_COLUMNS}) VALUES ({_places(len(row))}) "
                f"RETURNING {ASSIGNMENT_COLUMNS}",
                *row,
            )
            return assignment_record(tuple(added))

        return await self._write(add)

    async def set_assignment_message(self, assignment_id: int, message_id: int) -> None:
        await self._execute("UPDATE assignments SET message_id = $1 WHERE id = $2", message_id, assignment_id)

    async def assignment(self, assignment_id: int) -> AssignmentRecord | None:
        row = await self._fetchrow(
            f"SELECT {ASSIGNMENT_COLUMNS} FROM assignments WHERE id = $1", assignment_id
        )
        return None if row is None else assignment_record(tuple(row))

    async def guild_assignments(self, guild_id: int) -> list[AssignmentRecord]:
        rows = await self._fetch(
            f"SELECT {ASSIGNMENT_COLUMNS} FROM assignments WHERE guild_id = $1 ORDER BY id DESC LIMIT 25",
            guild_id,
        )
        return [assignment_record(tuple(row)) for row in rows]

    async def close_assignment(self, guild_id: int, assignment_id: int, at: datetime) -> bool:
        status = await self._execute(
            "UPDATE assignments SET closed_at = $1 WHERE id = $2 AND guild_id = $3 AND closed_at IS NULL",
            ms_or_none(at),
            assignment_id,
            guild_id,
        )
        return affected(status) > 0

    async def start_attempt(
        self, assignment_id: int, user_id: int, at: datetime, most: int
    ) -> AttemptRecord | None:
        async def start(conn: asyncpg.Connection) -> AttemptRecord | None:
            count = await conn.fetchval(
                "SELECT COUNT(*) FROM assignment_attempts WHERE assignment_id = $1 AND user_id = $2",
                assignment_id,
                user_id,
            )
            if count >= most:
                return None
            # Two Starts at once both count the same attempts: the unique number lets one of them in.
            added = await conn.fetchrow(
                "INSERT INTO assignment_attempts (assignment_id, user_id, number, started_at) "
                "VALUES ($1, $2, $3, $4) ON CONFLICT (assignment_id, user_id, number) DO NOTHING "
                f"RETURNING {ATTEMPT_COLUMNS}",
                assignment_id,
                user_id,
                int(count) + 1,
                ms_or_none(at),
            )
            return None if added is None else attempt_record(tuple(added))

        return await self._write(start)

    async def attempt(self, attempt_id: int) -> AttemptRecord | None:
        row = await self._fetchrow(
            f"SELECT {ATTEMPT_COLUMNS} FROM assignment_attempts WHERE id = $1", attempt_id
        )
        return None if row is None else attempt_record(tuple(row))

    async def member_attempts(self, assignment_id: int, user_id: int) -> list[AttemptRecord]:
        rows = await self._fetch(
            f"SELECT {ATTEMPT_COLUMNS} FROM assignment_attempts WHERE assignment_id = $1 AND user_id = $2 ORDER BY number",
            assignment_id,
            user_id,
        )
        return [attempt_record(tuple(row)) for row in rows]

    async def assignment_attempts(self, assignment_id: int) -> list[AttemptRecord]:
        rows = await self._fetch(
            f"SELECT {ATTEMPT_COLUMNS} FROM assignment_attempts WHERE assignment_id = $1 ORDER BY id",
            assignment_id,
        )
        return [attempt_record(tuple(row)) for row in rows]

    async def finish_attempt(self, attempt_id: int, at: datetime) -> bool:
        status = await self._execute(
            "UPDATE assignment_attempts SET finished_at = $1 WHERE id = $2 AND finished_at IS NULL",
            ms_or_none(at),
            attempt_id,
        )
        return affected(status) > 0

    async def record_assignment_answer(self, answer: AssignmentAnswer) -> AssignmentAnswer | None:
        row = assignment_answer_row(answer)

        async def record(conn: asyncpg.Connection) -> AssignmentAnswer | None:
            status = await conn.execute(
                f"INSERT INTO assignment_answers ({ASSIGNMENT_ANSWER_COLUMNS}) VALUES ({_places(len(row))}) "
                "ON CONFLICT (attempt_id, question_index) DO NOTHING",
                *row,
            )
            if affected(status) > 0:
                return None
            before = await conn.fetchrow(
                f"SELECT {ASSIGNMENT_ANSWER_COLUMNS} FROM assignment_answers WHERE attempt_id = $1 AND question_index = $2",
                answer.attempt_id,
                answer.question_index,
            )
            return assignment_answer_record(tuple(before))

        return await self._write(record)

    async def attempt_answers(self, attempt_id: int) -> list[AssignmentAnswer]:
        rows = await self._fetch(
            f"SELECT {ASSIGNMENT_ANSWER_COLUMNS} FROM assignment_answers WHERE attempt_id = $1 ORDER BY question_index",
            attempt_id,
        )
        return [assignment_answer_record(tuple(row)) for row in rows]

    async def assignment_answers(self, assignment_id: int) -> list[AssignmentAnswer]:
        rows = await self._fetch(
            "SELECT a.attempt_id, a.question_index, a.question_id, a.choice, a.correct, a.ms, a.answered_at "
            "FROM assignment_answers a JOIN assignment_attempts t ON t.id = a.attempt_id "
            "WHERE t.assignment_id = $1 ORDER BY a.attempt_id, a.question_index",
            assignment_id,
        )
        return [assignment_answer_record(tuple(row)) for row in rows]
