"""A round's results as files: one row per answer, in CSV (the results writer's) and JSON (the dashboard's own)."""

from __future__ import annotations

import json
import zoneinfo
from collections.abc import Mapping, Sequence

from bot.bank.models import Deck
from bot.results.result_rows import csv_bytes, round_rows
from bot.store import Answer, RoundRecord
from bot.web.round_report import answer_text

UTC = zoneinfo.ZoneInfo("UTC")  # i18n: not shown


# Presses of Hint by (question index, member id): bot/results/result_rows.py's pressed_hints.
Hints = Mapping[tuple[int, int], int]


def _rows(
    record: RoundRecord, deck: Deck | None, answers: Sequence[Answer], names: Mapping[int, str], hints: Hints
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
                "hints": hints.get((a.question_index, a.user_id), 0),
            }
        )
    return rows


def results_csv(
    record: RoundRecord, deck: Deck | None, answers: Sequence[Answer], names: Mapping[int, str], hints: Hints
) -> bytes:
    """The answers as the results CSV every entrance writes (bot/results/result_rows.py), times in UTC."""
    return csv_bytes(round_rows(record, answers, deck, names, UTC, hints))


def results_json(
    record: RoundRecord, deck: Deck | None, answers: Sequence[Answer], names: Mapping[int, str], hints: Hints
) -> str:
    document = {
        "round": record.id,
        "guild_id": str(record.guild_id),
        "deck_id": record.deck_id,
        "deck": deck.title if deck is not None else record.deck_id,
        "started_at": record.started_at.isoformat(),
        "ended_at": record.ended_at.isoformat() if record.ended_at else None,
        "status": record.status,
        "answers": _rows(record, deck, answers, names, hints),
    }
    return json.dumps(document, ensure_ascii=False, indent=2)
