"""Champion roles: where a server's week or month starts and ends in its own zone, and each handover once."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import TYPE_CHECKING, Literal, Protocol

from bot.calendar.guarded import each_held
from bot.calendar.zones import day_start, local_day, zone_or_utc
from bot.store import CalendarSettings, Shards

if TYPE_CHECKING:
    import zoneinfo  # annotations only: bot/calendar/zones.py reads zones

    from bot.store import CalendarStore

log = logging.getLogger(__name__)

ChampionPeriod = Literal["week", "month"]
MOST_CHAMPIONS = 10
# How many of the board a handover reads: enough for the top 10 and anyone tied with the last of them.
BOARD_READ = 1000

# Why Discord did not change one member's role. "left": the member is no longer in the server (404 Unknown
# Member): not tried again, they are simply no longer a holder. Every other failure is tried again each minute.
RoleProblem = Literal["left", "role_gone", "forbidden", "discord_down", "refused"]


@dataclass(frozen=True, slots=True)
class RoleChange:
    user_id: int
    give: bool  # False: take the role away


@dataclass(frozen=True, slots=True)
class FailedChange:
    change: RoleChange
    problem: str


def winners_of(top: Sequence[tuple[int, int]], count: int) -> list[int]:
    """The top `count` members with points, and everyone tied with the last of them (ties all win)."""
    scored = [(user_id, points) for user_id, points in top if points > 0]
    if len(scored) <= count:
        return [user_id for user_id, _points in scored]
    last = scored[count - 1][1]
    return [user_id for user_id, points in scored if points >= last]


def changes_of(winners: Sequence[int], previous: Sequence[int]) -> list[RoleChange]:
    """Take the role from previous holders who did not win again, then give it to each winner."""
    return [RoleChange(u, False) for u in previous if u not in winners] + [
        RoleChange(u, True) for u in winners
    ]


@dataclass(frozen=True, slots=True)
class Pending:
    """The changes still to make, kept in calendar_settings.champion_problem (JSON) between tries."""

    failed: tuple[FailedChange, ...]
    period_end: datetime  # the end of the period these changes belong to

    def dumps(self) -> str:
        return json.dumps(
            {
                "period_end": int(self.period_end.timestamp()),
                "failed": [[f.change.user_id, f.change.give, f.problem] for f in self.failed],
            }
        )


def pending_of(text: str | None) -> Pending | None:
    """The kept changes; None for no problem or for a sentence kept by an older Bvunzo."""
    if not text or not text.startswith("{"):
        return None
    data = json.loads(text)
    return Pending(
        tuple(FailedChange(RoleChange(int(u), bool(g)), str(p)) for u, g, p in data["failed"]),
        datetime.fromtimestamp(int(data["period_end"]), UTC),
    )


def next_minute(now: datetime) -> datetime:
    return now.replace(second=0, microsecond=0) + timedelta(minutes=1)


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

    async def change_role(self, guild_id: int, role_id: int, change: RoleChange) -> RoleProblem | None:
        """Give or take the role of one member; why Discord did not (None: done)."""


class ChampionRunner:
    def __init__(
        self,
        store: CalendarStore,
        port: ChampionPort,
        clock: Callable[[], datetime],
        *,
        shards: Shards = None,
    ) -> None:
        self.store = store
        self.shards = shards  # this process's shards: filtered in the query, before its LIMIT
        self.port = port
        self.clock = clock

    async def tick(self, now: datetime) -> int:
        return await each_held(
            await self.store.due_champions(now, 500, self.shards),
            lambda settings: settings.guild_id,
            self.port.holds,
            lambda settings: self._hand_over(settings, now),
            log,
            "the champion handover of server %s failed",  # i18n: not shown (a log line)
        )

    async def _hand_over(self, settings: CalendarSettings, now: datetime) -> None:
        ended = settings.champion_next_at
        if ended is None:
            return
        zone = zone_or_utc(settings.timezone)
        pending = pending_of(settings.champion_problem)
        if pending is not None and ended < pending.period_end:
            await self._try_again(settings, ended, pending, now)
            return
        start, _ = period_bounds(settings.champion_period, ended - timedelta(microseconds=1), zone)
        _, following = period_bounds(settings.champion_period, now, zone)
        problem = None if pending is not None else settings.champion_problem
        next_at = following
        if settings.champion_role_id is not None and await self.store.claim_occurrence(
            "champion", settings.guild_id, ended, now
        ):
            top = await self.store.period_top(settings.guild_id, start, ended, BOARD_READ)
            winners = winners_of(top, settings.champion_count)
            previous = await self.store.champions(settings.guild_id)
            # Kept before Discord is asked: a process stopped half-way through still knows whom the next
            # handover takes the role from (taking it from someone who never got it is harmless).
            await self.store.save_champions(settings.guild_id, ended, winners)
            failed = await self._change(settings, changes_of(winners, previous))
            problem, next_at = self._after(failed, following, now)
        await self.store.move_champion(settings.guild_id, ended, next_at, problem)

    async def _try_again(
        self, settings: CalendarSettings, at: datetime, pending: Pending, now: datetime
    ) -> None:
        problem, next_at = settings.champion_problem, at
        if settings.champion_role_id is not None and await self.store.claim_occurrence(
            "champion", settings.guild_id, at, now
        ):
            failed = await self._change(settings, [f.change for f in pending.failed])
            problem, next_at = self._after(failed, pending.period_end, now)
        await self.store.move_champion(settings.guild_id, at, next_at, problem)

    async def _change(self, settings: CalendarSettings, changes: Sequence[RoleChange]) -> list[FailedChange]:
        """One try per member, whatever Discord says about the others; the failures worth another try."""
        assert settings.champion_role_id is not None
        failed = []
        for change in changes:
            problem = await self.port.change_role(settings.guild_id, settings.champion_role_id, change)
            if problem is not None and problem != "left":
                failed.append(FailedChange(change, problem))
        if failed:
            log.warning(
                "server %s: the champion role was not changed for %d members (%s); trying again next minute",
                settings.guild_id,
                len(failed),
                ", ".join(sorted({f.problem for f in failed})),
            )
        return failed

    @staticmethod
    def _after(
        failed: Sequence[FailedChange], period_end: datetime, now: datetime
    ) -> tuple[str | None, datetime]:
        """What to keep after a try: the failures and the next minute, or nothing and the period's end."""
        if not failed:
            return None, period_end
        return Pending(tuple(failed), period_end).dumps(), min(next_minute(now), period_end)
