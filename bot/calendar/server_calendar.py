"""A server's calendar as a service: its schedules, its time zone (and what a new one moves), its champion role.

What /quiz schedule, /quiz settings timezone: and champion_role:, /about and /quiz results ask; the
cogs parse their options, check who asks, and render what this returns.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING

from bot.bank.models import Deck
from bot.calendar.champions import period_bounds
from bot.calendar.daily import daily_rule
from bot.calendar.history import recent_lines
from bot.calendar.occurrences import wake_at
from bot.calendar.qotd import day_of_number
from bot.calendar.qotd_service import CalendarHost
from bot.calendar.repeats import Rule, RuleError, days_text, parse_days, parse_time
from bot.calendar.runner import first_occurrence, rule_of
from bot.calendar.zonechange import next_in_new_zone, qotd_moved, schedule_moved
from bot.calendar.zones import UnknownZoneError, local_day, zone_named, zone_or_utc
from bot.errors import UserError
from bot.locales import _, n_, slash
from bot.results.asked import round_deck
from bot.results.result_rows import pressed_hints
from bot.results.round_files import server_zone
from bot.store import (
    Answer,
    CalendarSettings,
    GuildSettings,
    NewSchedule,
    RoundRecord,
    ScheduleMove,
    ScheduleRecord,
)

if TYPE_CHECKING:
    from zoneinfo import ZoneInfo  # annotations only: bot/calendar/zones.py reads zones

    from bot.store import Store

# Schedules a server may keep: their list fits one embed.
MOST_SCHEDULES = 20


def schedule_rule(time: str, repeat: str, days: str | None) -> Rule:
    """The schedule a moderator wrote; a UserError says what is wrong with it."""
    try:
        if days and repeat != "weekly":
            raise RuleError(_("days: is for repeat:weekly; leave it out for once, daily or weekdays."))
        return Rule(parse_time(time), repeat, parse_days(days))  # type: ignore[arg-type]
    except RuleError as exc:
        raise UserError(str(exc)) from exc


@dataclass(frozen=True, slots=True)
class Listed:
    """A schedule as /quiz schedule list shows it."""

    schedule: ScheduleRecord
    title: str
    recent: list[str]  # what became of its recent occurrences, newest first


@dataclass(frozen=True, slots=True)
class RoundFile:
    """What /quiz results files: the round, its answers, its questions as asked, the server's zone."""

    record: RoundRecord
    answers: Sequence[Answer]
    deck: Deck | None
    zone: ZoneInfo
    hints: dict[tuple[int, int], int]  # presses of Hint by (question index, member id)


@dataclass(frozen=True, slots=True)
class ScheduleAsked:
    """A schedule as a moderator asked for it (its options parsed)."""

    deck: Deck
    channel_id: int
    rule: Rule
    repeat: str
    days: str | None
    questions: int | None
    seconds: int | None
    mode: str | None
    announce: int
    ping_role_id: int | None
    by: int


