"""Quiz rounds in a channel: /quiz, the buttons of its questions, and the discord.py side of the round service."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.rounds import RoundService
from cogs.answers import ANSWER_FORMS
from cogs.quiz._buttons import DYNAMIC_ITEMS
from cogs.quiz._cog import QuizCog
from cogs.quiz._port import DiscordRounds

if TYPE_CHECKING:
    from bot.discord.client import BvunzoBot

__all__ = ["QuizCog", "setup"]


async def setup(bot: BvunzoBot) -> None:
    # The service lives as long as the process; a reload of this extension keeps its running rounds.
    if not hasattr(bot, "round_service"):
        bot.round_service = RoundService(bot, DiscordRounds(bot))
    await bot.add_cog(QuizCog(bot, bot.round_service))
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    bot.add_forms(*ANSWER_FORMS)
