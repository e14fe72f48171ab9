"""Embeds of what the group has done: leaderboards, member stats, question reports and settings."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import discord

from bot.bank.models import Deck, Kind, Question
from bot.locales import N_, _, n_, number, p_, slash
from bot.locales import percent as share
from bot.looks.top_wrong import top_wrong_words
from bot.quiz import DEFAULT_RETENTION, LEECH_FAILURES, Mastery, Misses
from bot.store import Board, BoardLine, GuildSettings, MemberStats, Period, ReportLine, StruggleLine
from bot.ui import custom_ids
from bot.ui.text import (
    EMBED_DESCRIPTION,
    EMBED_TITLE,
    FIELD_NAME,
    FIELD_VALUE,
    FOOTER,
    clip,
    mention,
    percent,
    score_words,
)
from bot.ui.views import frozen_view

PAGE_SIZE = 10
PERIOD_NAMES = {
    "all": N_("all time"),
    "month": N_("this month"),
    "week": N_("this week"),
    "today": N_("today"),
}


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
    return n_(
        "**{rank}.** {member} — **{n}** point · {right}/{answered} right ({share})",
        "**{rank}.** {member} — **{n}** points · {right}/{answered} right ({share})",
        line.points,
        rank=number(line.rank),
        **score_words(line.user_id, line.right, line.answered),
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
    named = _(PERIOD_NAMES[period]) if period in PERIOD_NAMES else period
    if deck_title:
        title = _("Leaderboard — {period} · {deck}", period=named, deck=deck_title)
    else:
        title = _("Leaderboard — {period}", period=named)
    if board.total == 0:
        description = _(
            "Nobody has answered a round question in this period yet. A moderator can start one with {cmd}.",
            cmd=slash("quiz start"),
        )
    else:
        description = "\n".join(_board_line(line) for line in board.lines) or _("No one on this page.")
    embed = discord.Embed(
        title=clip(title, EMBED_TITLE),
        description=clip(description, EMBED_DESCRIPTION),
        colour=discord.Colour.gold(),
    )
    if viewer_line is not None:
        mine = _board_line(viewer_line)
    else:
        mine = _("{member} has no answers in this period yet.", member=mention(viewer))
    embed.add_field(name=_("Your place"), value=clip(mine, FIELD_VALUE), inline=False)
    footer = n_(
        "Page {page} of {pages} · {n} member",
        "Page {page} of {pages} · {n} members",
        board.total,
        page=number(page + 1),
        pages=number(page_count(board.total)),
    )
    embed.set_footer(text=clip(footer, FOOTER))
    return embed


def mastery_lines(mastery: Sequence[tuple[str, Mastery]]) -> list[str]:
    """One line per deck: how much of it is learned, and how much is due."""
    return [
        _(
            "**{deck}** — {learned}/{questions} learned ({share}) · {due} due",
            deck=clip(title, 60),
            learned=number(m.learned),
            questions=number(m.questions),
            share=percent(m.learned, m.questions),
            due=number(m.due),
        )
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
    embed = discord.Embed(
        title=clip(_("Stats — {name}", name=name), EMBED_TITLE), colour=discord.Colour.blurple()
    )
    if rounds:
        _add_round_fields(embed, member_id, stats)
    else:
        embed.description = _(
            "{member} · practice everywhere (rounds are counted in each server with Bvunzo)",
            member=mention(member_id),
        )
    embed.add_field(name=_("Practice"), value=_practice_value(stats, learned=learned, due=due))
    if stats.decks and rounds:
        _add_deck_field(embed, stats)
    if mastery:
        embed.add_field(
            name=clip(_("Mastery (recall at least {share})", share=share(retention)), FIELD_NAME),
            value=clip("\n".join(mastery_lines(mastery[:15])), FIELD_VALUE),
            inline=False,
        )
    if leeches:
        _add_leech_field(embed, leeches)
    return embed


def _practice_value(stats: MemberStats, *, learned: int, due: int) -> str:
    return _(
        "{right}/{answered} right · {learned} learned · {due} due for review",
        right=number(stats.practice_right),
        answered=number(stats.practice_answered),
        learned=number(learned),
        due=number(due),
    )


def _add_round_fields(embed: discord.Embed, member_id: int, stats: MemberStats) -> None:
    """What a member did in this server's rounds: points, this week's, rounds, answers, best streak."""
    embed.description = mention(member_id)
    embed.add_field(name=_("Points"), value=number(stats.points))
    embed.add_field(name=_("This week"), value=number(stats.week_points))
    embed.add_field(name=_("Rounds"), value=number(stats.rounds))
    embed.add_field(
        name=_("Answers"),
        value=_(
            "{right}/{answered} right ({share})",
            right=number(stats.right),
            answered=number(stats.answered),
            share=percent(stats.right, stats.answered),
        ),
    )
    embed.add_field(
        name=_("Best streak"),
        value=n_("{n} right answer", "{n} right answers", stats.best_streak),
    )


def _add_deck_field(embed: discord.Embed, stats: MemberStats) -> None:
    lines = [
        n_(
            "`{deck}` — {right}/{answered} ({share}), {n} point",
            "`{deck}` — {right}/{answered} ({share}), {n} points",
            d.points,
            deck=d.deck_id,
            right=number(d.right),
            answered=number(d.answered),
            share=percent(d.right, d.answered),
        )
        for d in stats.decks[:15]
    ]
    embed.add_field(name=_("Per deck"), value=clip("\n".join(lines), FIELD_VALUE), inline=False)


def _add_leech_field(embed: discord.Embed, leeches: Sequence[tuple[Question, Misses]]) -> None:
    """The questions a member keeps failing, with a nudge to study their explanations."""
    lines = [
        _(
            "{prompt} — failed {failures} of {answers}",
            prompt=clip(question.prompt, 70),
            failures=number(leech.failures),
            answers=number(leech.answers),
        )
        for question, leech in leeches[:10]
    ]
    if len(leeches) > 10:
        lines.append(n_("and {n} more", "and {n} more", len(leeches) - 10))
    embed.add_field(
        name=clip(
            n_(
                "Leeches (failed {n} time or more): study their explanations",
                "Leeches (failed {n} times or more): study their explanations",
                LEECH_FAILURES,
            ),
            FIELD_NAME,
        ),
        value=clip("\n".join(lines), FIELD_VALUE),
        inline=False,
    )


def report_embed(
    title: str, deck: Deck, lines: Sequence[ReportLine], votes: Mapping[int, Mapping[int, int]] | None = None
) -> discord.Embed:
    """Per question of a round (or of a deck): right of answered and the commonest mistake; a round's
    polls show their votes per choice instead (`votes`: question index → original choice → votes)."""
    rows = [_report_row(place, line, deck, votes) for place, line in enumerate(lines, start=1)]
    description = "\n".join(rows) if rows else _("No answers yet.")
    return discord.Embed(
        title=clip(title, 256),
        description=clip(description, EMBED_DESCRIPTION),
        colour=discord.Colour.orange(),
    )


def _report_row(
    place: int, line: ReportLine, deck: Deck, votes: Mapping[int, Mapping[int, int]] | None
) -> str:
    """One question's line of a report: its votes if a poll, else right of answered and the top mistake."""
    question = deck.question(line.question_id)
    shown = place if line.question_index is None else line.question_index + 1
    prompt = clip(question.prompt, 60) if question else line.question_id
    if question is not None and question.kind is Kind.POLL:
        counts = _poll_counts(question, (votes or {}).get(shown - 1, {}))
        return _(
            "**{number}.** {prompt}\n  poll: {votes}",
            number=number(shown),
            prompt=prompt,
            votes=counts,
        )
    figures = {
        "number": number(shown),
        "prompt": prompt,
        "right": number(line.right),
        "answered": number(line.answered),
        "share": percent(line.right, line.answered),
    }
    wrong = top_wrong_words(question, line.top_wrong_choice, line.top_wrong_text)
    if wrong is not None:
        return _(
            "**{number}.** {prompt}\n  {right}/{answered} ({share}) · most chosen wrong: “{wrong}” ({times})",
            wrong=clip(wrong, 80),
            times=number(line.top_wrong_count),
            **figures,
        )
    return _("**{number}.** {prompt}\n  {right}/{answered} ({share})", **figures)


