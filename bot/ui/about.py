"""/decks and /about on screen: the decks a member can play here, and how the bot is doing."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

import discord

from bot.bank.models import Deck
from bot.locales import _, decimal, n_, number, slash
from bot.looks.text import stamp
from bot.ui.deck_profile import profile_line
from bot.ui.text import EMBED_DESCRIPTION, FIELD_VALUE, FOOTER, clip, language_name


@dataclass(frozen=True)
class DatabaseLine:
    """A SQLite file's size and its last backup (moderators only; a PostgreSQL server's are its host's)."""

    size_bytes: int
    last_backup: datetime | None


@dataclass(frozen=True)
class AboutFacts:
    version: str
    decks: int
    questions: int
    uptime_seconds: float
    latency: float  # seconds; not finite before the gateway's first heartbeat
    deck_problems: Sequence[str]
    moderator: bool  # a moderator sees each deck problem and the database line
    champion_problem: str | None = None
    database: DatabaseLine | None = None


def duration(seconds: float) -> str:
    minutes, secs = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    days, hours = divmod(hours, 24)
    if days:
        return _("{days} d {hours} h", days=number(days), hours=number(hours))
    if hours:
        return _("{hours} h {minutes} min", hours=number(hours), minutes=number(minutes))
    return _("{minutes} min {seconds} s", minutes=number(minutes), seconds=number(secs))


def deck_lines(decks: Sequence[Deck]) -> list[str]:
    """A line per deck (its title, id, size and languages), and a line of the filters it holds."""
    lines = []
    for deck in decks:
        named = {
            "title": deck.title,
            "deck": deck.id,
            "languages": ", ".join(language_name(code) for code in deck.languages),
        }
        if deck.guild_id is not None:
            line = n_(
                "**{title}** (`{deck}`) — {n} question · {languages} · this server's own",
                "**{title}** (`{deck}`) — {n} questions · {languages} · this server's own",
                len(deck.questions),
                **named,
            )
        else:
            line = n_(
                "**{title}** (`{deck}`) — {n} question · {languages}",
                "**{title}** (`{deck}`) — {n} questions · {languages}",
                len(deck.questions),
                **named,
            )
        lines.append(line)
        if held := profile_line(deck):  # filters /quiz start takes (tags, difficulty)
            lines.append(f"└ {held}")
    return lines


def decks_embed(decks: Sequence[Deck]) -> discord.Embed:
    embed = discord.Embed(
        title=_("Decks you can play"),
        description=clip("\n".join(deck_lines(decks)), EMBED_DESCRIPTION),
        colour=discord.Colour.blurple(),
    )
    footer = _(
        "Start one with {start}, or practise alone with {practice}",
        start=slash("quiz start"),
        practice=slash("practice"),
    )
    embed.set_footer(text=clip(footer, FOOTER))
    return embed


def about_embed(facts: AboutFacts) -> discord.Embed:
    embed = discord.Embed(
        title="Bvunzo",  # i18n: not shown (the bot's name, the same in every language)
        description=_(
            "A quiz bot for study groups: rounds with buttons, leaderboards, and practice of "
            "what each person missed."
        ),
        colour=discord.Colour.blurple(),
    )
    embed.add_field(name=_("Version"), value=facts.version)
    embed.add_field(
        name=_("Decks"),
        value=n_(
            "{decks} ({n} question)", "{decks} ({n} questions)", facts.questions, decks=number(facts.decks)
        ),
    )
    embed.add_field(name=_("Uptime"), value=duration(facts.uptime_seconds))
    if facts.deck_problems:
        embed.add_field(name=_("Deck problems"), value=_problems(facts), inline=False)
    if facts.champion_problem:
        embed.add_field(
            name=_("Champion role"), value=clip(facts.champion_problem, FIELD_VALUE), inline=False
        )
    shown = (
        _("{milliseconds} ms", milliseconds=number(round(facts.latency * 1000)))
        if math.isfinite(facts.latency)
        else "—"
    )
    embed.add_field(name=_("Latency"), value=shown)
    if facts.moderator and facts.database is not None:
        embed.add_field(name=_("Database (moderators)"), value=_database(facts.database), inline=False)
    return embed


def _problems(facts: AboutFacts) -> str:
    value = n_(
        "{n} problem in the deck files; the host's log (or `bvunzo validate`) lists it",
        "{n} problems in the deck files; the host's log (or `bvunzo validate`) lists them",
        len(facts.deck_problems),
    )
    if facts.moderator:
        # Moderators see each `file:line: reason`, as many as fit in the field.
        value = clip(value + ":\n" + "\n".join(facts.deck_problems), FIELD_VALUE)
    return value


def _database(database: DatabaseLine) -> str:
    size = decimal(database.size_bytes / 1_048_576, 1)
    if database.last_backup:
        return _("{size} MiB · last backup {when}", size=size, when=stamp(database.last_backup, "R"))
    return _("{size} MiB · last backup none recorded", size=size)
