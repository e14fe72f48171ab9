"""Assignments' rules: the due time a moderator wrote, each member's best attempt, and each question's result."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING

from bot.calendar.repeats import RuleError, parse_time
from bot.calendar.zones import local_day, local_instant
from bot.locales import _
from bot.store import AssignmentAnswer, AttemptRecord

if TYPE_CHECKING:
    import zoneinfo  # annotations only: bot/calendar/zones.py reads zones

_DATE_TIME = re.compile(r"^\s*(\d{4})-(\d{2})-(\d{2})\s+(\d{1,2}:\d{2})\s*$")
LATE_CHOICES = ("refuse", "allow")
MOST_ATTEMPTS = 3


def parse_due(text: str, now: datetime, zone: zoneinfo.ZoneInfo) -> datetime:
    """`YYYY-MM-DD HH:MM`, or `HH:MM` for today, in the server's zone, as a UTC instant after `now`."""
    shape = _DATE_TIME.match(text)
    try:
        if shape is not None:
            day = date(int(shape[1]), int(shape[2]), int(shape[3]))
            at = parse_time(shape[4])
        else:
            day, at = local_day(now, zone), parse_time(text)
    except (RuleError, ValueError) as exc:
        raise RuleError(
            _(
                "“{text}” is not a due time; write YYYY-MM-DD HH:MM (such as 2027-05-07 18:00) or HH:MM for today.",
                text=text[:30],
            )
        ) from exc
    due = local_instant(day, at, zone)
    if due <= now:
        raise RuleError(
            _(
                "That due time has passed (it is {now} in {zone}).",
                now=now.astimezone(zone).strftime("%Y-%m-%d %H:%M"),
                zone=zone.key,
            )
        )
    if due - now > timedelta(days=366):
        raise RuleError(_("An assignment is due within a year; pick a nearer date."))
    return due


@dataclass(frozen=True, slots=True)
class MemberResult:
    """A member's line: the score is their best attempt made in time; their best late one is shown beside."""

    user_id: int
    right: int  # in the best on-time attempt (0 without one): the assignment's score
    answered: int
    attempts: int
    started: datetime
    finished: datetime | None  # of the best on-time attempt
    spent_ms: int  # the best on-time attempt's time, question by question
    late: bool  # no attempt was made in time: everything they did came after the due time
    late_right: int | None = None  # the best late attempt's right answers (None: nothing late)
    late_answered: int | None = None


def strength(attempt: AttemptRecord, right: int) -> tuple[int, bool, float]:
    """Which attempt is best: most right, then finished, then earliest (`right`: its right answers)."""
    return (right, attempt.finished_at is not None, -attempt.started_at.timestamp())


def _strength(attempt: AttemptRecord, given: Sequence[AssignmentAnswer]) -> tuple[int, bool, float]:
    return strength(attempt, sum(a.right for a in given))


def ended_late(attempt: AttemptRecord, last_answered: datetime | None, due: datetime) -> bool:
    """An attempt finished (or, unfinished, last answered: `last_answered`) after the due time."""
    return (attempt.finished_at or last_answered or attempt.started_at) > due


def is_late(attempt: AttemptRecord, given: Sequence[AssignmentAnswer], due: datetime) -> bool:
    return ended_late(attempt, max((a.answered_at for a in given), default=None), due)


def member_results(
    attempts: Sequence[AttemptRecord], answers: Sequence[AssignmentAnswer], due: datetime
) -> list[MemberResult]:
    """One line per member who started: their best on-time attempt (the score) and their best late one."""
    by_attempt: dict[int, list[AssignmentAnswer]] = {}
    for answer in answers:
        by_attempt.setdefault(answer.attempt_id, []).append(answer)
    by_member: dict[int, list[AttemptRecord]] = {}
    for attempt in attempts:
        by_member.setdefault(attempt.user_id, []).append(attempt)
    results = []
    for user_id, theirs in by_member.items():
        on_time = [a for a in theirs if not is_late(a, by_attempt.get(a.id, []), due)]
        late = [a for a in theirs if is_late(a, by_attempt.get(a.id, []), due)]
        best = max(on_time, key=lambda a: _strength(a, by_attempt.get(a.id, [])), default=None)
        best_late = max(late, key=lambda a: _strength(a, by_attempt.get(a.id, [])), default=None)
        given = [] if best is None else by_attempt.get(best.id, [])
        late_given = None if best_late is None else by_attempt.get(best_late.id, [])
        results.append(
            MemberResult(
                user_id=user_id,
                right=sum(a.right for a in given),
                answered=len(given),
                attempts=len(theirs),
                started=min(a.started_at for a in theirs),
                finished=None if best is None else best.finished_at,
                spent_ms=sum(a.ms for a in given),
                late=best is None,
                late_right=None if late_given is None else sum(a.right for a in late_given),
                late_answered=None if late_given is None else len(late_given),
            )
        )
    results.sort(key=lambda r: (-r.right, -(r.late_right or 0), r.spent_ms, r.user_id))
    return results


@dataclass(frozen=True, slots=True)
class QuestionResult:
    index: int
    question_id: str
    answered: int
    right: int
    commonest_wrong: int | None  # the original index of the most chosen wrong choice


def question_results(
    question_ids: Sequence[str], answers: Sequence[AssignmentAnswer], best_attempts: set[int]
) -> list[QuestionResult]:
    """Per question, over each member's best attempt: how many answered, got it right, and the wrong
    choice chosen most (ties: the lower choice)."""
    found = []
    for index, question_id in enumerate(question_ids):
        given = [a for a in answers if a.question_index == index and a.attempt_id in best_attempts]
        # A lettered choice only: a set picked or a typed answer is kept as text.
        wrong = Counter(a.choice for a in given if not a.right and a.choice is not None)
        commonest = min(wrong, key=lambda c: (-wrong[c], c)) if wrong else None
        found.append(QuestionResult(index, question_id, len(given), sum(a.right for a in given), commonest))
    return found


def best_attempts(
    attempts: Sequence[AttemptRecord], answers: Sequence[AssignmentAnswer], due: datetime
) -> tuple[set[int], set[int]]:
    """Each member's best on-time attempt (what the score and per-question figures count) and best late one."""
    by_attempt: dict[int, list[AssignmentAnswer]] = {}
    for answer in answers:
        by_attempt.setdefault(answer.attempt_id, []).append(answer)
    best: dict[tuple[int, bool], AttemptRecord] = {}
    for attempt in attempts:
        given = by_attempt.get(attempt.id, [])
        key = (attempt.user_id, is_late(attempt, given, due))
        held = best.get(key)
        if held is None or _strength(attempt, given) > _strength(held, by_attempt.get(held.id, [])):
            best[key] = attempt
    return (
        {a.id for (_user, late), a in best.items() if not late},
        {a.id for (_user, late), a in best.items() if late},
    )


def progress_counts(attempts: Sequence[AttemptRecord], due: datetime) -> tuple[int, int, int]:
    """Members who started, who finished an attempt in time, and who finished only after the due time."""
    started = {a.user_id for a in attempts}
    in_time = {a.user_id for a in attempts if a.finished_at is not None and a.finished_at <= due}
    late = {a.user_id for a in attempts if a.finished_at is not None and a.finished_at > due} - in_time
    return len(started), len(in_time), len(late)
