"""Assignments, each member's attempts at them, and the answers of each attempt."""

from __future__ import annotations

from datetime import datetime

from bot.store.assignment_records import AssignmentAnswer, AssignmentRecord, AttemptRecord, NewAssignment
from bot.store.sql import assignments as A
from bot.store.sql.engine import Engine, Transaction, changed, row, value
from bot.store.sql.times import to_ms


def _add(new: NewAssignment) -> Transaction[AssignmentRecord]:
    return A.ASSIGNMENT_COLUMNS.record((yield row(A.ADD, A.NEW_ASSIGNMENT_COLUMNS.row(new))))


def _start(assignment_id: int, user_id: int, at: int, most: int) -> Transaction[AttemptRecord | None]:
    # Starts at once (two processes on PostgreSQL) may count the same attempts: the one that loses the
    # number counts again (each statement of a read-committed transaction sees what committed since), so
    # a member with attempts left is never refused for having clicked twice.
    for _ in range(most):
        count = int((yield value(A.COUNT_ATTEMPTS, assignment=assignment_id, user=user_id)))
        if count >= most:
            return None
        added = yield row(A.ADD_ATTEMPT, assignment=assignment_id, user=user_id, number=count + 1, at=at)
        if added is not None:
            return A.ATTEMPT_COLUMNS.record(added)
    return None


def _answer(answer: AssignmentAnswer) -> Transaction[AssignmentAnswer | None]:
    if (yield changed(A.ADD_ANSWER, A.ASSIGNMENT_ANSWER_COLUMNS.row(answer))) > 0:
        return None
    return A.ASSIGNMENT_ANSWER_COLUMNS.record(
        (yield row(A.ANSWER, attempt=answer.attempt_id, index=answer.question_index))
    )


class SharedAssignments:
    _engine: Engine

    async def add_assignment(self, new: NewAssignment) -> AssignmentRecord:
        return await self._engine.write(lambda: _add(new))

    async def set_assignment_message(self, assignment_id: int, message_id: int) -> None:
        await self._engine.execute(A.SET_MESSAGE, message=message_id, assignment=assignment_id)

    async def assignment(self, assignment_id: int) -> AssignmentRecord | None:
        return await self._engine.fetch_record(A.ASSIGNMENT_COLUMNS, A.ASSIGNMENT, assignment=assignment_id)

    async def guild_assignments(self, guild_id: int) -> list[AssignmentRecord]:
        return await self._engine.fetch_records(A.ASSIGNMENT_COLUMNS, A.GUILD_ASSIGNMENTS, guild=guild_id)

    async def close_assignment(self, guild_id: int, assignment_id: int, at: datetime) -> bool:
        return await self._engine.execute(A.CLOSE, at=to_ms(at), assignment=assignment_id, guild=guild_id) > 0

    async def start_attempt(
        self, assignment_id: int, user_id: int, at: datetime, most: int
    ) -> AttemptRecord | None:
        return await self._engine.write(lambda: _start(assignment_id, user_id, to_ms(at), most))

    async def attempt(self, attempt_id: int) -> AttemptRecord | None:
        return await self._engine.fetch_record(A.ATTEMPT_COLUMNS, A.ATTEMPT, attempt=attempt_id)

    async def member_attempts(self, assignment_id: int, user_id: int) -> list[AttemptRecord]:
        return await self._engine.fetch_records(
            A.ATTEMPT_COLUMNS, A.MEMBER_ATTEMPTS, assignment=assignment_id, user=user_id
        )

    async def assignment_attempts(self, assignment_id: int) -> list[AttemptRecord]:
        return await self._engine.fetch_records(
            A.ATTEMPT_COLUMNS, A.ASSIGNMENT_ATTEMPTS, assignment=assignment_id
        )

    async def finish_attempt(self, attempt_id: int, at: datetime) -> bool:
        return await self._engine.execute(A.FINISH_ATTEMPT, at=to_ms(at), attempt=attempt_id) > 0

    async def record_assignment_answer(self, answer: AssignmentAnswer) -> AssignmentAnswer | None:
        return await self._engine.write(lambda: _answer(answer))

    async def attempt_answers(self, attempt_id: int) -> list[AssignmentAnswer]:
        return await self._engine.fetch_records(
            A.ASSIGNMENT_ANSWER_COLUMNS, A.ATTEMPT_ANSWERS, attempt=attempt_id
        )

    async def assignment_answers(self, assignment_id: int) -> list[AssignmentAnswer]:
        return await self._engine.fetch_records(
            A.ASSIGNMENT_ANSWER_COLUMNS, A.ASSIGNMENT_ANSWERS, assignment=assignment_id
        )
