"""Results to take away: a row per member and question of a round or an assignment, as CSV and JSON files."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from bot.bank.models import Deck, Kind, Question, picked_words, typed_words
from bot.bank.spreadsheet_csv import Cell
from bot.bank.spreadsheet_csv import csv_bytes as sheet_bytes
from bot.locales import _, p_
from bot.quiz.shuffle import choice_order, slot_letter
from bot.store import (
    Answer,
    AssignmentAnswer,
    AssignmentRecord,
    AttemptRecord,
    QotdAnswer,
    QotdDay,
    RoundRecord,
)

if TYPE_CHECKING:
    import zoneinfo  # annotations only: bot/calendar/zones.py reads zones

COLUMNS = (
    "source",
    "question_number",
    "question_id",
    "prompt",
    "member_id",
    "member_name",
    "choice_letter",
    "answer",
    "right",
    "ms",
    "points",
    "answered_at",
    "hints",
)


def headers() -> list[str]:
    """The CSV's header row, in the reader's language (a teacher opens the file); the JSON keeps COLUMNS."""
    return [
        p_("results column", "Round or assignment"),
        p_("results column", "Question number"),
        p_("results column", "Question id"),
        p_("results column", "Question"),
        p_("results column", "Member id"),
        p_("results column", "Member"),
        p_("results column", "Choice letter"),
        p_("results column", "Answer"),
        p_("results column", "Right"),
        p_("results column", "Milliseconds"),
        p_("results column", "Points"),
        p_("results column", "Answered at"),
        p_("results column", "Hints"),
    ]


@dataclass(frozen=True, slots=True)
class ResultRow:
    source: str  # "round 12", "assignment 3" or "day 2026-12-01" (a question of the day)
    question_number: int  # 1-based, as the round or assignment numbered it
    question_id: str
    prompt: str
    member_id: int
    member_name: str
    choice_letter: str  # "" for a typed answer
    answer: str  # the chosen choice's text, or what the member typed
    right: bool
    ms: int
    points: int
    answered_at: datetime  # aware; written in the server's zone with its offset
    hints: int = 0  # presses of Hint on the question before answering (typed questions; 0 in assignments)


def _source(source: str) -> str:
    """`round 12` (the JSON's stable value) as the reader's language says it."""
    kind, _space, number = source.partition(" ")
    if kind == "round" and number.isdigit():
        return _("round {number}", number=number)
    if kind == "assignment" and number.isdigit():
        return _("assignment {number}", number=number)
    if kind == "assignment" and number.endswith(" late") and number[: -len(" late")].isdigit():
        return _("assignment {number}, late", number=number[: -len(" late")])
    if kind == "day":  # a question of the day, by the server's date (2026-12-01)
        return _("question of the day {day}", day=number)
    return source


def _cells(rows: Sequence[ResultRow]) -> Iterator[tuple[Cell, ...]]:
    """Each row's cells in COLUMNS' order: yes and no looked up once a file, each source once (a file of
    600 rows has one or a few dozen), not once a cell."""
    yes, no = _("yes"), _("no")
    sources: dict[str, str] = {}
    for row in rows:
        source = sources.get(row.source)
        if source is None:
            source = sources[row.source] = _source(row.source)
        yield (
            source,
            row.question_number,
            row.question_id,
            row.prompt,
            row.member_id,
            row.member_name,
            row.choice_letter,
            row.answer,
            yes if row.right else no,
            row.ms,
            row.points,
            row.answered_at.isoformat(timespec="seconds"),
            row.hints,
        )


def csv_bytes(rows: Sequence[ResultRow]) -> bytes:
    """The rows as a spreadsheet (bot.spreadsheet_csv), the header and yes/no in the reader's language."""
    return sheet_bytes(headers(), _cells(rows))


def json_bytes(kind: str, ident: int, options: Mapping[str, Any], rows: Sequence[ResultRow]) -> bytes:
    """The same rows, with what was played: a round's options or an assignment's settings."""
    shaped = []
    for row in rows:  # its fields one by one: dataclasses.asdict deep-copies each value, 3 times the cost
        item = {column: getattr(row, column) for column in COLUMNS}
        item["answered_at"] = row.answered_at.isoformat(timespec="seconds")
        shaped.append(item)
    document = {"kind": kind, "id": ident, "options": dict(options), "rows": shaped}
    return json.dumps(document, ensure_ascii=False, indent=2, default=str).encode("utf-8")


def _asked(deck: Deck | None, question_ids: Sequence[str], index: int) -> Question | None:
    """Question `index` as it was asked (`deck`: what was asked, bot/results/asked.py), by the round's own id for it."""
    if deck is None or not 0 <= index < len(question_ids):
        return None
    return deck.question(question_ids[index])


def _chosen(
    question: Question | None, seed: int, index: int, choice: int | None, text: str | None
) -> tuple[str, str, str]:
    """The question's prompt, and the letter and text of what the member gave."""
    if question is None:
        return "", "", text or ("" if choice is None else str(choice))
    if question.kind is Kind.MULTI:  # the set in the deck's words: its letters were shuffled
        return question.prompt, "", picked_words(question, text)
    if choice is None or question.typed:
        return question.prompt, "", typed_words(question, text)
    order = choice_order(seed, index, len(question.choices), question.kind)
    slot = order.index(choice) if choice in order else None
    return question.prompt, "" if slot is None else slot_letter(slot), question.choices[choice]


def _row(
    given: tuple[str, str, str],
    member_id: int,
    answer: Answer | AssignmentAnswer | QotdAnswer,
    *,
    source: str,
    question_number: int,
    question_id: str,
    ms: int,
    points: int,
    hints: int = 0,
    names: Mapping[int, str],
    zone: zoneinfo.ZoneInfo,
) -> ResultRow:
    """`member_id`'s answer as a row: `given` is _chosen's prompt, letter and text; the time in `zone`."""
    prompt, letter, text = given
    return ResultRow(
        source=source,
        question_number=question_number,
        question_id=question_id,
        prompt=prompt,
        member_id=member_id,
        member_name=names.get(member_id, ""),
        choice_letter=letter,
        answer=text,
        right=answer.right,
        ms=ms,
        points=points,
        answered_at=answer.answered_at.astimezone(zone),
        hints=hints,
    )


def kept_points(points: int | None, right: bool) -> int:
    """A calendar answer's points; a record without them (none is read so: 0018 gave old rows theirs) as a
    right answer's 100 or a wrong one's 0."""
    return (100 if right else 0) if points is None else points


def round_rows(
    record: RoundRecord,
    answers: Sequence[Answer],
    deck: Deck | None,
    names: Mapping[int, str],
    zone: zoneinfo.ZoneInfo,
    hints: Mapping[tuple[int, int], int] | None = None,
) -> list[ResultRow]:
    """A row per answer; `hints` holds each member's presses of Hint by (question index, member id)."""
    pressed = hints or {}
    rows = []
    for answer in sorted(answers, key=lambda a: (a.question_index, a.answered_at, a.user_id)):
        given = _chosen(
            _asked(deck, record.question_ids, answer.question_index),
            record.seed,
            answer.question_index,
            answer.choice,
            answer.text,
        )
        rows.append(
            _row(
                given,
                answer.user_id,
                answer,
                source=f"round {record.id}",  # i18n: not shown (the JSON's value; the CSV says it in words)
                question_number=answer.question_index + 1,
                question_id=answer.question_id,
                ms=answer.ms,
                points=answer.points,
                hints=pressed.get((answer.question_index, answer.user_id), 0),
                names=names,
                zone=zone,
            )
        )
    return rows


def pressed_hints(kept: Sequence[tuple[int, int, int]]) -> dict[tuple[int, int], int]:
    """The store's presses of Hint of a round (question index, member id, presses) as round_rows takes them."""
    return {(index, user_id): presses for index, user_id, presses in kept}


def assignment_rows(
    record: AssignmentRecord,
    attempts: Sequence[AttemptRecord],
    answers: Sequence[AssignmentAnswer],
    best: set[int],
    late: set[int],
    deck: Deck | None,
    names: Mapping[int, str],
    zone: zoneinfo.ZoneInfo,
) -> list[ResultRow]:
    """Each member's best on-time attempt and best late one, a row per question they answered in each
    (the late rows' source is "assignment 3 late", the JSON's stable value; the CSV says it in words)."""
    owner = {a.id: a.user_id for a in attempts}
    rows = []
    kept = [a for a in answers if a.attempt_id in best or a.attempt_id in late]
    for answer in sorted(kept, key=lambda a: (a.question_index, owner[a.attempt_id], a.attempt_id in late)):
        late_one = answer.attempt_id in late
        rows.append(
            _assignment_row(record, answer, owner[answer.attempt_id], deck, names, zone, late=late_one)
        )
    return rows


def _assignment_row(
    record: AssignmentRecord,
    answer: AssignmentAnswer,
    user_id: int,
    deck: Deck | None,
    names: Mapping[int, str],
    zone: zoneinfo.ZoneInfo,
    *,
    late: bool,
) -> ResultRow:
    given = _chosen(
        _asked(deck, record.question_ids, answer.question_index),
        record.seed ^ user_id,
        answer.question_index,
        answer.choice,
        answer.text,
    )
    return _row(
        given,
        user_id,
        answer,
        source=f"assignment {record.id}{' late' if late else ''}",  # i18n: not shown
        question_number=answer.question_index + 1,
        question_id=answer.question_id,
        ms=answer.ms,
        points=kept_points(answer.points, answer.right),
        names=names,
        zone=zone,
    )


def day_text(day: int) -> str:
    """A question of the day's date (kept as YYYYMMDD, the server's date) as ISO writes it: 2026-12-01."""
    text = f"{day:08d}"
    return f"{text[:4]}-{text[4:6]}-{text[6:]}"


def qotd_rows(
    day: QotdDay,
    question: Question | None,
    answers: Sequence[QotdAnswer],
    names: Mapping[int, str],
    zone: zoneinfo.ZoneInfo,
) -> list[ResultRow]:
    """A row per member who answered the day's question (`question`: as it was asked), in the order they
    answered; the milliseconds count from its posting."""
    rows = []
    source = f"day {day_text(day.day)}"  # i18n: not shown (the JSON's value; the CSV says it in words)
    for answer in sorted(answers, key=lambda a: (a.answered_at, a.user_id)):
        given = _chosen(question, day.seed, 0, answer.choice, answer.text)
        rows.append(
            _row(
                given,
                answer.user_id,
                answer,
                source=source,
                question_number=1,
                question_id=day.question_id,
                ms=max(0, int((answer.answered_at - day.posted_at).total_seconds() * 1000)),
                points=kept_points(answer.points, answer.right),
                names=names,
                zone=zone,
            )
        )
    return rows