def struggles_embed(deck: Deck, lines: Sequence[StruggleLine], failures: int) -> discord.Embed:
    """The deck's questions members keep failing: hard material, or a bad question."""
    rows = []
    for line in lines[:15]:
        question = deck.question(line.question_id)
        prompt = clip(question.prompt, 60) if question else line.question_id
        figures = {
            "prompt": prompt,
            "right": number(line.first_right),
            "members": number(line.members),
            "share": percent(line.first_right, line.members),
        }
        if line.leeches:
            row = n_(
                "{prompt}\n  first try {right}/{members} ({share}) · a leech for {n} member",
                "{prompt}\n  first try {right}/{members} ({share}) · a leech for {n} members",
                line.leeches,
                **figures,
            )
        else:
            row = _("{prompt}\n  first try {right}/{members} ({share})", **figures)
        rows.append(row)
    embed = discord.Embed(
        title=clip(_("Hardest for members: {deck}", deck=deck.title), EMBED_TITLE),
        description=clip(
            "\n".join(rows) if rows else _("No one has answered this deck here yet."), EMBED_DESCRIPTION
        ),
        colour=discord.Colour.orange(),
    )
    footer = n_(
        "A leech: a question a member failed {n} time or more. Either the material is hard, "
        "or the question is unclear or wrong.",
        "A leech: a question a member failed {n} times or more. Either the material is hard, "
        "or the question is unclear or wrong.",
        failures,
    )
    embed.set_footer(text=clip(footer, FOOTER))
    return embed


