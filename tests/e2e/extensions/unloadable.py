"""A test-only extension that fails while loading: the bot logs it and runs the others."""

from __future__ import annotations

from discord.ext import commands


async def setup(bot: commands.Bot) -> None:
    raise RuntimeError("this extension cannot load")
