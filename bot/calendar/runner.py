"""The calendar's runner: wakes on the injected clock, claims each due occurrence once, and acts through a port."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Protocol

from bot.calendar.champions import ChampionPort, ChampionRunner
from bot.calendar.daily import QotdPort, QotdRunner
from bot.calendar.guarded import guarded
from bot.calendar.occurrences import LATE_LIMIT, Decision, decide, wake_at
from bot.calendar.repeats import Rule, parse_days, parse_time
from bot.calendar.zones import zone_named, zone_or_utc
from bot.host.background import BackgroundLoop
from bot.locales import SOURCE, _, speaking
from bot.looks.text import stamp
from bot.quiz.clock import Clock, nap
from bot.store import OccurrenceRecord, OccurrenceTaken, ScheduleMove, ScheduleRecord, Shards, StoreError

if TYPE_CHECKING:
    from bot.store import CalendarStore

log = logging.getLogger(__name__)

# How often the runner looks at the clock. It compares the injected clock's time with the store's
# next occurrences, so a test that moves the clock is seen at the next look; no timer is set per item.
POLL_SECONDS = 1.0
# Schedules handled per look; a backlog is worked through on the next looks.
BATCH = 500
# How often (on the injected clock) the runner looks for claimed occurrences that never got their round.
RECOVERY_EVERY = timedelta(minutes=1)
# A claim this young may still be on its way to its round in another process: left to it.
RECOVERY_GRACE = timedelta(seconds=30)
# An announcement claimed this long ago and still pending lost its claimer: it is claimed again.
ANNOUNCE_GRACE = timedelta(seconds=30)


class SkippedOccurrence(Exception):
    """An occurrence that cannot happen (a round already running, a deleted deck...): its sentence."""


class CalendarPort(Protocol):
    """What the runner needs of the world outside the store: the Discord side implements it."""

    def holds(self, guild_id: int) -> bool:
        """Whether this process serves the server (its shard is ours)."""

    async def announce(self, schedule: ScheduleRecord, starts_at: datetime) -> None:
        """Post that the schedule's round starts at `starts_at`."""

    async def start_round(self, schedule: ScheduleRecord, occurrence: datetime) -> str:
        """Start the schedule's round for its claimed `occurrence` (passed on to the round's creation,
        which takes the claim: OccurrenceTaken when it already has its round); the result for `list`.
        SkippedOccurrence with the sentence a moderator should read when it cannot start."""

    async def tell_moderators(self, schedule: ScheduleRecord, sentence: str) -> None:
        """Say why an occurrence was skipped where the schedule's moderators will see it."""


def rule_of(schedule: ScheduleRecord) -> Rule:
    return Rule(parse_time(schedule.at), schedule.repeat, parse_days(schedule.days))  # type: ignore[arg-type]


