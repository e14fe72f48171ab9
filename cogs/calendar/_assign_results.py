"""/assign results: an assignment's results per member and per question, as an embed and CSV/JSON files."""

from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING, Any

import discord

from bot.calendar.assignment_service import Results
from bot.results.result_rows import assignment_rows
from bot.store import AssignmentRecord
from bot.ui.assignments import results_embed
from cogs.calendar._results import member_names, result_files

if TYPE_CHECKING:
    from bot.discord.client import BvunzoBot


def _options(record: AssignmentRecord, found: Results) -> dict[str, Any]:
    """What the JSON file says of the assignment and each member, in the server's zone."""
    zone = found.zone
    return {
        "deck": record.deck_id,
        "questions": len(record.question_ids),
        "due_at": record.due_at.astimezone(zone).isoformat(timespec="seconds"),
        "attempts": record.attempts,
        "late": record.late,
        "members": [
            {
                **asdict(m),
                "started": m.started.astimezone(zone).isoformat(timespec="seconds"),
                "finished": m.finished.astimezone(zone).isoformat(timespec="seconds") if m.finished else None,
            }
            for m in found.members
        ],
    }


async def assignment_results(
    bot: BvunzoBot, record: AssignmentRecord, found: Results
) -> tuple[discord.Embed, list[discord.File]]:
    """The results embed and the files of one assignment (member names looked up in its server)."""
    deck = found.deck
    prompts, wrong_texts = [], []
    for q in found.questions:
        question = None if deck is None else deck.question(q.question_id)
        prompts.append(question.prompt if question else q.question_id)
        wrong_texts.append(
            question.choices[q.commonest_wrong] if question and q.commonest_wrong is not None else None
        )
    names = await member_names(bot, record.guild_id, (m.user_id for m in found.members))
    rows = assignment_rows(
        record, found.attempts, found.answers, found.best, found.late, deck, names, found.zone
    )
    total = len(record.question_ids)
    embed = results_embed(record.id, total, found.members, found.questions, prompts, wrong_texts)
    return embed, result_files(
        f"assignment-{record.id}", "assignment", record.id, _options(record, found), rows
    )
