"""Records of assignments (questions every member plays privately before a due time), and their rows."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.store.calendar_records import ms_or_none, time_or_none


def _at(value: Any) -> datetime:
    moment = time_or_none(value)
    assert moment is not None
    return moment


@dataclass(frozen=True, slots=True)
class NewAssignment:
    guild_id: int
    channel_id: int
    deck_id: str
    question_ids: tuple[str, ...]
    seed: int
    due_at: datetime
    attempts: int  # 1-3
    late: str  # allow | refuse
    created_by: int
    created_at: datetime


@dataclass(frozen=True, slots=True)
class AssignmentRecord:
    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    deck_id: str
    question_ids: tuple[str, ...]
    seed: int
    due_at: datetime
    attempts: int
    late: str
    created_by: int
    created_at: datetime
    closed_at: datetime | None


ASSIGNMENT_COLUMNS = (
    "id, guild_id, channel_id, message_id, deck_id, question_ids, seed, due_at, attempts, late, "
    "created_by, created_at, closed_at"
)
NEW_ASSIGNMENT_COLUMNS = (
    "guild_id, channel_id, deck_id, question_ids, seed, due_at, attempts, late, created_by, created_at"
)


def new_assignment_row(new: NewAssignment) -> tuple[Any, ...]:
    return (
        new.guild_id,
        new.channel_id,
        new.deck_id,
        json.dumps(list(new.question_ids)),
        new.seed,
        ms_or_none(new.due_at),
        new.attempts,
        new.late,
        new.created_by,
        ms_or_none(new.created_at),
    )


def assignment_record(row: Sequence[Any]) -> AssignmentRecord:
    return AssignmentRecord(
        id=int(row[0]),
        guild_id=int(row[1]),
        channel_id=int(row[2]),
        message_id=None if row[3] is None else int(row[3]),
        deck_id=str(row[4]),
        question_ids=tuple(json.loads(row[5])),
        seed=int(row[6]),
        due_at=_at(row[7]),
        attempts=int(row[8]),
        late=str(row[9]),
        created_by=int(row[10]),
        created_at=_at(row[11]),
        closed_at=time_or_none(row[12]),
    )


@dataclass(frozen=True, slots=True)
class AttemptRecord:
    id: int
    assignment_id: int
    user_id: int
    number: int
    started_at: datetime
    finished_at: datetime | None


ATTEMPT_COLUMNS = "id, assignment_id, user_id, number, started_at, finished_at"


def attempt_record(row: Sequence[Any]) -> AttemptRecord:
    return AttemptRecord(
        int(row[0]), int(row[1]), int(row[2]), int(row[3]), _at(row[4]), time_or_none(row[5])
    )


@dataclass(frozen=True, slots=True)
class AssignmentAnswer:
    attempt_id: int
    question_index: int
    question_id: str
    choice: int  # the original choice index
    right: bool
    ms: int
    answered_at: datetime


ASSIGNMENT_ANSWER_COLUMNS = "attempt_id, question_index, question_id, choice, correct, ms, answered_at"


def assignment_answer_record(row: Sequence[Any]) -> AssignmentAnswer:
    return AssignmentAnswer(
        int(row[0]), int(row[1]), str(row[2]), int(row[3]), bool(row[4]), int(row[5]), _at(row[6])
    )


def assignment_answer_row(answer: AssignmentAnswer) -> tuple[Any, ...]:
    return (
        answer.attempt_id,
        answer.question_index,
        answer.question_id,
        answer.choice,
        int(answer.right),
        answer.ms,
        ms_or_none(answer.answered_at),
    )
