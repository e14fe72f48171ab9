"""A test-only extension whose command fails, to prove one failure reaches the member as a sentence."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.discord.cogs import Cog

if TYPE_CHECKING:
    from bot.discord.client import BvunzoBot


class Broken(Cog):
    @app_commands.command(name="boom", description="Always fails (tests only)")
    async def boom(self, interaction: discord.Interaction) -> None:
        raise RuntimeError("a bug in a command")


async def setup(bot: BvunzoBot) -> None:
    await bot.add_cog(Broken())