class ServerCalendar:
    def __init__(self, host: CalendarHost) -> None:
        self.host = host

    @property
    def store(self) -> Store:
        return self.host.store

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """The server's settings (who its quiz masters are)."""
        return await self.store.guild_settings(guild_id)

    async def settings(self, guild_id: int) -> CalendarSettings:
        return await self.store.calendar_settings(guild_id)

    # -- schedules ------------------------------------------------------------------------------------

    async def add_schedule(self, guild_id: int, asked: ScheduleAsked) -> tuple[ScheduleRecord, str]:
        """Keep a new schedule; it and the server's zone's name. A UserError when the server has enough."""
        if len(await self.store.guild_schedules(guild_id)) >= MOST_SCHEDULES:
            raise UserError(
                n_(
                    "This server has {n} schedule already; {cmd} it first.",
                    "This server has {n} schedules already; {cmd} one first.",
                    MOST_SCHEDULES,
                    cmd=slash("quiz schedule remove"),
                )
            )
        zone = (await self.settings(guild_id)).timezone
        now = self.host.clock()
        first = first_occurrence(asked.rule, zone, now)
        new = NewSchedule(
            guild_id=guild_id,
            channel_id=asked.channel_id,
            deck_id=asked.deck.id,
            at=f"{asked.rule.at:%H:%M}",
            repeat=asked.repeat,
            days=days_text(asked.rule.days),
            questions=asked.questions,
            seconds=asked.seconds,
            mode=asked.mode,
            announce_minutes=asked.announce,
            ping_role_id=asked.ping_role_id,
            created_by=asked.by,
            created_at=now,
            next_at=first,
        )
        return await self.store.add_schedule(new, wake_at(first, asked.announce, False)), zone

    async def schedules(self, guild_id: int) -> tuple[list[Listed], str]:
        """The server's schedules, each with what became of its recent occurrences; and its zone's name."""
        listed = []
        for schedule in await self.store.guild_schedules(guild_id):
            deck = self.host.bank.get(schedule.deck_id, guild_id)
            recent = recent_lines(await self.store.schedule_occurrences(schedule.id), self.host.clock())
            listed.append(Listed(schedule, deck.title if deck else schedule.deck_id, recent))
        return listed, (await self.settings(guild_id)).timezone

    async def remove_schedule(self, guild_id: int, schedule_id: int) -> None:
        if not await self.store.remove_schedule(guild_id, schedule_id):
            raise UserError(
                _(
                    "There is no schedule #{id} in this server; {cmd} shows them.",
                    id=schedule_id,
                    cmd=slash("quiz schedule list"),
                )
            )

    # -- the server's time zone -----------------------------------------------------------------------

    async def set_timezone(self, guild_id: int, name: str) -> tuple[ZoneInfo, list[str]]:
        """Keep the server's zone and move its schedules to it; the zone and a sentence for each that moved."""
        try:
            zone = zone_named(name)
        except UnknownZoneError as exc:
            raise UserError(str(exc)) from exc
        current = await self.settings(guild_id)
        if current.timezone == zone.key:
            return zone, []
        now = self.host.clock()
        champion_ends = (
            None if current.champion_role_id is None else period_bounds(current.champion_period, now, zone)[1]
        )
        await self.store.save_calendar_settings(
            replace(current, timezone=zone.key, champion_next_at=champion_ends)
        )
        old = zone_or_utc(current.timezone)
        return zone, [
            *await self._move_schedules(guild_id, old, zone, now),
            *await self._move_qotd(guild_id, zone, now),
        ]

    async def _move_schedules(self, guild_id: int, old: ZoneInfo, zone: ZoneInfo, now: datetime) -> list[str]:
        """Each schedule's next time in the new zone, neither repeating nor skipping a local date
        (bot/calendar/zonechange.py); a sentence for each that moved."""
        moved = []
        for schedule in await self.store.guild_schedules(guild_id):
            if schedule.next_at is None:
                continue
            claims = await self.store.schedule_occurrences(schedule.id, 1)
            ran_on = local_day(claims[0].occurrence_at, old) if claims else None
            after = next_in_new_zone(rule_of(schedule), zone, now, ran_on=ran_on)
            wake = wake_at(after, schedule.announce_minutes, False)
            if await self.store.move_schedule(schedule.id, ScheduleMove(schedule.next_at, after, wake)):
                moved.append(schedule_moved(schedule.id, after, zone))
        return moved

    async def _move_qotd(self, guild_id: int, zone: ZoneInfo, now: datetime) -> list[str]:
        daily = await self.store.qotd_settings(guild_id)
        if daily is None or not daily.enabled or daily.next_at is None:
            return []
        latest = await self.store.latest_qotd_day(guild_id)
        posted = None if latest is None else day_of_number(latest.day)
        after = next_in_new_zone(daily_rule(daily), zone, now, ran_on=posted, catch_up=True)
        if await self.store.move_qotd(guild_id, daily.next_at, after):
            return [qotd_moved(after, zone, now, posted)]
        return []

    # -- the champion role ----------------------------------------------------------------------------

    async def clear_champion(self, guild_id: int) -> None:
        current = await self.settings(guild_id)
        await self.store.save_calendar_settings(
            replace(current, champion_role_id=None, champion_next_at=None)
        )

    async def set_champion(
        self, guild_id: int, role_id: int | None, period: str | None, count: int | None
    ) -> CalendarSettings:
        """Keep the champion role (checked by the caller) with its period and count; the settings kept."""
        current = await self.settings(guild_id)
        chosen_role = role_id if role_id is not None else current.champion_role_id
        if chosen_role is None:
            raise UserError(_("Choose the role with champion_role: first."))
        chosen_period = period or current.champion_period
        _start, ends = period_bounds(chosen_period, self.host.clock(), zone_named(current.timezone))
        kept = replace(
            current,
            champion_role_id=chosen_role,
            champion_period=chosen_period,
            champion_count=count or current.champion_count,
            champion_problem=None,
            champion_next_at=ends,
        )
        await self.store.save_calendar_settings(kept)
        return kept

    # -- /quiz results ------------------------------------------------------------------------------

    async def round_file(self, guild_id: int, channel_id: int | None, round_id: int | None) -> RoundFile:
        """The round to file: `round_id`, or the last one finished in the channel; a UserError without one."""
        if round_id is None:
            record = (
                None if channel_id is None else await self.store.last_finished_round(guild_id, channel_id)
            )
            if record is None:
                raise UserError(_("No round has finished in this channel yet; give round: a round's number."))
        else:
            record = await self.store.get_round(round_id)
            if record is None or record.guild_id != guild_id:
                raise UserError(
                    _("There is no round {id} in this server; its number is in its summary.", id=round_id)
                )
        answers = await self.store.round_answers(record.id)
        deck = await round_deck(self.store, self.host.bank, record)
        hints = pressed_hints(await self.store.round_hints(record.id))
        return RoundFile(record, answers, deck, await server_zone(self.store, guild_id), hints)
