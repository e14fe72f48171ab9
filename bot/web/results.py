"""A round's results as files: one row per answer, in CSV (spreadsheet-safe) and JSON."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from bot.bank.models import Deck
from bot.bank.spreadsheet_csv import Cell, csv_bytes
from bot.locales import _, p_
from bot.store import Answer, RoundRecord
from bot.web.round_report import answer_text

COLUMNS = (
    "round",
    "question",
    "question_id",
    "prompt",
    "member_id",
    "member",
    "answer",
    "right",
    "points",
    "seconds",
    "answered_at",
)


def headers() -> list[str]:
    """The CSV's header row, in the page's language (the JSON keeps COLUMNS as its keys)."""
    return [
        p_("results column", "Round"),
        p_("results column", "Question number"),
        p_("results column", "Question id"),
        p_("results column", "Question"),
        p_("results column", "Member id"),
        p_("results column", "Member"),
        p_("results column", "Answer"),
        p_("results column", "Right"),
        p_("results column", "Points"),
        p_("results column", "Seconds"),
        p_("results column", "Answered at"),
    ]


def _rows(
    record: RoundRecord, deck: Deck | None, answers: Sequence[Answer], names: Mapping[int, str]
) -> list[dict[str, object]]:
    rows = []
    for a in sorted(answers, key=lambda a: (a.question_index, a.answered_at, a.user_id)):
        asked = record.question_ids[a.question_index] if a.question_index < len(record.question_ids) else None
        question = deck.question(asked) if deck is not None and asked is not None else None
        rows.append(
            {
                "round": record.id,
                "question": a.question_index + 1,
                "question_id": a.question_id,
                "prompt": question.prompt if question is not None else "",
                "member_id": str(a.user_id),  # as text: a JavaScript reader would round a snowflake
                "member": names.get(a.user_id, ""),
                "answer": answer_text(question, a),
                "right": a.right,
                "points": a.points,
                "seconds": round(a.ms / 1000, 3),
                "answered_at": a.answered_at.isoformat(),
            }
        )
    return rows


def _cell(value: object) -> Cell:
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return value if isinstance(value, int | float) else str(value)


def results_csv(
    record: RoundRecord, deck: Deck | None, answers: Sequence[Answer], names: Mapping[int, str]
) -> bytes:
    """The answers as a spreadsheet (bot.spreadsheet_csv), the header and yes/no in the page's language."""
    rows = _rows(record, deck, answers, names)
    return csv_bytes(headers(), ([_cell(row[c]) for c in COLUMNS] for row in rows))


def results_json(
    record: RoundRecord, deck: Deck | None, answers: Sequence[Answer], names: Mapping[int, str]
) -> str:
    document = {
        "round": record.id,
        "guild_id": str(record.guild_id),
        "deck_id": record.deck_id,
        "deck": deck.title if deck is not None else record.deck_id,
        "started_at": record.started_at.isoformat(),
        "ended_at": record.ended_at.isoformat() if record.ended_at else None,
        "status": record.status,
        "answers": _rows(record, deck, answers, names),
    }
    return json.dumps(document, ensure_ascii=False, indent=2)
