"""Servers' time zones and champion roles, scheduled rounds, and the claims of occurrences."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from bot.store.calendar_records import (
    CalendarSettings,
    NewSchedule,
    OccurrenceRecord,
    ScheduleMove,
    ScheduleRecord,
    Shards,
)
from bot.store.sql import calendar as C
from bot.store.sql.engine import Engine, Transaction, changed, row
from bot.store.sql.times import to_ms, to_ms_or_none


class _Moved(Exception):
    """Rolls a claim back: its schedule no longer stood at the occurrence."""


def _add(new: NewSchedule, wake_at: datetime) -> Transaction[ScheduleRecord]:
    added = yield row(C.ADD_SCHEDULE, C.NEW_SCHEDULE_COLUMNS.row(new, wake_at=wake_at, announced=False))
    return C.SCHEDULE_COLUMNS.record(added)


def _claim_round(claim: Mapping[str, object], move: Mapping[str, object]) -> Transaction[bool]:
    # A second process's INSERT waits on this one's key until it commits, then does nothing.
    if not (yield changed(C.CLAIM_ROUND, **claim)):
        return False
    if not (yield changed(C.MOVE_CLAIMED, **move)):
        raise _Moved  # the schedule moved under us (a new zone, removed): the claim goes with it
    return True


def _move_values(schedule_id: int, move: ScheduleMove) -> dict[str, object]:
    return {
        "next": to_ms_or_none(move.next_at),
        "wake": to_ms_or_none(move.wake_at),
        "announced": int(move.announced),
        "schedule": schedule_id,
        "was": to_ms_or_none(move.was),
    }


class SharedCalendar:
    _engine: Engine

    async def calendar_settings(self, guild_id: int) -> CalendarSettings:
        found = await self._engine.fetch_record(C.CALENDAR_SETTING_COLUMNS, C.SETTINGS, guild=guild_id)
        return CalendarSettings(guild_id) if found is None else found

    async def save_calendar_settings(self, settings: CalendarSettings) -> None:
        await self._engine.execute(C.SAVE_SETTINGS, C.CALENDAR_SETTING_COLUMNS.row(settings))

    async def add_schedule(self, new: NewSchedule, wake_at: datetime) -> ScheduleRecord:
        return await self._engine.write(lambda: _add(new, wake_at))

    async def schedule(self, schedule_id: int) -> ScheduleRecord | None:
        return await self._engine.fetch_record(C.SCHEDULE_COLUMNS, C.SCHEDULE, schedule=schedule_id)

    async def guild_schedules(self, guild_id: int) -> list[ScheduleRecord]:
        return await self._engine.fetch_records(C.SCHEDULE_COLUMNS, C.GUILD_SCHEDULES, guild=guild_id)

    async def remove_schedule(self, guild_id: int, schedule_id: int) -> bool:
        return await self._engine.execute(C.REMOVE_SCHEDULE, schedule=schedule_id, guild=guild_id) > 0

    async def due_schedules(
        self, now: datetime, limit: int = 500, shards: Shards = None
    ) -> list[ScheduleRecord]:
        return await self._engine.fetch_due(C.SCHEDULE_COLUMNS, C.DUE_SCHEDULES, now, limit, shards)

    async def move_schedule(
        self, schedule_id: int, move: ScheduleMove, result: tuple[str, datetime] | None = None
    ) -> bool:
        values = _move_values(schedule_id, move)
        if result is None:
            return await self._engine.execute(C.MOVE_SCHEDULE, **values) > 0
        noted = {**values, "result": result[0], "result_at": to_ms(result[1])}
        return await self._engine.execute(C.MOVE_SCHEDULE_NOTING, **noted) > 0

    async def note_schedule_result(self, schedule_id: int, result: str, at: datetime) -> None:
        await self._engine.execute(C.NOTE_RESULT, result=result, at=to_ms(at), schedule=schedule_id)

    async def claim_occurrence(self, kind: str, key_id: int, occurrence: datetime, now: datetime) -> bool:
        claim = {"kind": kind, "key": key_id, "occurrence": to_ms(occurrence), "now": to_ms(now)}
        return await self._engine.execute(C.CLAIM_OCCURRENCE, **claim) > 0

    async def claim_round_occurrence(self, claim: OccurrenceRecord, move: ScheduleMove) -> bool:
        if claim.round_id is not None:
            raise ValueError("a claimed occurrence gets its round when the round starts (start_round)")
        claimed = {
            "schedule": claim.schedule_id,
            "occurrence": to_ms(claim.occurrence_at),
            "now": to_ms(claim.claimed_at),
            "outcome": claim.outcome,
            "detail": claim.detail,
        }
        moved = _move_values(claim.schedule_id, move)
        try:
            return await self._engine.write(lambda: _claim_round(claimed, moved))
        except _Moved:
            return False

    async def settle_round_occurrence(
        self, schedule_id: int, occurrence: datetime, outcome: str, detail: str | None
    ) -> bool:
        settle = {
            "outcome": outcome,
            "detail": detail,
            "schedule": schedule_id,
            "occurrence": to_ms(occurrence),
        }
        return await self._engine.execute(C.SETTLE_CLAIM, **settle) > 0

    async def claim_announcement(
        self, schedule_id: int, occurrence: datetime, now: datetime, *, stale_before: datetime
    ) -> bool:
        claim = {
            "schedule": schedule_id,
            "occurrence": to_ms(occurrence),
            "now": to_ms(now),
            "stale": to_ms(stale_before),
        }
        return await self._engine.execute(C.CLAIM_ANNOUNCEMENT, **claim) > 0

    async def settle_announcement(self, schedule_id: int, occurrence: datetime) -> None:
        await self._engine.execute(C.SETTLE_ANNOUNCEMENT, schedule=schedule_id, occurrence=to_ms(occurrence))

    async def schedule_occurrences(self, schedule_id: int, limit: int = 5) -> list[OccurrenceRecord]:
        return await self._engine.fetch_records(
            C.OCCURRENCE_COLUMNS, C.SCHEDULE_OCCURRENCES, schedule=schedule_id, limit=limit
        )

    async def pending_round_occurrences(
        self, since: datetime, claimed_by: datetime, limit: int = 500, shards: Shards = None
    ) -> list[tuple[ScheduleRecord, datetime]]:
        statement, values = C.PENDING_OCCURRENCES.pick(
            shards, since=to_ms(since), claimed_by=to_ms(claimed_by), limit=limit
        )
        return [C.pending_occurrence(r) for r in await self._engine.fetch_all(statement, **values)]

    # -- champion roles -------------------------------------------------------------------------------

    async def due_champions(
        self, now: datetime, limit: int = 500, shards: Shards = None
    ) -> list[CalendarSettings]:
        return await self._engine.fetch_due(C.CALENDAR_SETTING_COLUMNS, C.DUE_CHAMPIONS, now, limit, shards)

    async def move_champion(
        self, guild_id: int, was: datetime, next_at: datetime, problem: str | None
    ) -> bool:
        move = {"next": to_ms(next_at), "problem": problem, "guild": guild_id, "was": to_ms(was)}
        return await self._engine.execute(C.MOVE_CHAMPION, **move) > 0

    async def period_top(
        self, guild_id: int, start: datetime, end: datetime, limit: int
    ) -> list[tuple[int, int]]:
        found = await self._engine.fetch_all(
            C.PERIOD_TOP, guild=guild_id, start=to_ms(start), end=to_ms(end), limit=limit
        )
        return [(int(r[0]), int(r[1])) for r in found]

    async def champions(self, guild_id: int) -> list[int]:
        return [int(r[0]) for r in await self._engine.fetch_all(C.CHAMPIONS, guild=guild_id)]

    async def save_champions(self, guild_id: int, period_end: datetime, user_ids: Sequence[int]) -> None:
        end = to_ms(period_end)
        await self._engine.execute_many(C.SAVE_CHAMPION, [(guild_id, end, user_id) for user_id in user_ids])
