"""The calendar cog: runs the calendar's runner for this process's servers and keeps the server's time zone."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.calendar.daily import QotdPort
from bot.calendar.server_calendar import ServerCalendar
from bot.discord.calendar_channels import calendar_runner
from bot.discord.cogs import Cog
from bot.errors import UserError
from bot.locales import _
from bot.ui.calendar_desks import CALENDAR_DESK
from cogs.calendar._champions import DiscordChampions, handover_problems, set_champion
from cogs.calendar._round_results import results_command
from cogs.calendar._schedule import ScheduleCommands

if TYPE_CHECKING:
    from bot.discord.client import BvunzoBot
    from bot.store import QotdDay

log = logging.getLogger(__name__)


class CalendarCog(Cog, name="Calendar"):  # i18n: not shown (the cog's own name)
    def __init__(self, bot: BvunzoBot, qotd: QotdPort | None = None) -> None:
        self.bot = bot
        self.runner = calendar_runner(bot, qotd=qotd, champions=DiscordChampions(bot))
        self.calendar = ServerCalendar(bot)
        self._schedule = ScheduleCommands(bot, self.calendar)
        self._results = results_command(bot, self.calendar)

    async def cog_load(self) -> None:
        quiz = self.bot.tree.get_command("quiz")
        if not isinstance(quiz, app_commands.Group):
            raise RuntimeError("the calendar's commands live under /quiz: load cogs.quiz first")
        quiz.add_command(self._schedule, override=True)
        quiz.add_command(self._results, override=True)
        self.bot.owners.provide(CALENDAR_DESK, self)

    async def cog_unload(self) -> None:
        self.bot.owners.withdraw(CALENDAR_DESK, self)
        quiz = self.bot.tree.get_command("quiz")
        if isinstance(quiz, app_commands.Group):
            quiz.remove_command(self._schedule.name)
            quiz.remove_command(self._results.name)
        await self.runner.stop()

    @Cog.listener()
    async def on_ready(self) -> None:
        # After the round service resumed its rounds: a scheduled round must see the channel's running one.
        service = getattr(self.bot, "round_service", None)
        if service is not None:
            await service.resumed.wait()
        self.runner.start()

    async def shut_down(self) -> None:
        await self.runner.stop()

    # -- the server's time zone (/quiz settings timezone:) ---------------------------------------------

    async def set_timezone(self, guild_id: int, name: str) -> str:
        """Keep the server's zone and move its schedules to it; the sentence for the moderator."""
        zone, moved = await self.calendar.set_timezone(guild_id, name)
        local = self.bot.clock().astimezone(zone)
        said = _(
            "Time zone: {zone} (it is {time} there now); scheduled times follow it.",
            zone=zone.key,
            time=local.strftime("%H:%M"),
        )
        return "\n".join([said, *moved])

    async def set_champion(
        self, guild: discord.Guild, role: discord.Role | None, period: str | None, count: int | None
    ) -> str:
        return await set_champion(self.calendar, guild, role, period, count)

    async def champion_problem(self, guild_id: int) -> str | None:
        """What went wrong at the last handover (for /about)."""
        sentences = handover_problems((await self.calendar.settings(guild_id)).champion_problem)
        return " ".join(sentences) or None

    async def timezone_line(self, guild_id: int) -> str:
        return _("Time zone: {zone}.", zone=(await self.calendar.settings(guild_id)).timezone)

    async def reveal_qotd(self, day: QotdDay) -> bool:
        if self.runner.qotd is None:
            raise UserError(_("The calendar is not running right now; try again in a minute."))
        # One edit of one message: well inside the 3 s a command has to answer in.
        return await self.runner.qotd.reveal(day, self.bot.clock())
