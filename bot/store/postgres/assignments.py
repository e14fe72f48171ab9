"""Assignments, each member's attempts at them, and the answers of each attempt, on PostgreSQL."""

from __future__ import annotations

from datetime import datetime

import asyncpg

from bot.store import assignment_records as R
from bot.store.assignment_records import AssignmentAnswer, AssignmentRecord, AttemptRecord, NewAssignment
from bot.store.calendar_records import ms_or_none
from bot.store.postgres.connection import Connected
from bot.store.postgres.engine import affected
from bot.store.sql import assignments as A


class PostgresAssignments(Connected):
    async def add_assignment(self, new: NewAssignment) -> AssignmentRecord:
        async def add(conn: asyncpg.Connection) -> AssignmentRecord:
            added = await conn.fetchrow(A.ADD.postgres_text, *R.new_assignment_row(new))
            return R.assignment_record(tuple(added))

        return await self._write(add)

    async def set_assignment_message(self, assignment_id: int, message_id: int) -> None:
        await self._execute(*A.SET_MESSAGE.postgres(message=message_id, assignment=assignment_id))

    async def assignment(self, assignment_id: int) -> AssignmentRecord | None:
        row = await self._fetchrow(*A.ASSIGNMENT.postgres(assignment=assignment_id))
        return None if row is None else R.assignment_record(tuple(row))

    async def guild_assignments(self, guild_id: int) -> list[AssignmentRecord]:
        rows = await self._fetch(*A.GUILD_ASSIGNMENTS.postgres(guild=guild_id))
        return [R.assignment_record(tuple(row)) for row in rows]

    async def close_assignment(self, guild_id: int, assignment_id: int, at: datetime) -> bool:
        status = await self._execute(
            *A.CLOSE.postgres(at=ms_or_none(at), assignment=assignment_id, guild=guild_id)
        )
        return affected(status) > 0

    async def start_attempt(
        self, assignment_id: int, user_id: int, at: datetime, most: int
    ) -> AttemptRecord | None:
        async def start(conn: asyncpg.Connection) -> AttemptRecord | None:
            count = await conn.fetchval(*A.COUNT_ATTEMPTS.postgres(assignment=assignment_id, user=user_id))
            if count >= most:
                return None
            added = await conn.fetchrow(
                *A.ADD_ATTEMPT.postgres(
                    assignment=assignment_id, user=user_id, number=int(count) + 1, at=ms_or_none(at)
                )
            )
            return None if added is None else R.attempt_record(tuple(added))

        return await self._write(start)

    async def attempt(self, attempt_id: int) -> AttemptRecord | None:
        row = await self._fetchrow(*A.ATTEMPT.postgres(attempt=attempt_id))
        return None if row is None else R.attempt_record(tuple(row))

    async def member_attempts(self, assignment_id: int, user_id: int) -> list[AttemptRecord]:
        rows = await self._fetch(*A.MEMBER_ATTEMPTS.postgres(assignment=assignment_id, user=user_id))
        return [R.attempt_record(tuple(row)) for row in rows]

    async def assignment_attempts(self, assignment_id: int) -> list[AttemptRecord]:
        rows = await self._fetch(*A.ASSIGNMENT_ATTEMPTS.postgres(assignment=assignment_id))
        return [R.attempt_record(tuple(row)) for row in rows]

    async def finish_attempt(self, attempt_id: int, at: datetime) -> bool:
        status = await self._execute(*A.FINISH_ATTEMPT.postgres(at=ms_or_none(at), attempt=attempt_id))
        return affected(status) > 0

    async def record_assignment_answer(self, answer: AssignmentAnswer) -> AssignmentAnswer | None:
        row = R.assignment_answer_row(answer)

        async def record(conn: asyncpg.Connection) -> AssignmentAnswer | None:
            if affected(await conn.execute(A.ADD_ANSWER.postgres_text, *row)) > 0:
                return None
            before = await conn.fetchrow(
                *A.ANSWER.postgres(attempt=answer.attempt_id, index=answer.question_index)
            )
            return R.assignment_answer_record(tuple(before))

        return await self._write(record)

    async def attempt_answers(self, attempt_id: int) -> list[AssignmentAnswer]:
        rows = await self._fetch(*A.ATTEMPT_ANSWERS.postgres(attempt=attempt_id))
        return [R.assignment_answer_record(tuple(row)) for row in rows]

    async def assignment_answers(self, assignment_id: int) -> list[AssignmentAnswer]:
        rows = await self._fetch(*A.ASSIGNMENT_ANSWERS.postgres(assignment=assignment_id))
        return [R.assignment_answer_record(tuple(row)) for row in rows]
