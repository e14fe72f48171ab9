"""/practice: one member plays questions alone, with spaced review of what they missed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.answers import ANSWER_FORMS, ANSWER_ITEMS
from cogs.order_answers import ORDER_ITEMS
from cogs.practice._buttons import PracticeStepButton
from cogs.practice._cog import PracticeCog

if TYPE_CHECKING:
    from bot.discord.client import BvunzoBot

__all__ = ["PracticeCog", "PracticeStepButton"]


async def setup(bot: BvunzoBot) -> None:
    await bot.add_cog(PracticeCog(bot))
    bot.add_dynamic_items(*ANSWER_ITEMS, *ORDER_ITEMS, PracticeStepButton)
    bot.add_forms(*ANSWER_FORMS)
