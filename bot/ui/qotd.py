"""Embeds of the question of the day: the question, its reveal, /qotd status and its board."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime

import discord

from bot.bank.models import Question
from bot.calendar.qotd import Streak
from bot.store import QotdBoardLine
from bot.ui.text import (
    EMBED_DESCRIPTION,
    EMBED_TITLE,
    FIELD_VALUE,
    FOOTER,
    clip,
    letter,
    mention,
    percent,
    plural,
)

QOTD_COLOUR = discord.Colour.teal()
REVEAL_COLOUR = discord.Colour.green()


def _stamp(moment: datetime, style: str) -> str:
    return f"<t:{int(moment.timestamp())}:{style}>"


def days_in_a_row(days: int) -> str:
    return f"{plural(days, 'day')} in a row"


def qotd_embed(
    question: Question, order: Sequence[int], day: date, closes: datetime, deck_title: str
) -> discord.Embed:
    lines = "\n".join(
        f"**{letter(slot)}**  {question.choices[original]}" for slot, original in enumerate(order)
    )
    body = f"{question.prompt}\n\n{lines}\n\nOpen until {_stamp(closes, 'F')} ({_stamp(closes, 'R')})."
    embed = discord.Embed(
        title=clip(f"Question of the day · {day:%A %d %B %Y}", EMBED_TITLE),
        description=clip(body, EMBED_DESCRIPTION),
        colour=QOTD_COLOUR,
    )
    embed.set_footer(text=clip(f"{deck_title} · answer once; your daily streak counts", FOOTER))
    return embed


def qotd_reveal_embed(
    question: Question, order: Sequence[int], day: date, counts: Sequence[int], right: int, deck_title: str
) -> discord.Embed:
    answered = sum(counts)
    marks = []
    for slot, original in enumerate(order):
        tick = "✅" if original in question.answers else "▫️"
        marks.append(f"{tick} **{letter(slot)}**  {question.choices[original]}  — {counts[slot]}")
    embed = discord.Embed(
        title=clip(f"Question of the day · {day:%A %d %B %Y} — answer", EMBED_TITLE),
        description=clip(f"{question.prompt}\n\n" + "\n".join(marks), EMBED_DESCRIPTION),
        colour=REVEAL_COLOUR,
    )
    if question.explanation:
        embed.add_field(name="Why", value=clip(question.explanation, FIELD_VALUE), inline=False)
    embed.set_footer(
        text=clip(f"{deck_title} · {right}/{answered} got it right ({percent(right, answered)})", FOOTER)
    )
    return embed


def qotd_board_embed(
    lines: Sequence[QotdBoardLine], streaks: dict[int, Streak], total: int, viewer_line: str | None
) -> discord.Embed:
    if not lines:
        body = "Nobody has answered a question of the day yet."
    else:
        body = "\n".join(
            f"**{line.rank}.** {mention(line.user_id)} — **{line.right}** right of {line.answered}"
            + (
                f" · 🔥 {days_in_a_row(streaks[line.user_id].current)}"
                if streaks[line.user_id].current
                else ""
            )
            for line in lines
        )
    if viewer_line:
        body += f"\n\n{viewer_line}"
    embed = discord.Embed(
        title="Question of the day: right answers",
        description=clip(body, EMBED_DESCRIPTION),
        colour=QOTD_COLOUR,
    )
    embed.set_footer(text=f"{plural(total, 'member')} answered")
    return embed
