"""Embeds of what the group has done: leaderboards, member stats, question reports and settings."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot.bank.models import Deck, Kind, Question
from bot.quiz import DEFAULT_RETENTION, LEECH_FAILURES, Mastery, Misses
from bot.store import Board, BoardLine, GuildSettings, MemberStats, Period, ReportLine, StruggleLine
from bot.ui import custom_ids
from bot.ui.text import EMBED_DESCRIPTION, FIELD_VALUE, clip, mention, percent, plural
from bot.ui.views import frozen_view

PAGE_SIZE = 10
PERIOD_NAMES = {"all": "all time", "month": "this month", "week": "this week", "today": "today"}


def page_count(total: int) -> int:
    return max(1, -(-total // PAGE_SIZE))


def page_button(
    period: Period, page: int, direction: str, deck_id: str | None, *, disabled: bool
) -> discord.ui.Button[Any]:
    """To page `page` of the board: p shows it as the previous page (◀), n as the next (▶)."""
    return discord.ui.Button(
        emoji="◀" if direction == "p" else "▶",
        style=discord.ButtonStyle.secondary,
        disabled=disabled,
        custom_id=custom_ids.BOARD_PAGE.make(period, page, direction, deck_id or ""),
    )


def page_view(period: Period, page: int, pages: int, deck_id: str | None) -> discord.ui.View:
    """Previous and next page of a leaderboard showing `page` of `pages` (each disabled at its end)."""
    return frozen_view(
        page_button(period, max(0, page - 1), "p", deck_id, disabled=page <= 0),
        page_button(period, min(pages - 1, page + 1), "n", deck_id, disabled=page >= pages - 1),
    )


def _board_line(line: BoardLine) -> str:
    return (
        f"**{line.rank}.** {mention(line.user_id)} — **{line.points}** points · "
        f"{line.right}/{line.answered} right ({percent(line.right, line.answered)})"
    )


def leaderboard_embed(
    board: Board,
    *,
    period: str,
    deck_title: str | None,
    page: int,
    viewer: int,
    viewer_line: BoardLine | None,
) -> discord.Embed:
    scope = PERIOD_NAMES.get(period, period) + (f" · {deck_title}" if deck_title else "")
    if board.total == 0:
        description = (
            "Nobody has answered a round question in this period yet. "
            "A moderator can start one with /quiz start."
        )
    else:
        description = "\n".join(_board_line(line) for line in board.lines) or "No one on this page."
    embed = discord.Embed(
        title=clip(f"Leaderboard — {scope}", 256),
        description=clip(description, EMBED_DESCRIPTION),
        colour=discord.Colour.gold(),
    )
    if viewer_line is not None:
        mine = _board_line(viewer_line)
    else:
        mine = f"{mention(viewer)} has no answers in this period yet."
    embed.add_field(name="Your place", value=clip(mine, FIELD_VALUE), inline=False)
    embed.set_footer(text=f"Page {page + 1} of {page_count(board.total)} · {plural(board.total, 'member')}")
    return embed


def mastery_lines(mastery: Sequence[tuple[str, Mastery]]) -> list[str]:
    """One line per deck: how much of it is learned, and how much is due."""
    return [
        f"**{clip(title, 60)}** — {m.learned}/{m.questions} learned ({percent(m.learned, m.questions)})"
        f" · {m.due} due"
        for title, m in mastery
    ]


def stats_embed(
    member_id: int,
    name: str,
    stats: MemberStats,
    *,
    learned: int,
    due: int,
    mastery: Sequence[tuple[str, Mastery]] = (),
    retention: float = DEFAULT_RETENTION,
    leeches: Sequence[tuple[Question, Misses]] = (),
    rounds: bool = True,
) -> discord.Embed:
    """A member's stats; `rounds` False (a DM, a server without the bot): practice and mastery only."""
    embed = discord.Embed(title=clip(f"Stats — {name}", 256), colour=discord.Colour.blurple())
    embed.description = mention(member_id)
    if rounds:
        embed.add_field(name="Points", value=str(stats.points))
        embed.add_field(name="This week", value=str(stats.week_points))
        embed.add_field(name="Rounds", value=str(stats.rounds))
        embed.add_field(
            name="Answers",
            value=f"{stats.right}/{stats.answered} right ({percent(stats.right, stats.answered)})",
        )
        embed.add_field(name="Best streak", value=plural(stats.best_streak, "right answer"))
    else:
        embed.description += " · practice everywhere (rounds are counted in each server with Bvunzo)"
    embed.add_field(
        name="Practice",
        value=f"{stats.practice_right}/{stats.practice_answered} right · {learned} learned · {due} due for review",
    )
    if stats.decks and rounds:
        lines = [
            f"`{d.deck_id}` — {d.right}/{d.answered} ({percent(d.right, d.answered)}), {d.points} points"
            for d in stats.decks[:15]
        ]
        embed.add_field(name="Per deck", value=clip("\n".join(lines), FIELD_VALUE), inline=False)
    if mastery:
        embed.add_field(
            name=f"Mastery (recall at least {retention:.0%})",
            value=clip("\n".join(mastery_lines(mastery[:15])), FIELD_VALUE),
            inline=False,
        )
    if leeches:
        lines = [
            f"{clip(question.prompt, 70)} — failed {leech.failures} of {leech.answers}"
            for question, leech in leeches[:10]
        ]
        if len(leeches) > 10:
            lines.append(f"and {len(leeches) - 10} more")
        embed.add_field(
            name=f"Leeches (failed {LEECH_FAILURES} times or more): study their explanations",
            value=clip("\n".join(lines), FIELD_VALUE),
            inline=False,
        )
    return embed


