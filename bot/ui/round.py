"""Embeds of a round in a channel: the intro, each question, its reveal and the final summary."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

import discord

from bot.bank.images import is_url
from bot.bank.models import Deck, Kind, Question
from bot.quiz import PlayerResult, Reveal
from bot.quiz.standings import ordinal, place_mark, podium, top
from bot.quiz.teams import TeamResult, mean_text, team_name
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


def intro_embed(
    deck: Deck,
    questions: int,
    seconds: int,
    mode: str,
    started_by: int | None,
    *,
    untimed: bool = False,
    reading: int = 0,
) -> discord.Embed:
    how = (
        "faster right answers earn more (50–100 points)" if mode == "speed" else "100 points per right answer"
    )
    each = "no timer" if untimed else f"{seconds} s each"
    by = "Started automatically" if started_by is None else f"Started by {mention(started_by)}"
    if reading:
        each += f", {reading} s to read each before the buttons open"
    embed = discord.Embed(
        title=clip(f"Quiz: {deck.title}", EMBED_TITLE),
        description=clip(
            f"{plural(questions, 'question')}, {each} — {how}.\n"
            f"{by}. Answer with the buttons; your first click counts.",
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
    opens_at: datetime | None = None,
    untimed: bool = False,
) -> discord.Embed:
    """The question; `opens_at` while it is in its reading time; `untimed` when no timer closes it."""
    body = question.prompt
    if question.kind is Kind.TEXT:
        body += "\n\nType your answer with the **Answer** button."
    else:
        body += "\n\n" + _choice_lines(question, order)
    if opens_at is not None:
        body += f"\n\nRead it first: the buttons open <t:{int(opens_at.timestamp())}:R>."
    if untimed:
        body += "\n\nNo timer: revealed once every player has answered, or when a moderator presses Reveal."
    elif deadline is not None:
        body += f"\n\nCloses <t:{int(deadline.timestamp())}:R>."
    embed = discord.Embed(
        title=clip(f"Question {index + 1} of {total}", EMBED_TITLE),
        description=clip(body, EMBED_DESCRIPTION),
        colour=QUESTION_COLOUR,
    )
    embed.set_footer(text=clip(f"{deck_title} · {plural(answered, 'answer')} so far", 200))
    _show_image(embed, question, index)
    return embed


def _image_name(question: Question, index: int) -> str:
    """The attachment's name: plain letters only, since Discord resolves attachment:// by it."""
    return f"question-{index + 1}{Path(question.image or '').suffix.lower()}"


def _show_image(embed: discord.Embed, question: Question, index: int) -> None:
    if question.image is None:
        return
    url = question.image if is_url(question.image) else f"attachment://{_image_name(question, index)}"
    embed.set_image(url=url)


def question_file(question: Question, index: int) -> discord.File | None:
    """The image file a question's message uploads (None for no image or an https one)."""
    if question.image is None or is_url(question.image):
        return None
    return discord.File(question.image, filename=_image_name(question, index))


def reveal_embed(
    question: Question,
    order: Sequence[int],
    reveal: Reveal,
    *,
    index: int,
    total: int,
    deck_title: str,
    names: bool = True,
    standings: Sequence[PlayerResult] = (),
    teams: Sequence[TeamResult] = (),
) -> discord.Embed:
    """The answer and how the channel answered; `names` False keeps every player's name out of it
    (the round hides its standings until the end); `standings` adds the round's top lines so far."""
    poll = question.kind is Kind.POLL
    if question.kind is Kind.TEXT:
        lines = f"**Answer:** {question.answer_text}"
    else:
        marks = []
        for slot, original in enumerate(order):
            tick = "✅" if slot in reveal.right_slots else "▫️"
            count = reveal.counts[slot] if slot < len(reveal.counts) else 0
            share = f" ({percent(count, reveal.answered)})" if poll else ""
            marks.append(f"{tick} **{letter(slot)}**  {question.choices[original]}  — {count}{share}")
        lines = "\n".join(marks)
    # A poll has no answer to reveal: only how the votes fell.
    title = f"Question {index + 1} of {total} — " + ("poll results" if poll else "answer")
    embed = discord.Embed(
        title=clip(title, EMBED_TITLE),
        description=clip(f"{question.prompt}\n\n{lines}", EMBED_DESCRIPTION),
        colour=REVEAL_COLOUR,
    )
    if question.explanation:
        embed.add_field(name="Why", value=clip(question.explanation, FIELD_VALUE), inline=False)
    _show_image(embed, question, index)  # the reveal edits the same message: its upload stays
    if question.suggested_by is not None:
        embed.add_field(name="Suggested by", value=mention(question.suggested_by), inline=False)
    if names and reveal.fastest:
        fastest = "\n".join(f"{mention(user)} {seconds_text(ms)}" for user, ms in reveal.fastest)
        embed.add_field(name="Fastest right answers", value=clip(fastest, FIELD_VALUE), inline=False)
    if names and reveal.streaks:
        streaks = "\n".join(f"🔥 {mention(user)} {run} in a row" for user, run in reveal.streaks)
        embed.add_field(name="Streaks", value=clip(streaks, FIELD_VALUE), inline=False)
    if names and standings:
        shown = [f"{place_mark(r.rank)} {mention(r.user_id)} — **{r.points}**" for r in top(standings)]
        embed.add_field(name="Standings", value=_fit_lines(shown, FIELD_VALUE), inline=False)
    if names and teams:
        embed.add_field(name="Teams", value=team_lines(teams), inline=False)
    how = (
        plural(reveal.answered, "vote")
        if poll
        else f"{reveal.right}/{reveal.answered} right ({percent(reveal.right, reveal.answered)})"
    )
    embed.set_footer(text=clip(f"{deck_title} · {how}", 200))
    return embed


