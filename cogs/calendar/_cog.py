"""The calendar cog: runs the calendar's runner for this process's servers and keeps the server's time zone."""

from __future__ import annotations

import logging
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

import discord
from discord import app_commands
from discord.ext import commands

from bot.calendar.champions import period_bounds
from bot.calendar.daily import QotdPort, daily_rule
from bot.calendar.occurrences import wake_at
from bot.calendar.qotd import day_of_number
from bot.calendar.runner import CalendarRunner, rule_of
from bot.calendar.scheduled import ScheduledRounds
from bot.calendar.zonechange import next_in_new_zone, qotd_moved, schedule_moved
from bot.calendar.zones import UnknownZoneError, local_day, zone_named
from bot.discord.calendar_channels import DiscordScheduleChannels
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


def _zone_or_utc(name: str) -> ZoneInfo:
    try:
        return zone_named(name)
    except UnknownZoneError:
        return zone_named("UTC")  # a zone the tz database dropped: its dates were read on UTC


class CalendarCog(commands.Cog, name="Calendar"):  # i18n: not shown (the cog's own name)
    def __init__(self, bot: BvunzoBot, qotd: QotdPort | None = None) -> None:
        self.bot = bot
        self.runner = CalendarRunner(
            bot.store,
            bot.clock,
            ScheduledRounds(bot.store, bot.round_service, DiscordScheduleChannels(bot)),
            qotd=qotd,
            champions=DiscordChampions(bot),
            languages=lambda guild_id: bot.languages.server(guild_id),  # noqa: PLW0108 (read late: set in setup_hook)
            shards=bot.settings.shards.in_query,
        )
        self._schedule = ScheduleCommands(bot)
        self._results = results_command(bot)

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

    @commands.Cog.listener()
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
        try:
            zone = zone_named(name)
        except UnknownZoneError as exc:
            raise UserError(str(exc)) from exc
        current = await self.bot.store.calendar_settings(guild_id)
        moved: list[str] = []
        if current.timezone != zone.key:
            now = self.bot.clock()
            champion_ends = (
                None
                if current.champion_role_id is None
                else period_bounds(current.champion_period, now, zone)[1]
            )
            await self.bot.store.save_calendar_settings(
                replace(current, timezone=zone.key, champion_next_at=champion_ends)
            )
            moved = await self._move_to_zone(guild_id, _zone_or_utc(current.timezone), zone, now)
        local = self.bot.clock().astimezone(zone)
        said = _(
            "Time zone: {zone} (it is {time} there now); scheduled times follow it.",
            zone=zone.key,
            time=local.strftime("%H:%M"),
        )
        return "\n".join([said, *moved])

    async def _move_to_zone(self, guild_id: int, old: ZoneInfo, zone: ZoneInfo, now: datetime) -> list[str]:
        """Each schedule's and the question of the day's next time in the new zone, neither repeating nor
        skipping a local date (bot/calendar/zonechange.py); a sentence for each that moved."""
        store = self.bot.store
        moved: list[str] = []
        for schedule in await store.guild_schedules(guild_id):
            if schedule.next_at is None:
                continue
            claims = await store.schedule_occurrences(schedule.id, 1)
            ran_on = local_day(claims[0].occurrence_at, old) if claims else None
            after = next_in_new_zone(rule_of(schedule), zone, now, ran_on=ran_on)
            if await store.move_schedule(
                schedule.id,
                schedule.next_at,
                next_at=after,
                wake_at=wake_at(after, schedule.announce_minutes, False),
                announced=False,
            ):
                moved.append(schedule_moved(schedule.id, after, zone))
        daily = await store.qotd_settings(guild_id)
        if daily is not None and daily.enabled and daily.next_at is not None:
            latest = await store.latest_qotd_day(guild_id)
            posted = None if latest is None else day_of_number(latest.day)
            after = next_in_new_zone(daily_rule(daily), zone, now, ran_on=posted, catch_up=True)
            if await store.move_qotd(guild_id, daily.next_at, after):
                moved.append(qotd_moved(after, zone, now, posted))
        return moved

    async def set_champion(
        self, guild: discord.Guild, role: discord.Role | None, period: str | None, count: int | None
    ) -> str:
        return await set_champion(self.bot, guild, role, period, count)

    async def champion_problem(self, guild_id: int) -> str | None:
        """What went wrong at the last handover (for /about)."""
        sentences = handover_problems((await self.bot.store.calendar_settings(guild_id)).champion_problem)
        return " ".join(sentences) or None

    async def timezone_line(self, guild_id: int) -> str:
        return _("Time zone: {zone}.", zone=(await self.bot.store.calendar_settings(guild_id)).timezone)

    async def reveal_qotd(self, day: QotdDay) -> bool:
        if self.runner.qotd is None:
            raise UserError(_("The calendar is not running right now; try again in a minute."))
        # One edit of one message: well inside the 3 s a command has to answer in.
        return await self.runner.qotd.reveal(day, self.bot.clock())
