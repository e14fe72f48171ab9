"""Results to take away: a row per member and question of a round or an assignment, as CSV and JSON files."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any

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
)


@dataclass(frozen=True, slots=True)
class ResultRow:
    source: str  # "round 12" or "assignment 3"
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


def _cell(row: ResultRow, column: str) -> Any:
    value = getattr(row, column)
    if isinstance(value, datetime):
        return value.isoformat(timespec="seconds")
    if isinstance(value, bool):
        return "yes" if value else "no"
    return value


def csv_bytes(rows: Sequence[ResultRow]) -> bytes:
    """UTF-8 with a byte-order mark, which is what makes Excel read the accents and Shona right."""
    text = io.StringIO(newline="")
    writer = csv.writer(text, lineterminator="\r\n")
    writer.writerow(COLUMNS)
    for row in rows:
        writer.writerow([_cell(row, column) for column in COLUMNS])
    return text.getvalue().encode("utf-8-sig")


def json_bytes(kind: str, ident: int, options: Mapping[str, Any], rows: Sequence[ResultRow]) -> bytes:
    """The same rows, with what was played: a round's options or an assignment's settings."""
    shaped = []
    for row in rows:
        item = asdict(row)
        item["answered_at"] = row.answered_at.isoformat(timespec="seconds")
        shaped.append(item)
    document = {"kind": kind, "id": ident, "options": dict(options), "rows": shaped}
    return json.dumps(document, ensure_ascii=False, indent=2, default=str).encode("utf-8")
