"""A test-only extension whose command fails, to prove one failure reaches the member as a sentence."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands


class Broken(commands.Cog):
    @app_commands.command(name="boom", description="Always fails (tests only)")
    async def boom(self, interaction: discord.Interaction) -> None:
        raise RuntimeError("a bug in a command")


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Broken())
