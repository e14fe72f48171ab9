"""/assign results: an assignment's results per member and per question, as an embed and CSV/JSON files."""

from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING

import discord

from bot.calendar.assignment_service import Results
from bot.results.calendar_files import assignment_files
from bot.store import AssignmentRecord
from bot.ui.assignments import results_embed
from cogs.calendar._results import attached, member_names

if TYPE_CHECKING:
    from bot.discord.client import BvunzoBot


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
    members = [asdict(m) for m in found.members]
    best = (found.best, found.late)
    files = assignment_files(record, found.attempts, found.answers, best, members, deck, names, found.zone)
    total = len(record.question_ids)
    embed = results_embed(record.id, total, found.members, found.questions, prompts, wrong_texts)
    return embed, attached(f"assignment-{record.id}", files.csv, files.json)
