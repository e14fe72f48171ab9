"""/decks and /about: what this server can play, and how the bot is doing (drawn by bot/ui/about.py)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import discord
from discord import app_commands

import bot as bvunzo
from bot.discord.cogs import Cog
from bot.locales import _
from bot.ui import replies
from bot.ui.about import AboutFacts, DatabaseLine, about_embed, decks_embed
from bot.ui.calendar_desks import CALENDAR_DESK
from cogs.permissions import anywhere, is_quiz_master

if TYPE_CHECKING:
    from bot.discord.client import BvunzoBot


class GeneralCog(Cog, name="General"):  # i18n: not shown (the cog's name in code)
    def __init__(self, bot: BvunzoBot) -> None:
        self.bot = bot

    @app_commands.command(name="decks", description="The decks you can play here")
    @anywhere
    async def decks(self, interaction: discord.Interaction) -> None:
        decks = self.bot.bank.decks_for(interaction.guild_id)
        if not decks:
            await replies.send(interaction, _("No decks are loaded yet."), ephemeral=True)
            return
        await replies.send(interaction, embed=decks_embed(decks), ephemeral=True)

    @app_commands.command(name="about", description="Bvunzo's version, decks and health")
    async def about(self, interaction: discord.Interaction) -> None:
        guild_id = interaction.guild_id
        moderator = guild_id is not None and is_quiz_master(
            interaction, await self.bot.guild_settings(guild_id)
        )
        facts = AboutFacts(
            version=bvunzo.__version__,
            decks=len(self.bot.bank),
            questions=self.bot.bank.question_count,
            uptime_seconds=self.bot.uptime_seconds,
            latency=self.bot.latency,
            deck_problems=tuple(self.bot.deck_problems),
            moderator=moderator,
            champion_problem=await self._champion_problem(guild_id),
            database=await self._database() if moderator else None,
        )
        await replies.send(interaction, embed=about_embed(facts), ephemeral=True)

    async def _champion_problem(self, guild_id: int | None) -> str | None:
        """The last champion handover's problem in this server (cogs/calendar), if any."""
        calendar = self.bot.owners.get(CALENDAR_DESK)
        if guild_id is None or calendar is None:
            return None
        return await calendar.champion_problem(guild_id) or None

    async def _database(self) -> DatabaseLine | None:
        # A SQLite file's size and backups; a PostgreSQL server's are its host's business (pg_dump).
        if not isinstance(self.bot.settings.db_path, Path):
            return None
        from bot.store.backup import database_facts  # /about's line alone reads the file's facts

        facts = await database_facts(self.bot.store, self.bot.settings.db_path)
        return DatabaseLine(facts.size, facts.last_backup)


async def setup(bot: BvunzoBot) -> None:
    await bot.add_cog(GeneralCog(bot))
