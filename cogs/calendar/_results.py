"""Results files for a round or an assignment: rows with members' names, attached as CSV and JSON."""

from __future__ import annotations

import io
import zoneinfo
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.bank.models import Deck, Kind
from bot.quiz.shuffle import choice_order
from bot.results import ResultRow, csv_bytes, json_bytes
from bot.store import Answer, AssignmentAnswer, AssignmentRecord, AttemptRecord, RoundRecord
from bot.ui.text import letter

if TYPE_CHECKING:
    from bot.app import BvunzoBot

# Members whose names are looked up for one file (each is a request to Discord); others get their id.
NAMES_LOOKED_UP = 100


async def member_names(bot: BvunzoBot, guild_id: int, user_ids: Iterable[int]) -> dict[int, str]:
    guild = bot.get_guild(guild_id)
    names: dict[int, str] = {}
    for user_id in list(dict.fromkeys(user_ids))[:NAMES_LOOKED_UP]:
        member = guild.get_member(user_id) if guild is not None else None
        if member is None and guild is not None:
            try:
                member = await guild.fetch_member(user_id)
            except discord.HTTPException:
                member = None
        names[user_id] = member.display_name if member is not None else ""
    return names


def _chosen(
    deck: Deck | None, question_id: str, seed: int, index: int, choice: int | None, text: str | None
) -> tuple[str, str, str]:
    """The question's prompt, and the letter and text of what the member gave."""
    question = None if deck is None else deck.question(question_id)
    if question is None:
        return "", "", text or ("" if choice is None else str(choice))
    if choice is None or question.kind is Kind.TEXT:
        return question.prompt, "", text or ""
    order = choice_order(seed, index, len(question.choices), question.kind)
    slot = order.index(choice) if choice in order else None
    return question.prompt, "" if slot is None else letter(slot), question.choices[choice]


def round_rows(
    record: RoundRecord,
    answers: Sequence[Answer],
    deck: Deck | None,
    names: Mapping[int, str],
    zone: zoneinfo.ZoneInfo,
) -> list[ResultRow]:
    rows = []
    for answer in sorted(answers, key=lambda a: (a.question_index, a.answered_at, a.user_id)):
        prompt, chosen, text = _chosen(
            deck, answer.question_id, record.seed, answer.question_index, answer.choice, answer.text
        )
        rows.append(
            ResultRow(
                source=f"round {record.id}",
                question_number=answer.question_index + 1,
                question_id=answer.question_id,
                prompt=prompt,
                member_id=answer.user_id,
                member_name=names.get(answer.user_id, ""),
                choice_letter=chosen,
                answer=text,
                right=answer.right,
                ms=answer.ms,
                points=answer.points,
                answered_at=answer.answered_at.astimezone(zone),
            )
        )
    return rows


def assignment_rows(
    record: AssignmentRecord,
    attempts: Sequence[AttemptRecord],
    answers: Sequence[AssignmentAnswer],
    best: set[int],
    deck: Deck | None,
    names: Mapping[int, str],
    zone: zoneinfo.ZoneInfo,
) -> list[ResultRow]:
    """Each member's best attempt, a row per question they answered in it."""
    owner = {a.id: a.user_id for a in attempts}
    rows = []
    for answer in sorted(answers, key=lambda a: (a.question_index, owner[a.attempt_id])):
        if answer.attempt_id not in best:
            continue
        user_id = owner[answer.attempt_id]
        prompt, chosen, text = _chosen(
            deck, answer.question_id, record.seed ^ user_id, answer.question_index, answer.choice, None
        )
        rows.append(
            ResultRow(
                source=f"assignment {record.id}",
                question_number=answer.question_index + 1,
                question_id=answer.question_id,
                prompt=prompt,
                member_id=user_id,
                member_name=names.get(user_id, ""),
                choice_letter=chosen,
                answer=text,
                right=answer.right,
                ms=answer.ms,
                points=100 if answer.right else 0,
                answered_at=answer.answered_at.astimezone(zone),
            )
        )
    return rows


def result_files(
    stem: str, kind: str, ident: int, options: Mapping[str, Any], rows: Sequence[ResultRow]
) -> list[discord.File]:
    return [
        discord.File(io.BytesIO(csv_bytes(rows)), filename=f"{stem}.csv"),
        discord.File(io.BytesIO(json_bytes(kind, ident, options, rows)), filename=f"{stem}.json"),
    ]
