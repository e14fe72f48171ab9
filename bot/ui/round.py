"""Embeds of a round in a channel: the intro, each question, its reveal and the final summary."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import discord

from bot.bank.models import Deck, Kind, Question
from bot.quiz import PlayerResult, Reveal
from bot.ui.text import (
    EMBED_DESCRIPTION,
    EMBED_TITLE,
    FIELD_VALUE,
    clip,
    letter,
    mention,
    percent,
    plural,
    seconds_text,
)

QUESTION_COLOUR = discord.Colour.blurple()
REVEAL_COLOUR = discord.Colour.green()
END_COLOUR = discord.Colour.gold()
MEDALS = ("🥇", "🥈", "🥉")


def intro_embed(deck: Deck, questions: int, seconds: int, mode: str, started_by: int) -> discord.Embed:
    how = (
        "faster right answers earn more (50–100 points)" if mode == "speed" else "100 points per right answer"
    )
    embed = discord.Embed(
        title=clip(f"Quiz: {deck.title}", EMBED_TITLE),
        description=clip(
            f"{plural(questions, 'question')}, {seconds} s each — {how}.\n"
            f"Started by {mention(started_by)}. Answer with the buttons; your first click counts.",
            EMBED_DESCRIPTION,
        ),
        colour=QUESTION_COLOUR,
    )
    if deck.description:
        embed.add_field(name="About this deck", value=clip(deck.description, FIELD_VALUE), inline=False)
    return embed


def _choice_lines(question: Question, order: Sequence[int]) -> str:
    return "\n".join(
        f"**{letter(slot)}**  {question.choices[original]}" for slot, original in enumerate(order)
    )


def question_embed(
    question: Question,
    order: Sequence[int],
    *,
    index: int,
    total: int,
    deadline: datetime | None,
    answered: int,
    deck_title: str,
) -> discord.Embed:
    body = question.prompt
    if question.kind is Kind.TEXT:
        body += "\n\nType your answer with the **Answer** button."
    else:
        body += "\n\n" + _choice_lines(question, order)
    if deadline is not None:
        body += f"\n\nCloses <t:{int(deadline.timestamp())}:R>."
    embed = discord.Embed(
        title=clip(f"Question {index + 1} of {total}", EMBED_TITLE),
        description=clip(body, EMBED_DESCRIPTION),
        colour=QUESTION_COLOUR,
    )
    embed.set_footer(text=clip(f"{deck_title} · {plural(answered, 'answer')} so far", 200))
    return embed


def reveal_embed(
    question: Question,
    order: Sequence[int],
    reveal: Reveal,
    *,
    index: int,
    total: int,
    deck_title: str,
) -> discord.Embed:
    if question.kind is Kind.TEXT:
        lines = f"**Answer:** {question.answer_text}"
    else:
        marks = []
        for slot, original in enumerate(order):
            tick = "✅" if slot in reveal.right_slots else "▫️"
            count = reveal.counts[slot] if slot < len(reveal.counts) else 0
            marks.append(f"{tick} **{letter(slot)}**  {question.choices[original]}  — {count}")
        lines = "\n".join(marks)
    embed = discord.Embed(
        title=clip(f"Question {index + 1} of {total} — answer", EMBED_TITLE),
        description=clip(f"{question.prompt}\n\n{lines}", EMBED_DESCRIPTION),
        colour=REVEAL_COLOUR,
    )
    if question.explanation:
        embed.add_field(name="Why", value=clip(question.explanation, FIELD_VALUE), inline=False)
    if question.suggested_by is not None:
        embed.add_field(name="Suggested by", value=mention(question.suggested_by), inline=False)
    if reveal.fastest:
        fastest = "\n".join(f"{mention(user)} {seconds_text(ms)}" for user, ms in reveal.fastest)
        embed.add_field(name="Fastest right answers", value=clip(fastest, FIELD_VALUE), inline=False)
    embed.set_footer(
        text=clip(
            f"{deck_title} · {reveal.right}/{reveal.answered} right ({percent(reveal.right, reveal.answered)})",
            200,
        )
    )
    return embed


def summary_embed(
    deck: Deck, scores: Sequence[PlayerResult], *, questions_played: int, note: str | None, round_id: int
) -> discord.Embed:
    if not scores:
        description = "Nobody answered this time."
    else:
        lines = []
        for place, score in enumerate(scores):
            medal = MEDALS[place] if place < len(MEDALS) else f"{place + 1}."
            lines.append(
                f"{medal} {mention(score.user_id)} — **{score.points}** points, "
                f"{score.right}/{score.answered} right ({percent(score.right, score.answered)})"
            )
        description = _fit_lines(lines, EMBED_DESCRIPTION - 200)
    if note:
        description = f"{note}\n\n{description}"
    embed = discord.Embed(
        title=clip(f"Round over: {deck.title}", EMBED_TITLE),
        description=clip(description, EMBED_DESCRIPTION),
        colour=END_COLOUR,
    )
    embed.set_footer(
        text=f"Round {round_id} · {plural(questions_played, 'question')} played · /leaderboard for the server's board"
    )
    return embed


def _fit_lines(lines: Sequence[str], limit: int) -> str:
    """As many whole lines as fit, and how many were left out."""
    kept: list[str] = []
    size = 0
    for i, line in enumerate(lines):
        if size + len(line) + 1 > limit - 40:
            kept.append(f"… and {len(lines) - i} more")
            break
        kept.append(line)
        size += len(line) + 1
    return "\n".join(kept)
