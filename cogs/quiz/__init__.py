"""Quiz rounds in a channel: /quiz and the buttons of its questions (the round service's port: bot/discord/round_port.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.discord.round_port import round_service
from cogs.answers import ANSWER_FORMS
from cogs.quiz._buttons import DYNAMIC_ITEMS
from cogs.quiz._cog import QuizCog

if TYPE_CHECKING:
    from bot.discord.client import BvunzoBot

__all__ = ["QuizCog", "setup"]


async def setup(bot: BvunzoBot) -> None:
    await bot.add_cog(QuizCog(bot, round_service(bot)))
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    bot.add_forms(*ANSWER_FORMS)
