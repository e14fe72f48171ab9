"""/assign results: an assignment's results per member and per question, as an embed and CSV/JSON files."""

from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING

import discord

from bot.calendar.assignments import best_attempts, member_results, question_results
from bot.calendar.zones import zone_named
from bot.results.asked import assignment_deck
from bot.results.result_rows import assignment_rows
from bot.store import AssignmentRecord
from bot.ui.assignments import results_embed
from cogs.calendar._results import member_names, result_files

if TYPE_CHECKING:
    from bot.discord.client import BvunzoBot


async def assignment_results(
    bot: BvunzoBot, record: AssignmentRecord
) -> tuple[discord.Embed, list[discord.File]]:
    """The results embed and the files of one assignment (member names looked up in its server)."""
    attempts = await bot.store.assignment_attempts(record.id)
    answers = await bot.store.assignment_answers(record.id)
    best, late = best_attempts(attempts, answers, record.due_at)
    members = member_results(attempts, answers, record.due_at)
    questions = question_results(record.question_ids, answers, best)
    deck = await assignment_deck(bot.store, bot.bank, record)  # as it asked them, whatever the deck says now
    prompts, wrong_texts = [], []
    for q in questions:
        question = None if deck is None else deck.question(q.question_id)
        prompts.append(question.prompt if question else q.question_id)
        wrong_texts.append(
            question.choices[q.commonest_wrong] if question and q.commonest_wrong is not None else None
        )
    zone = zone_named((await bot.store.calendar_settings(record.guild_id)).timezone)
    names = await member_names(bot, record.guild_id, (m.user_id for m in members))
    rows = assignment_rows(record, attempts, answers, best, late, deck, names, zone)
    settings = {
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
            for m in members
        ],
    }
    embed = results_embed(record.id, len(record.question_ids), members, questions, prompts, wrong_texts)
    return embed, result_files(f"assignment-{record.id}", "assignment", record.id, settings, rows)