class CalendarRunner(BackgroundLoop):
    task_name = "calendar-runner"

    def __init__(
        self,
        store: CalendarStore,
        clock: Callable[[], datetime],
        port: CalendarPort,
        *,
        qotd: QotdPort | None = None,
        champions: ChampionPort | None = None,
        poll_seconds: float = POLL_SECONDS,
        languages: Callable[[int], Awaitable[str]] | None = None,
        shards: Shards = None,
        nap_on: Clock | None = None,
    ) -> None:
        self.store = store
        self.shards = shards  # this process's shards: the due queries return only their servers' rows
        self._recovered_at: datetime | None = None
        self.clock = clock
        self.port = port
        self.poll_seconds = poll_seconds
        # The bot's clock, when it can sleep: moved past the next look (a test's, by hand), it wakes the runner.
        self.nap_on = nap_on
        self.languages = languages  # a server's language: what its channels read (English without it)
        self.qotd = None if qotd is None else QotdRunner(store, qotd, clock, shards=shards)
        self.champions = None if champions is None else ChampionRunner(store, champions, clock, shards=shards)

    async def _run(self) -> None:
        while True:
            try:
                await self.tick()
            except asyncio.CancelledError:
                raise
            except StoreError as exc:
                # The database is away (stopped, locked, closing): weather, not a bug; the next look retries.
                log.warning("the calendar could not read the database (%s); looking again shortly", exc)
            except Exception:
                log.exception("the calendar's look at the clock failed; looking again shortly")
            await nap(self.poll_seconds, self.nap_on)

    async def tick(self) -> int:
        """Handle everything due by now on this process's servers; returns how many items it saw."""
        now = self.clock()
        seen = 0
        if self.qotd is not None:
            seen += await self.qotd.tick(now)
        if self.champions is not None:
            seen += await self.champions.tick(now)
        if self._recovered_at is None or now - self._recovered_at >= RECOVERY_EVERY:
            self._recovered_at = now
            seen += await self.recover(now)
        due = [
            s for s in await self.store.due_schedules(now, BATCH, self.shards) if self.port.holds(s.guild_id)
        ]
        for schedule in due:
            try:
                with speaking(await self.languages(schedule.guild_id) if self.languages else SOURCE):
                    await self._handle(schedule, now)
            except StoreError:
                raise  # the database is away: the runner's loop says so once and looks again
            except Exception:
                log.exception("schedule %s of server %s failed", schedule.id, schedule.guild_id)
        return seen + len(due)

    async def _handle(self, schedule: ScheduleRecord, now: datetime) -> None:
        occurrence = schedule.next_at
        if occurrence is None:
            return
        settings = await self.store.calendar_settings(schedule.guild_id)
        zone = zone_or_utc(settings.timezone)
        decision = decide(
            rule_of(schedule),
            zone,
            occurrence,
            now,
            announce_minutes=schedule.announce_minutes,
            announced=schedule.announced,
        )
        if decision.step == "wait":
            wake = wake_at(occurrence, schedule.announce_minutes, schedule.announced)
            await self.store.move_schedule(
                schedule.id, ScheduleMove(occurrence, occurrence, wake, announced=schedule.announced)
            )
            return
        if decision.step == "announce":
            await self._announce(schedule, occurrence, now)
            return
        if decision.step == "missed":
            await self._note_missed(schedule, decision, occurrence, now)
            return
        after = decision.next_occurrence
        following = None if after is None else wake_at(after, schedule.announce_minutes, False)
        # Claimed with the schedule's move, in one transaction; the round's creation takes the claim, so
        # a crash between the two leaves a pending claim that recover() starts (never a second round).
        if await self._claim(schedule, decision.occurrence, now, occurrence, after, following, "pending"):
            await self._start(schedule, decision.occurrence, now)

    async def _announce(self, schedule: ScheduleRecord, occurrence: datetime, now: datetime) -> None:
        # Claimed pending, settled once posted: a claimer that died before posting leaves the schedule
        # unannounced and its claim pending, taken again at a look ANNOUNCE_GRACE later.
        # A loser leaves the schedule as it is: the claimer moves it once posted, or dies and the claim
        # is taken again (if the round starts first, the start goes on unannounced).
        if not await self.store.claim_announcement(
            schedule.id, occurrence, now, stale_before=now - ANNOUNCE_GRACE
        ):
            return
        await guarded(
            self.port.announce(schedule, occurrence),
            log,
            "announcing schedule %s failed",  # i18n: not shown (a log line)
            schedule.id,
        )
        await self.store.settle_announcement(schedule.id, occurrence)
        await self.store.move_schedule(
            schedule.id, ScheduleMove(occurrence, occurrence, occurrence, announced=True)
        )

    async def _note_missed(
        self, schedule: ScheduleRecord, decision: Decision, occurrence: datetime, now: datetime
    ) -> None:
        """A round the bot was down for: logged, and noted as the schedule's last result once claimed."""
        after = decision.next_occurrence
        following = None if after is None else wake_at(after, schedule.announce_minutes, False)
        log.warning(
            "schedule %s of server %s missed its round of %s (the bot was down); next %s",
            schedule.id,
            schedule.guild_id,
            decision.occurrence.isoformat(),
            after.isoformat() if after else "never",
        )
        result = _("missed {when} (the bot was down)", when=stamp(decision.occurrence, "f"))
        if await self._claim(schedule, decision.occurrence, now, occurrence, after, following, "missed"):
            await self.store.note_schedule_result(schedule.id, result, now)

    async def _claim(
        self,
        schedule: ScheduleRecord,
        at: datetime,
        now: datetime,
        was: datetime,
        after: datetime | None,
        following: datetime | None,
        outcome: str,
    ) -> bool:
        """Claim the occurrence `at` and move the schedule from `was` to `after`; False when another
        process (or this one, before a restart) already claimed it."""
        claim = OccurrenceRecord(schedule.id, at, outcome, round_id=None, detail=None, claimed_at=now)
        move = ScheduleMove(was, after, following)
        if await self.store.claim_round_occurrence(claim, move):
            return True
        # Claimed before: the claim moved the schedule in its own transaction; a schedule still standing at
        # `was` (a claim kept from an older version) is moved on now, after the claim, never before it.
        await self.store.move_schedule(schedule.id, move)
        return False

    async def _start(self, schedule: ScheduleRecord, at: datetime, now: datetime) -> None:
        """Start the round of the claimed occurrence `at`, and keep what became of it for `list`."""
        try:
            result = await self.port.start_round(schedule, at)
        except OccurrenceTaken:
            return  # its round exists (another process recovering it got there first): nothing to do
        except SkippedOccurrence as skipped:
            result = _("skipped: {reason}", reason=str(skipped))
            log.info("schedule %s of server %s skipped: %s", schedule.id, schedule.guild_id, skipped)
            await self.store.settle_round_occurrence(schedule.id, at, "skipped", str(skipped))
            await guarded(
                self.port.tell_moderators(schedule, str(skipped)),
                log,
                "telling moderators about schedule %s failed",  # i18n: not shown (a log line)
                schedule.id,
            )
        await self.store.note_schedule_result(schedule.id, result, now)

    async def recover(self, now: datetime) -> int:
        """Start the rounds of occurrences claimed in the last LATE_LIMIT that never got one (the process
        died between the claim and the start); a round already created is resumed by the round service.
        Returns how many it found."""
        found = await self.store.pending_round_occurrences(
            now - LATE_LIMIT, now - RECOVERY_GRACE, BATCH, self.shards
        )
        for schedule, at in found:
            if not self.port.holds(schedule.guild_id):
                continue
            log.warning(
                "schedule %s of server %s: its round of %s was claimed but never started; starting it now",
                schedule.id,
                schedule.guild_id,
                at.isoformat(),
            )
            try:
                with speaking(await self.languages(schedule.guild_id) if self.languages else SOURCE):
                    await self._start(schedule, at, now)
            except StoreError:
                raise
            except Exception:
                log.exception("schedule %s of server %s failed", schedule.id, schedule.guild_id)
        return len(found)


def first_occurrence(rule: Rule, zone_name: str, now: datetime) -> datetime:
    """When a schedule made at `now` first runs: the next showing of its time (today or later)."""
    return rule.next_after(now, zone_named(zone_name))