def team_lines(teams: Sequence[TeamResult]) -> str:
    """One line per team: its place (shared on equal means), name, mean and what the mean is of."""
    return clip(
        "\n".join(
            f"{place_mark(t.rank)} {team_name(t.team)} — **{mean_text(t.mean)}** "
            f"({t.points} points ÷ {plural(t.members, 'member')})"
            for t in teams
        ),
        FIELD_VALUE,
    )


def teams_embed(teams: int) -> discord.Embed:
    """The message a round of teams opens with: a button per team, and Auto-balance for moderators."""
    names = ", ".join(team_name(team) for team in range(teams))
    return discord.Embed(
        title="Pick a team",
        description=(
            f"Teams: {names}. Press your team's button (you may switch until you first answer). "
            "Whoever answers without a team joins the smallest one. A team scores the mean of its "
            "members' points, so a small team is not behind for being small."
        ),
        colour=QUESTION_COLOUR,
    )


def _score_line(mark: str, score: PlayerResult) -> str:
    return (
        f"{mark} {mention(score.user_id)} — **{score.points}** points, "
        f"{score.right}/{score.answered} right ({percent(score.right, score.answered)})"
    )


def summary_embed(
    deck: Deck,
    scores: Sequence[PlayerResult],
    *,
    questions_played: int,
    note: str | None,
    round_id: int,
    podium_size: int = 3,
    teams: Sequence[TeamResult] = (),
) -> discord.Embed:
    """The podium (places from the engine's ranks: a tie shares its place and its medal), then everyone else."""
    if not scores:
        description = "Nobody answered this time."
    else:
        placed = podium(scores, podium_size)
        lines = ["**Podium**", *(_score_line(place_mark(s.rank), s) for s in placed)]
        rest = scores[len(placed) :]
        if rest:
            lines.append("")
            lines.extend(_score_line(f"{s.rank}.", s) for s in rest)
        description = _fit_lines(lines, EMBED_DESCRIPTION - 200)
    if note:
        description = f"{note}\n\n{description}"
    embed = discord.Embed(
        title=clip(f"Round over: {deck.title}", EMBED_TITLE),
        description=clip(description, EMBED_DESCRIPTION),
        colour=END_COLOUR,
    )
    if teams:
        embed.add_field(name="Team podium", value=team_lines(teams), inline=False)
    embed.set_footer(
        text=f"Round {round_id} · {plural(questions_played, 'question')} played · /leaderboard for the server's board"
    )
    return embed


def my_result_text(
    result: PlayerResult | None, scores: Sequence[PlayerResult], missed: Sequence[int], round_id: int
) -> str:
    """What "My result" tells one member: their place (shared or not), points, and the numbers (from 1)
    of the questions they missed."""
    if result is None:
        return f"You didn't answer in round {round_id}."
    shared = sum(1 for s in scores if s.rank == result.rank) > 1
    text = (
        f"Round {round_id}: you placed **{ordinal(result.rank)}**{' (shared)' if shared else ''} "
        f"of {len(scores)} with "
        f"**{result.points}** points, {result.right}/{result.answered} right."
    )
    if missed:
        numbers = ", ".join(str(n) for n in missed)
        text += f" You missed {plural(len(missed), 'question')}: {numbers}."
    else:
        text += " You missed nothing."
    return clip(text, 1800)


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