def _poll_counts(question: Question, counts: Mapping[int, int]) -> str:
    total = sum(counts.values())
    if not total:
        return _("no votes")
    spread = " · ".join(
        _("“{choice}” {votes}", choice=clip(choice, 40), votes=number(counts.get(i, 0)))
        for i, choice in enumerate(question.choices)
    )
    return n_("{n} vote: {spread}", "{n} votes: {spread}", total, spread=spread)


STANDINGS_SHOWN = {
    "end": N_("in the summary"),
    "live": N_("top 5 after each reveal"),
    "hidden": N_("hidden until the end"),
}
# The values /quiz settings offers (its choices are localised with the command tree), as the embed shows them.
MODE_NAMES = {"standard": N_("standard"), "speed": N_("speed")}
DIFFICULTY_NAMES = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard")}


def _shown(names: Mapping[str, str], value: str) -> str:
    """A setting's value by its catalog name where it has one (a key of `names`, all N_), else as stored."""
    return _(names[value]) if value in names else value


def settings_embed(settings: GuildSettings, changed: bool) -> discord.Embed:
    embed = discord.Embed(
        title=_("Quiz settings saved") if changed else _("Quiz settings"), colour=discord.Colour.blurple()
    )
    on, off, anything = p_("setting", "on"), p_("setting", "off"), p_("setting", "any")
    role = (
        f"<@&{settings.quiz_master_role_id}>"
        if settings.quiz_master_role_id
        else _("none (Manage Server only)")
    )
    embed.add_field(name=_("Quiz-master role"), value=role, inline=False)
    embed.add_field(name=_("Questions"), value=number(settings.questions))
    embed.add_field(name=_("Seconds"), value=number(settings.seconds))
    embed.add_field(name=_("Mode"), value=_shown(MODE_NAMES, settings.mode))
    embed.add_field(name=_("Pause"), value=_("{seconds} s", seconds=number(settings.pause_seconds)))
    embed.add_field(name=_("Podium"), value=n_("{n} place", "{n} places", settings.podium))
    embed.add_field(name=_("Standings"), value=_shown(STANDINGS_SHOWN, settings.standings))
    embed.add_field(name=_("Streak bonus"), value=on if settings.streak_bonus else off)
    embed.add_field(name=_("Reading time"), value=_("{seconds} s", seconds=number(settings.reading_seconds)))
    embed.add_field(name=_("Timer"), value=_("none (untimed)") if settings.untimed else on)
    embed.add_field(
        name=_("Long prompts"), value=_("more time") if settings.long_prompts else _("no extra time")
    )
    embed.add_field(name=_("Tags"), value=clip(settings.tags, FIELD_VALUE) if settings.tags else anything)
    embed.add_field(
        name=_("Difficulty"),
        value=_shown(DIFFICULTY_NAMES, settings.difficulty) if settings.difficulty else anything,
    )
    embed.add_field(name=_("Thread"), value=_("a new thread per round") if settings.thread else off)
    embed.add_field(name=_("Teams"), value=number(settings.teams) if settings.teams else off)
    embed.add_field(name=_("Hints"), value=on if settings.hints else off)
    cards = settings.card_style == "cards"
    embed.add_field(name=_("Card style"), value=_("cards") if cards else _("classic embeds"))
    return embed


def votes_by_question(votes: Iterable[Any]) -> dict[int, dict[int, int]]:
    """Votes per choice of each poll of a round, by question index (the store's vote records)."""
    counts: dict[int, dict[int, int]] = {}
    for vote in votes:
        per_choice = counts.setdefault(vote.question_index, {})
        per_choice[vote.choice] = per_choice.get(vote.choice, 0) + 1
    return counts
