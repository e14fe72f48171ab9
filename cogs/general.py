"""/decks and /about: what this server can play, and how the bot is doing."""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

import bot as bvunzo
from bot.locales import _, decimal, n_, number, slash
from bot.store.backup import database_facts
from bot.ui import replies
from bot.ui.calendar_desks import CALENDAR_DESK
from bot.ui.deck_profile import profile_line
from bot.ui.text import EMBED_DESCRIPTION, FIELD_VALUE, FOOTER, clip, language_name
from cogs.permissions import anywhere, is_quiz_master

if TYPE_CHECKING:
    from bot.discord.client import BvunzoBot


def _duration(seconds: float) -> str:
    minutes, secs = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    days, hours = divmod(hours, 24)
    if days:
        return _("{days} d {hours} h", days=number(days), hours=number(hours))
    if hours:
        return _("{hours} h {minutes} min", hours=number(hours), minutes=number(minutes))
    return _("{minutes} min {seconds} s", minutes=number(minutes), seconds=number(secs))


class GeneralCog(commands.Cog, name="General"):  # i18n: not shown (the cog's name in code)
    def __init__(self, bot: BvunzoBot) -> None:
        self.bot = bot

    @app_commands.command(name="decks", description="The decks you can play here")
    @anywhere
    async def decks(self, interaction: discord.Interaction) -> None:
        decks = self.bot.bank.decks_for(interaction.guild_id)
        if not decks:
            await replies.send(interaction, _("No decks are loaded yet."), ephemeral=True)
            return
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
        embed = discord.Embed(
            title=_("Decks you can play"),
            description=clip("\n".join(lines), EMBED_DESCRIPTION),
            colour=discord.Colour.blurple(),
        )
        footer = _(
            "Start one with {start}, or practise alone with {practice}",
            start=slash("quiz start"),
            practice=slash("practice"),
        )
        embed.set_footer(text=clip(footer, FOOTER))
        await replies.send(interaction, embed=embed, ephemeral=True)

    @app_commands.command(name="about", description="Bvunzo's version, decks and health")
    async def about(self, interaction: discord.Interaction) -> None:
        bank = self.bot.bank
        latency = self.bot.latency
        embed = discord.Embed(
            title="Bvunzo",  # i18n: not shown (the bot's name, the same in every language)
            description=_(
                "A quiz bot for study groups: rounds with buttons, leaderboards, and practice of "
                "what each person missed."
            ),
            colour=discord.Colour.blurple(),
        )
        embed.add_field(name=_("Version"), value=bvunzo.__version__)
        embed.add_field(
            name=_("Decks"),
            value=n_(
                "{decks} ({n} question)",
                "{decks} ({n} questions)",
                bank.question_count,
                decks=number(len(bank)),
            ),
        )
        embed.add_field(name=_("Uptime"), value=_duration(self.bot.uptime_seconds))
        moderator = interaction.guild_id is not None and is_quiz_master(
            interaction, await self.bot.store.guild_settings(interaction.guild_id)
        )
        if self.bot.deck_problems:
            skipped = len(self.bot.deck_problems)
            value = n_(
                "{n} problem in the deck files; the host's log (or `bvunzo validate`) lists it",
                "{n} problems in the deck files; the host's log (or `bvunzo validate`) lists them",
                skipped,
            )
            if moderator:
                # Moderators see each `file:line: reason`, as many as fit in the field.
                value = clip(value + ":\n" + "\n".join(self.bot.deck_problems), FIELD_VALUE)
            embed.add_field(name=_("Deck problems"), value=value, inline=False)
        if interaction.guild_id is not None:
            calendar = self.bot.owners.get(CALENDAR_DESK)  # cogs/calendar: the last champion handover
            problem = None if calendar is None else await calendar.champion_problem(interaction.guild_id)
            if problem:
                embed.add_field(name=_("Champion role"), value=clip(problem, FIELD_VALUE), inline=False)
        shown = (
            _("{milliseconds} ms", milliseconds=number(round(latency * 1000)))
            if math.isfinite(latency)
            else "—"
        )
        embed.add_field(name=_("Latency"), value=shown)
        # A SQLite file's size and backups; a PostgreSQL server's are its host's business (pg_dump).
        if moderator and isinstance(self.bot.settings.db_path, Path):
            facts = await database_facts(self.bot.store, self.bot.settings.db_path)
            size = decimal(facts.size / 1_048_576, 1)
            if facts.last_backup:
                when = f"<t:{int(facts.last_backup.timestamp())}:R>"
                value = _("{size} MiB · last backup {when}", size=size, when=when)
            else:
                value = _("{size} MiB · last backup none recorded", size=size)
            embed.add_field(name=_("Database (moderators)"), value=value, inline=False)
        await replies.send(interaction, embed=embed, ephemeral=True)


async def setup(bot: BvunzoBot) -> None:
    await bot.add_cog(GeneralCog(bot))
