"""SQLite: servers' time zones and champion roles, scheduled rounds, and the claims of occurrences."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import datetime

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
    ms_or_none,
    new_schedule_row,
    occurrence_record,
    pending_record,
    schedule_record,
    shard_clause,
)
from bot.store.sql import calendar as C
from bot.store.sql.times import to_ms
from bot.store.sqlite.connection import Database


class _Moved(Exception):
    """Rolls a claim back: its schedule no longer stood at the occurrence."""


class SqliteCalendar:
    _db: Database

    async def calendar_settings(self, guild_id: int) -> CalendarSettings:
        row = await self._db.fetchone(*C.SETTINGS.sqlite(guild=guild_id))
        return calendar_settings_record(guild_id, row)

    async def save_calendar_settings(self, settings: CalendarSettings) -> None:
        await self._db.execute(C.SAVE_SETTINGS.sqlite_numbered, calendar_settings_row(settings))

    async def add_schedule(self, new: NewSchedule, wake_at: datetime) -> ScheduleRecord:
        def add(conn: sqlite3.Connection) -> ScheduleRecord:
            return schedule_record(
                conn.execute(C.ADD_SCHEDULE.sqlite_numbered, new_schedule_row(new, wake_at)).fetchone()
            )

        return await self._db.write(add)

    async def schedule(self, schedule_id: int) -> ScheduleRecord | None:
        row = await self._db.fetchone(*C.SCHEDULE.sqlite(schedule=schedule_id))
        return None if row is None else schedule_record(row)

    async def guild_schedules(self, guild_id: int) -> list[ScheduleRecord]:
        rows = await self._db.fetchall(*C.GUILD_SCHEDULES.sqlite(guild=guild_id))
        return [schedule_record(row) for row in rows]

    async def remove_schedule(self, guild_id: int, schedule_id: int) -> bool:
        return await self._db.execute(*C.REMOVE_SCHEDULE.sqlite(schedule=schedule_id, guild=guild_id)) > 0

    async def due_schedules(
        self, now: datetime, limit: int = 500, shards: Shards = None
    ) -> list[ScheduleRecord]:
        ours, values = shard_clause(shards, "guild_id", sqlite=True)
        rows = await self._db.fetchall(
            f"SELECT {SCHEDULE_COLUMNS} FROM schedules "
            f"WHERE wake_at IS NOT NULL AND removed = 0 AND wake_at <= ?{ours} ORDER BY wake_at, id LIMIT ?",
            (to_ms(now), *values, limit),
        )
        return [schedule_record(row) for row in rows]

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
        sets = "next_at = ?, wake_at = ?, announced = ?"
        args: list[object] = [ms_or_none(next_at), ms_or_none(wake_at), int(announced)]
        if result is not None:
            sets += ", last_result = ?, last_at = ?"
            args += [result, ms_or_none(result_at)]
        changed = await self._db.execute(
            f"UPDATE schedules SET {sets} WHERE id = ? AND removed = 0 AND next_at IS ?",
            (*args, schedule_id, ms_or_none(was)),
        )
        return changed > 0

    async def note_schedule_result(self, schedule_id: int, result: str, at: datetime) -> None:
        await self._db.execute(*C.NOTE_RESULT.sqlite(result=result, at=to_ms(at), schedule=schedule_id))

    async def claim_occurrence(self, kind: str, key_id: int, occurrence: datetime, now: datetime) -> bool:
        changed = await self._db.execute(
            *C.CLAIM_OCCURRENCE.sqlite(kind=kind, key=key_id, occurrence=to_ms(occurrence), now=to_ms(now))
        )
        return changed > 0

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
        def claim(conn: sqlite3.Connection) -> bool:
            taken = conn.execute(
                *C.CLAIM_ROUND.sqlite(
                    schedule=schedule_id,
                    occurrence=to_ms(occurrence),
                    now=to_ms(now),
                    outcome=outcome,
                    detail=detail,
                )
            ).rowcount
            if not taken:
                return False
            moved = conn.execute(
                *C.MOVE_CLAIMED.sqlite(
                    next=ms_or_none(next_at), wake=ms_or_none(wake_at), schedule=schedule_id, was=to_ms(was)
                )
            ).rowcount
            if not moved:
                raise _Moved  # the schedule moved under us (a new zone, removed): the claim goes with it
            return True

        try:
            return await self._db.write(claim)
        except _Moved:
            return False

    async def settle_round_occurrence(
        self, schedule_id: int, occurrence: datetime, outcome: str, detail: str | None
    ) -> bool:
        changed = await self._db.execute(
            *C.SETTLE_CLAIM.sqlite(
                outcome=outcome, detail=detail, schedule=schedule_id, occurrence=to_ms(occurrence)
            )
        )
        return changed > 0

    async def claim_announcement(
        self, schedule_id: int, occurrence: datetime, now: datetime, *, stale_before: datetime
    ) -> bool:
        changed = await self._db.execute(
            *C.CLAIM_ANNOUNCEMENT.sqlite(
                schedule=schedule_id, occurrence=to_ms(occurrence), now=to_ms(now), stale=to_ms(stale_before)
            )
        )
        return changed > 0

    async def settle_announcement(self, schedule_id: int, occurrence: datetime) -> None:
        await self._db.execute(
            *C.SETTLE_ANNOUNCEMENT.sqlite(schedule=schedule_id, occurrence=to_ms(occurrence))
        )

    async def schedule_occurrences(self, schedule_id: int, limit: int = 5) -> list[OccurrenceRecord]:
        rows = await self._db.fetchall(*C.SCHEDULE_OCCURRENCES.sqlite(schedule=schedule_id, limit=limit))
        return [occurrence_record(row) for row in rows]

    async def pending_round_occurrences(
        self, since: datetime, claimed_by: datetime, limit: int = 500, shards: Shards = None
    ) -> list[tuple[ScheduleRecord, datetime]]:
        ours, values = shard_clause(shards, "s.guild_id", sqlite=True)
        rows = await self._db.fetchall(
            PENDING_OCCURRENCES.format(shards=ours).replace("$", "?"),
            (to_ms(since), to_ms(claimed_by), *values, limit),
        )
        return [pending_record(row) for row in rows]

    # -- champion roles -------------------------------------------------------------------------------

    async def due_champions(
        self, now: datetime, limit: int = 500, shards: Shards = None
    ) -> list[CalendarSettings]:
        ours, values = shard_clause(shards, "guild_id", sqlite=True)
        rows = await self._db.fetchall(
            f"SELECT guild_id, {CALENDAR_SETTING_COLUMNS} FROM calendar_settings "
            f"WHERE champion_next_at IS NOT NULL AND champion_next_at <= ?{ours} ORDER BY champion_next_at LIMIT ?",
            (to_ms(now), *values, limit),
        )
        return [calendar_settings_record(int(row[0]), row[1:]) for row in rows]

    async def move_champion(
        self, guild_id: int, was: datetime, next_at: datetime, problem: str | None
    ) -> bool:
        changed = await self._db.execute(
            *C.MOVE_CHAMPION.sqlite(next=to_ms(next_at), problem=problem, guild=guild_id, was=to_ms(was))
        )
        return changed > 0

    async def period_top(
        self, guild_id: int, start: datetime, end: datetime, limit: int
    ) -> list[tuple[int, int]]:
        rows = await self._db.fetchall(
            *C.PERIOD_TOP.sqlite(guild=guild_id, start=to_ms(start), end=to_ms(end), limit=limit)
        )
        return [(int(row[0]), int(row[1])) for row in rows]

    async def champions(self, guild_id: int) -> list[int]:
        rows = await self._db.fetchall(*C.CHAMPIONS.sqlite(guild=guild_id))
        return [int(row[0]) for row in rows]

    async def save_champions(self, guild_id: int, period_end: datetime, user_ids: Sequence[int]) -> None:
        await self._db.executemany(
            C.SAVE_CHAMPION.sqlite_numbered, [(guild_id, to_ms(period_end), user_id) for user_id in user_ids]
        )