def report_embed(
    title: str, deck: Deck, lines: Sequence[ReportLine], votes: Mapping[int, Mapping[int, int]] | None = None
) -> discord.Embed:
    """Per question of a round (or of a deck): right of answered and the commonest mistake; a round's
    polls show their votes per choice instead (`votes`: question index → original choice → votes)."""
    rows = []
    for number, line in enumerate(lines, start=1):
        question = deck.question(line.question_id)
        shown = number if line.question_index is None else line.question_index + 1
        prompt = clip(question.prompt, 60) if question else line.question_id
        if question is not None and question.kind is Kind.POLL:
            rows.append(
                f"**{shown}.** {prompt}\n  poll: " + _poll_counts(question, (votes or {}).get(shown - 1, {}))
            )
            continue
        row = f"**{shown}.** {prompt}\n  {line.right}/{line.answered} ({percent(line.right, line.answered)})"
        wrong = None
        if question is not None and question.kind is not Kind.TEXT and line.top_wrong_choice is not None:
            if 0 <= line.top_wrong_choice < len(question.choices):
                wrong = question.choices[line.top_wrong_choice]
        elif line.top_wrong_text:
            wrong = line.top_wrong_text
        if wrong is not None:
            row += f" · most chosen wrong: “{clip(wrong, 80)}” ({line.top_wrong_count})"
        rows.append(row)
    description = "\n".join(rows) if rows else "No answers yet."
    return discord.Embed(
        title=clip(title, 256),
        description=clip(description, EMBED_DESCRIPTION),
        colour=discord.Colour.orange(),
    )


def struggles_embed(deck: Deck, lines: Sequence[StruggleLine], failures: int) -> discord.Embed:
    """The deck's questions members keep failing: hard material, or a bad question."""
    rows = []
    for line in lines[:15]:
        question = deck.question(line.question_id)
        prompt = clip(question.prompt, 60) if question else line.question_id
        row = f"{prompt}\n  first try {line.first_right}/{line.members} ({percent(line.first_right, line.members)})"
        if line.leeches:
            row += f" · a leech for {plural(line.leeches, 'member')}"
        rows.append(row)
    embed = discord.Embed(
        title=clip(f"Hardest for members: {deck.title}", 256),
        description=clip(
            "\n".join(rows) if rows else "No one has answered this deck here yet.", EMBED_DESCRIPTION
        ),
        colour=discord.Colour.orange(),
    )
    embed.set_footer(
        text=f"A leech: a question a member failed {failures} times or more. Either the material is hard, "
        "or the question is unclear or wrong."
    )
    return embed


def _poll_counts(question: Question, counts: Mapping[int, int]) -> str:
    total = sum(counts.values())
    if not total:
        return "no votes"
    spread = " · ".join(
        f"“{clip(choice, 40)}” {counts.get(i, 0)}" for i, choice in enumerate(question.choices)
    )
    return f"{plural(total, 'vote')}: {spread}"


STANDINGS_SHOWN = {
    "end": "in the summary",
    "live": "top 5 after each reveal",
    "hidden": "hidden until the end",
}


def settings_embed(settings: GuildSettings, changed: bool) -> discord.Embed:
    embed = discord.Embed(
        title="Quiz settings" + (" saved" if changed else ""), colour=discord.Colour.blurple()
    )
    role = (
        f"<@&{settings.quiz_master_role_id}>" if settings.quiz_master_role_id else "none (Manage Server only)"
    )
    embed.add_field(name="Quiz-master role", value=role, inline=False)
    embed.add_field(name="Questions", value=str(settings.questions))
    embed.add_field(name="Seconds", value=str(settings.seconds))
    embed.add_field(name="Mode", value=settings.mode)
    embed.add_field(name="Pause", value=f"{settings.pause_seconds} s")
    embed.add_field(name="Podium", value=f"{settings.podium} places")
    embed.add_field(name="Standings", value=STANDINGS_SHOWN.get(settings.standings, settings.standings))
    embed.add_field(name="Streak bonus", value="on" if settings.streak_bonus else "off")
    embed.add_field(name="Reading time", value=f"{settings.reading_seconds} s")
    embed.add_field(name="Timer", value="none (untimed)" if settings.untimed else "on")
    embed.add_field(name="Long prompts", value="more time" if settings.long_prompts else "no extra time")
    embed.add_field(name="Tags", value=clip(settings.tags, FIELD_VALUE) if settings.tags else "any")
    embed.add_field(name="Difficulty", value=settings.difficulty or "any")
    embed.add_field(name="Thread", value="a new thread per round" if settings.thread else "off")
    embed.add_field(name="Teams", value=str(settings.teams) if settings.teams else "off")
    return embed
