"""Servers' time zones and champion roles, scheduled rounds, and the claims of occurrences, on PostgreSQL."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import asyncpg

from bot.store.calendar_records import (
    CALENDAR_SETTING_COLUMNS,
    PENDING_OCCURRENCES,
    SCHEDULE_COLUMNS,
    CalendarSettings,
    NewSchedule,
    OccurrenceRecord,
    ScheduleRecord,
    Shards,
    calendar_settings_record,
    calendar_settings_row,
    dollars_numbered,
    ms_or_none,
    new_schedule_row,
    occurrence_record,
    pending_record,
    schedule_record,
    shard_clause,
)
from bot.store.postgres.connection import Connected, affected
from bot.store.sql import calendar as C


class _Moved(Exception):
    """Rolls a claim back: its schedule no longer stood at the occurrence."""


class PostgresCalendar(Connected):
    async def calendar_settings(self, guild_id: int) -> CalendarSettings:
        row = await self._fetchrow(*C.SETTINGS.postgres(guild=guild_id))
        return calendar_settings_record(guild_id, None if row is None else tuple(row))

    async def save_calendar_settings(self, settings: CalendarSettings) -> None:
        await self._execute(C.SAVE_SETTINGS.postgres_text, *calendar_settings_row(settings))

    async def add_schedule(self, new: NewSchedule, wake_at: datetime) -> ScheduleRecord:
        async def add(conn: asyncpg.Connection) -> ScheduleRecord:
            added = await conn.fetchrow(C.ADD_SCHEDULE.postgres_text, *new_schedule_row(new, wake_at))
            return schedule_record(tuple(added))

        return await self._write(add)

    async def schedule(self, schedule_id: int) -> ScheduleRecord | None:
        row = await self._fetchrow(*C.SCHEDULE.postgres(schedule=schedule_id))
        return None if row is None else schedule_record(tuple(row))

    async def guild_schedules(self, guild_id: int) -> list[ScheduleRecord]:
        rows = await self._fetch(*C.GUILD_SCHEDULES.postgres(guild=guild_id))
        return [schedule_record(tuple(row)) for row in rows]

    async def remove_schedule(self, guild_id: int, schedule_id: int) -> bool:
        return (
            affected(await self._execute(*C.REMOVE_SCHEDULE.postgres(schedule=schedule_id, guild=guild_id)))
            > 0
        )

    async def due_schedules(
        self, now: datetime, limit: int = 500, shards: Shards = None
    ) -> list[ScheduleRecord]:
        ours, values = shard_clause(shards, "guild_id", sqlite=False)
        rows = await self._fetch(
            dollars_numbered(
                f"SELECT {SCHEDULE_COLUMNS} FROM schedules "
                f"WHERE wake_at IS NOT NULL AND removed = 0 AND wake_at <= ${ours} ORDER BY wake_at, id LIMIT $"
            ),
            ms_or_none(now),
            *values,
            limit,
        )
        return [schedule_record(tuple(row)) for row in rows]

    async def move_schedule(
        self,
        schedule_id: int,
        was: datetime | None,
        *,
        next_at: datetime | None,
        wake_at: datetime | None,
        announced: bool,
        result: str | None = None,
        result_at: datetime | None = None,
    ) -> bool:
        sets = "next_at = $3, wake_at = $4, announced = $5"
        args: list[object] = [ms_or_none(next_at), ms_or_none(wake_at), int(announced)]
        if result is not None:
            sets += ", last_result = $6, last_at = $7"
            args += [result, ms_or_none(result_at)]
        status = await self._execute(
            f"UPDATE schedules SET {sets} WHERE id = $1 AND removed = 0 AND next_at IS NOT DISTINCT FROM $2",
            schedule_id,
            ms_or_none(was),
            *args,
        )
        return affected(status) > 0

    async def note_schedule_result(self, schedule_id: int, result: str, at: datetime) -> None:
        await self._execute(*C.NOTE_RESULT.postgres(result=result, at=ms_or_none(at), schedule=schedule_id))

    async def claim_occurrence(self, kind: str, key_id: int, occurrence: datetime, now: datetime) -> bool:
        status = await self._execute(
            *C.CLAIM_OCCURRENCE.postgres(
                kind=kind, key=key_id, occurrence=ms_or_none(occurrence), now=ms_or_none(now)
            )
        )
        return affected(status) > 0

    async def claim_round_occurrence(
        self,
        schedule_id: int,
        occurrence: datetime,
        now: datetime,
        *,
        was: datetime,
        next_at: datetime | None,
        wake_at: datetime | None,
        outcome: str = "pending",
        detail: str | None = None,
    ) -> bool:
        async def claim(conn: asyncpg.Connection) -> bool:
            # A second process's INSERT waits on this one's key until it commits, then does nothing.
            taken = await conn.execute(
                *C.CLAIM_ROUND.postgres(
                    schedule=schedule_id,
                    occurrence=ms_or_none(occurrence),
                    now=ms_or_none(now),
                    outcome=outcome,
                    detail=detail,
                )
            )
            if not affected(taken):
                return False
            moved = await conn.execute(
                *C.MOVE_CLAIMED.postgres(
                    next=ms_or_none(next_at),
                    wake=ms_or_none(wake_at),
                    schedule=schedule_id,
                    was=ms_or_none(was),
                )
            )
            if not affected(moved):
                raise _Moved  # the schedule moved under us (a new zone, removed): the claim goes with it
            return True

        try:
            return await self._write(claim)
        except _Moved:
            return False

    async def settle_round_occurrence(
        self, schedule_id: int, occurrence: datetime, outcome: str, detail: str | None
    ) -> bool:
        status = await self._execute(
            *C.SETTLE_CLAIM.postgres(
                outcome=outcome, detail=detail, schedule=schedule_id, occurrence=ms_or_none(occurrence)
            )
        )
        return affected(status) > 0

    async def claim_announcement(
        self, schedule_id: int, occurrence: datetime, now: datetime, *, stale_before: datetime
    ) -> bool:
        status = await self._execute(
            *C.CLAIM_ANNOUNCEMENT.postgres(
                schedule=schedule_id,
                occurrence=ms_or_none(occurrence),
                now=ms_or_none(now),
                stale=ms_or_none(stale_before),
            )
        )
        return affected(status) > 0

    async def settle_announcement(self, schedule_id: int, occurrence: datetime) -> None:
        await self._execute(
            *C.SETTLE_ANNOUNCEMENT.postgres(schedule=schedule_id, occurrence=ms_or_none(occurrence))
        )

    async def schedule_occurrences(self, schedule_id: int, limit: int = 5) -> list[OccurrenceRecord]:
        rows = await self._fetch(*C.SCHEDULE_OCCURRENCES.postgres(schedule=schedule_id, limit=limit))
        return [occurrence_record(tuple(row)) for row in rows]

    async def pending_round_occurrences(
        self, since: datetime, claimed_by: datetime, limit: int = 500, shards: Shards = None
    ) -> list[tuple[ScheduleRecord, datetime]]:
        ours, values = shard_clause(shards, "s.guild_id", sqlite=False)
        rows = await self._fetch(
            dollars_numbered(PENDING_OCCURRENCES.format(shards=ours)),
            ms_or_none(since),
            ms_or_none(claimed_by),
            *values,
            limit,
        )
        return [pending_record(tuple(row)) for row in rows]

    # -- champion roles -------------------------------------------------------------------------------

    async def due_champions(
        self, now: datetime, limit: int = 500, shards: Shards = None
    ) -> list[CalendarSettings]:
        ours, values = shard_clause(shards, "guild_id", sqlite=False)
        rows = await self._fetch(
            dollars_numbered(
                f"SELECT guild_id, {CALENDAR_SETTING_COLUMNS} FROM calendar_settings "
                f"WHERE champion_next_at IS NOT NULL AND champion_next_at <= ${ours} "
                "ORDER BY champion_next_at LIMIT $"
            ),
            ms_or_none(now),
            *values,
            limit,
        )
        return [calendar_settings_record(int(row[0]), tuple(row)[1:]) for row in rows]

    async def move_champion(
        self, guild_id: int, was: datetime, next_at: datetime, problem: str | None
    ) -> bool:
        status = await self._execute(
            *C.MOVE_CHAMPION.postgres(
                next=ms_or_none(next_at), problem=problem, guild=guild_id, was=ms_or_none(was)
            )
        )
        return affected(status) > 0

    async def period_top(
        self, guild_id: int, start: datetime, end: datetime, limit: int
    ) -> list[tuple[int, int]]:
        rows = await self._fetch(
            *C.PERIOD_TOP.postgres(guild=guild_id, start=ms_or_none(start), end=ms_or_none(end), limit=limit)
        )
        return [(int(row[0]), int(row[1])) for row in rows]

    async def champions(self, guild_id: int) -> list[int]:
        rows = await self._fetch(*C.CHAMPIONS.postgres(guild=guild_id))
        return [int(row[0]) for row in rows]

    async def save_champions(self, guild_id: int, period_end: datetime, user_ids: Sequence[int]) -> None:
        async def save(conn: asyncpg.Connection) -> None:
            await conn.executemany(
                C.SAVE_CHAMPION.postgres_text,
                [(guild_id, ms_or_none(period_end), user_id) for user_id in user_ids],
            )

        await self._write(save)
