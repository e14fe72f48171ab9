"""/decks and /about: what this server can play, and how the bot is doing."""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

import bot as bvunzo
from bot import replies
from bot.store.backup import database_facts
from bot.ui.calendar_desks import CALENDAR_DESK
from bot.ui.deck_profile import profile_line
from bot.ui.text import EMBED_DESCRIPTION, FIELD_VALUE, clip, language_name, plural
from cogs.permissions import anywhere, is_quiz_master

if TYPE_CHECKING:
    from bot.app import BvunzoBot


def _duration(seconds: float) -> str:
    minutes, secs = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    days, hours = divmod(hours, 24)
    if days:
        return f"{days} d {hours} h"
    if hours:
        return f"{hours} h {minutes} min"
    return f"{minutes} min {secs} s"


class GeneralCog(commands.Cog, name="General"):
    def __init__(self, bot: BvunzoBot) -> None:
        self.bot = bot

    @app_commands.command(name="decks", description="The decks you can play here")
    @anywhere
    async def decks(self, interaction: discord.Interaction) -> None:
        decks = self.bot.bank.decks_for(interaction.guild_id)
        if not decks:
            await replies.send(interaction, "No decks are loaded yet.", ephemeral=True)
            return
        lines = []
        for deck in decks:
            langs = ", ".join(language_name(code) for code in deck.languages)
            own = " · this server's own" if deck.guild_id is not None else ""
            lines.append(
                f"**{deck.title}** (`{deck.id}`) — {plural(len(deck.questions), 'question')} · {langs}{own}"
            )
            if held := profile_line(deck):  # filters /quiz start takes (tags, difficulty)
                lines.append(f"└ {held}")
        embed = discord.Embed(
            title="Decks you can play",
            description=clip("\n".join(lines), EMBED_DESCRIPTION),
            colour=discord.Colour.blurple(),
        )
        embed.set_footer(text="Start one with /quiz start, or practise alone with /practice")
        await replies.send(interaction, embed=embed, ephemeral=True)

    @app_commands.command(name="about", description="Bvunzo's version, decks and health")
    async def about(self, interaction: discord.Interaction) -> None:
        bank = self.bot.bank
        latency = self.bot.latency
        embed = discord.Embed(
            title="Bvunzo",
            description="A quiz bot for study groups: rounds with buttons, leaderboards, and practice of "
            "what each person missed.",
            colour=discord.Colour.blurple(),
        )
        embed.add_field(name="Version", value=bvunzo.__version__)
        embed.add_field(name="Decks", value=f"{len(bank)} ({bank.question_count} questions)")
        embed.add_field(name="Uptime", value=_duration(self.bot.uptime_seconds))
        moderator = interaction.guild_id is not None and is_quiz_master(
            interaction, await self.bot.store.guild_settings(interaction.guild_id)
        )
        if self.bot.deck_problems:
            skipped = len(self.bot.deck_problems)
            value = f"{plural(skipped, 'problem')} in the deck files; the host's log (or `bvunzo validate`) lists them"
            if moderator:
                # Moderators see each `file:line: reason`, as many as fit in the field.
                value = clip(value + ":\n" + "\n".join(self.bot.deck_problems), FIELD_VALUE)
            embed.add_field(name="Deck problems", value=value, inline=False)
        if interaction.guild_id is not None:
            calendar = self.bot.owners.get(CALENDAR_DESK)  # cogs/calendar: the last champion handover
            problem = None if calendar is None else await calendar.champion_problem(interaction.guild_id)
            if problem:
                embed.add_field(name="Champion role", value=clip(problem, FIELD_VALUE), inline=False)
        embed.add_field(name="Latency", value=f"{latency * 1000:.0f} ms" if math.isfinite(latency) else "—")
        # A SQLite file's size and backups; a PostgreSQL server's are its host's business (pg_dump).
        if moderator and isinstance(self.bot.settings.db_path, Path):
            facts = await database_facts(self.bot.store, self.bot.settings.db_path)
            backed_up = (
                f"<t:{int(facts.last_backup.timestamp())}:R>" if facts.last_backup else "none recorded"
            )
            embed.add_field(
                name="Database (moderators)",
                value=f"{facts.size / 1_048_576:.1f} MiB · last backup {backed_up}",
                inline=False,
            )
        await replies.send(interaction, embed=embed, ephemeral=True)


async def setup(bot: BvunzoBot) -> None:
    await bot.add_cog(GeneralCog(bot))
