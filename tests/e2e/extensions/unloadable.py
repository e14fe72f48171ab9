"""A test-only extension that fails while loading: the bot logs it and runs the others."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.discord.client import BvunzoBot


async def setup(bot: BvunzoBot) -> None:
    raise RuntimeError("this extension cannot load")
