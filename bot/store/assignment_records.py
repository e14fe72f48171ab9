"""Records of assignments: questions every member plays privately before a due time, attempts, answers."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

__all__ = [
    "AssignmentAnswer",
    "AssignmentRecord",
    "AttemptRecord",
    "NewAssignment",
]


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


@dataclass(frozen=True, slots=True)
class AttemptRecord:
    id: int
    assignment_id: int
    user_id: int
    number: int
    started_at: datetime
    finished_at: datetime | None


@dataclass(frozen=True, slots=True)
class AssignmentAnswer:
    attempt_id: int
    question_index: int
    question_id: str
    choice: int  # the original choice index
    right: bool
    ms: int
    answered_at: datetime
