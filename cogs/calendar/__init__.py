"""The group's calendar in Discord: /quiz schedule, /qotd, the server's time zone, and the runner's Discord side."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.calendar.assignment_service import Assignments
from bot.calendar.qotd_service import QotdService
from bot.quiz.clock import nap
from cogs.calendar._assign import AssignCog, AttemptAnswerButton
from cogs.calendar._assign_buttons import StartButton
from cogs.calendar._assign_channel import DiscordAssignmentChannel
from cogs.calendar._cog import CalendarCog
from cogs.calendar._qotd import QotdCog
from cogs.calendar._qotd_buttons import QotdAnswerButton
from cogs.calendar._qotd_channel import DiscordQotdChannel
from cogs.calendar._styles import PostedStyles

if TYPE_CHECKING:
    from bot.discord.client import BvunzoBot

__all__ = ["AssignCog", "CalendarCog", "QotdCog", "setup"]


async def setup(bot: BvunzoBot) -> None:
    # The services are built here, with their Discord sides, and handed to the cogs and the runner.
    styles = PostedStyles()  # which of their messages are cards, for their edits
    qotd = QotdService(bot, DiscordQotdChannel(bot, styles))
    await bot.add_cog(QotdCog(bot, qotd))
    await bot.add_cog(CalendarCog(bot, qotd))
    assignments = Assignments(bot, DiscordAssignmentChannel(bot, styles), sleep=lambda s: nap(s, bot.clock))
    await bot.add_cog(AssignCog(bot, assignments, styles))
    bot.add_dynamic_items(QotdAnswerButton, StartButton, AttemptAnswerButton)
