"""The moderators' list of reported questions: where each one is, how many reported it and why."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import discord

from bot.bank.models import Deck
from bot.quiz import FLAG_REASONS, FlaggedQuestion
from bot.ui.text import EMBED_DESCRIPTION, clip, plural

FLAG_LINES = 10  # questions listed
FLAG_BUTTONS = 5  # of which get Resolved/Dismiss buttons (one row each, Discord's five rows)


def where(deck: Deck | None, line: FlaggedQuestion) -> str:
    """The deck file and line of a built-in question, or the server's own deck it is in."""
    if deck is None:
        return f"deck `{line.deck_id}` (no longer loaded), question `{line.question_id}`"
    question = deck.question(line.question_id)
    if deck.guild_id is not None:
        return f"this server's deck `{deck.id}`, question `{line.question_id}`"
    file = Path(deck.source).name if deck.source else f"{deck.id}.yaml"
    return f"`{file}:{question.line}`" if question is not None and question.line else f"`{file}`"


def flags_embed(shown: Sequence[tuple[FlaggedQuestion, Deck | None]]) -> discord.Embed:
    rows = []
    for number, (line, deck) in enumerate(shown[:FLAG_LINES], start=1):
        question = deck.question(line.question_id) if deck is not None else None
        prompt = clip(question.prompt, 60) if question is not None else line.question_id
        reasons = ", ".join(f"{FLAG_REASONS.get(r, r)} {n}" for r, n in line.reasons)
        row = f"**{number}.** {prompt}\n  {where(deck, line)} · {plural(line.members, 'member')}: {reasons}"
        if line.notes:
            row += "\n  " + " · ".join(f"“{clip(note, 80)}”" for note in line.notes[:2])
        rows.append(row)
    if len(shown) > FLAG_LINES:
        rows.append(f"and {len(shown) - FLAG_LINES} more")
    embed = discord.Embed(
        title="Reported questions",
        description=clip("\n".join(rows), EMBED_DESCRIPTION)
        if rows
        else "No question is reported. All clear!",
        colour=discord.Colour.red() if rows else discord.Colour.green(),
    )
    if rows:
        embed.set_footer(
            text="Resolved: you fixed the question. Dismiss: nothing to fix. Either closes its reports."
        )
    return embed
