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
    choice: int | None  # the original index of a lettered choice; None for an answer kept as text
    right: bool  # the exact verdict (the score counts it)
    ms: int
    answered_at: datetime
    text: str | None = None  # as a QotdAnswer's (bot/store/calendar_records.py)
    points: int | None = None  # the points judging gave (a share of 100 for a partly right set or cloze)
