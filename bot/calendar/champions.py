"""Champion roles: where a server's week or month starts and ends in its own zone, and each handover once."""

from __future__ import annotations

import logging
import zoneinfo
from collections.abc import Callable, Sequence
from datetime import date, datetime, timedelta
from typing import Literal, Protocol

from bot.calendar.zones import UnknownZoneError, day_start, local_day, zone_named
from bot.store import CalendarSettings, Shards, Store, StoreError

log = logging.getLogger(__name__)

ChampionPeriod = Literal["week", "month"]
MOST_CHAMPIONS = 10


def period_bounds(period: str, moment: datetime, zone: zoneinfo.ZoneInfo) -> tuple[datetime, datetime]:
    """The first instant of the server's week (from Monday) or month holding `moment`, and of the next."""
    today = local_day(moment, zone)
    if period == "week":
        first = today - timedelta(days=today.weekday())
        after = first + timedelta(days=7)
    elif period == "month":
        first = today.replace(day=1)
        after = date(first.year + (first.month == 12), first.month % 12 + 1, 1)
    else:
        raise ValueError(f"a champion period is a week or a month, not {period!r}")
    return day_start(first, zone), day_start(after, zone)


class ChampionPort(Protocol):
    def holds(self, guild_id: int) -> bool: ...

    async def hand_over(
        self, guild_id: int, role_id: int, winners: Sequence[int], previous: Sequence[int]
    ) -> str | None:
        """Give the role to the winners and take it from the previous holders who did not win again;
        the sentence for /about when Discord refused (None: it went well)."""


class ChampionRunner:
    def __init__(
        self, store: Store, port: ChampionPort, clock: Callable[[], datetime], *, shards: Shards = None
    ) -> None:
        self.store = store
        self.shards = shards  # this process's shards: filtered in the query, before its LIMIT
        self.port = port
        self.clock = clock

    async def tick(self, now: datetime) -> int:
        acted = 0
        for settings in await self.store.due_champions(now, 500, self.shards):
            if not self.port.holds(settings.guild_id):
                continue
            acted += 1
            try:
                await self._hand_over(settings, now)
            except StoreError:
                raise  # the database is away: the runner's loop says so once and looks again
            except Exception:
                log.exception("the champion handover of server %s failed", settings.guild_id)
        return acted

    async def _hand_over(self, settings: CalendarSettings, now: datetime) -> None:
        ended = settings.champion_next_at
        if ended is None:
            return
        try:
            zone = zone_named(settings.timezone)
        except UnknownZoneError:
            zone = zone_named("UTC")
        start, _ = period_bounds(settings.champion_period, ended - timedelta(microseconds=1), zone)
        _, following = period_bounds(settings.champion_period, now, zone)
        problem = settings.champion_problem
        if settings.champion_role_id is not None and await self.store.claim_occurrence(
            "champion", settings.guild_id, ended, now
        ):
            top = await self.store.period_top(settings.guild_id, start, ended, settings.champion_count)
            winners = [user_id for user_id, points in top if points > 0]
            previous = await self.store.champions(settings.guild_id)
            # Kept before Discord is asked: a process stopped half-way through still knows whom the next
            # handover takes the role from (taking it from someone who never got it is harmless).
            await self.store.save_champions(settings.guild_id, ended, winners)
            problem = await self.port.hand_over(
                settings.guild_id, settings.champion_role_id, winners, previous
            )
            if problem is not None:
                log.warning(
                    "server %s: the champion role was not handed over: %s", settings.guild_id, problem
                )
        await self.store.move_champion(settings.guild_id, ended, following, problem)
