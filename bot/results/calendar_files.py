"""The calendar's results as files, CSV and JSON, beside a round's (bot/results/round_files.py): an
assignment's (/assign results and the dashboard) and the questions of the day of a span of days (the
dashboard), each answer a row written by bot/results/result_rows.py, times in the server's zone."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from bot.bank.models import Deck, Question
from bot.results.result_rows import (
    ResultRow,
    assignment_rows,
    day_text,
    qotd_rows,
)
from bot.results.round_files import RoundFiles
from bot.store import AssignmentAnswer, AssignmentRecord, AttemptRecord, QotdAnswer, QotdDay

if TYPE_CHECKING:
    import zoneinfo  # annotations only: the first results file loads it (tzdata)


def _stamp(value: Any, zone: zoneinfo.ZoneInfo) -> Any:
    return value.astimezone(zone).isoformat(timespec="seconds") if value is not None else None


def assignment_options(
    record: AssignmentRecord, members: Iterable[Mapping[str, Any]], zone: zoneinfo.ZoneInfo
) -> dict[str, Any]:
    """What the JSON file says of the assignment and of each member's line (bot.calendar.assignments'
    MemberResult as a dict), its times in the server's zone."""
    return {
        "deck": record.deck_id,
        "questions": len(record.question_ids),
        "due_at": _stamp(record.due_at, zone),
        "attempts": record.attempts,
        "late": record.late,
        "members": [
            {**m, "started": _stamp(m["started"], zone), "finished": _stamp(m["finished"], zone)}
            for m in members
        ],
    }


def assignment_files(
    record: AssignmentRecord,
    attempts: Sequence[AttemptRecord],
    answers: Sequence[AssignmentAnswer],
    best: tuple[set[int], set[int]],
    members: Iterable[Mapping[str, Any]],
    deck: Deck | None,
    names: Mapping[int, str],
    zone: zoneinfo.ZoneInfo,
) -> RoundFiles:
    """Each member's best on-time and best late attempt (`best`, as bot.calendar.assignments.best_attempts
    gives them), a row per question answered; `deck`: the questions as the assignment asked them."""
    on_time, late = best
    rows = assignment_rows(record, attempts, answers, on_time, late, deck, names, zone)
    options = assignment_options(record, members, zone)
    return RoundFiles(rows, "assignment", record.id, options)


def qotd_files(
    days: Sequence[tuple[QotdDay, Question | None, Sequence[QotdAnswer]]],
    names: Mapping[int, str],
    zone: zoneinfo.ZoneInfo,
    options: Mapping[str, Any],
) -> RoundFiles:
    """The days' answers (each day with its question as it was asked), oldest day first; `options` say
    which days (the JSON's `options`: the filter the list was given)."""
    rows: list[ResultRow] = []
    for day, question, answers in sorted(days, key=lambda d: d[0].day):
        rows += qotd_rows(day, question, answers, names, zone)
    first = min((d.day for d, _q, _a in days), default=0)
    shown = {**options, "days": [day_text(d.day) for d, _q, _a in sorted(days, key=lambda d: d[0].day)]}
    return RoundFiles(rows, "qotd", first, shown)
