"""SQLite: servers' time zones and champion roles, scheduled rounds, and the claims of occurrences."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import datetime

from bot.store.calendar_records import (
    CALENDAR_SETTING_COLUMNS,
    CLAIM_ANNOUNCEMENT,
    CLAIM_ROUND,
    MOVE_CLAIMED,
    NEW_SCHEDULE_COLUMNS,
    PENDING_OCCURRENCES,
    PERIOD_TOP,
    SCHEDULE_COLUMNS,
    SCHEDULE_OCCURRENCES,
    SETTLE_ANNOUNCEMENT,
    SETTLE_CLAIM,
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
from bot.store.sql.times import to_ms
from bot.store.sqlite.connection import Database

_CALENDAR_UPDATES = ", ".join(f"{c} = excluded.{c}" for c in CALENDAR_SETTING_COLUMNS.split(", "))


class _Moved(Exception):
    """Rolls a claim back: its schedule no longer stood at the occurrence."""


class SqliteCalendar:
    _db: Database

    async def calendar_settings(self, guild_id: int) -> CalendarSettings:
        row = await self._db.fetchone(
            f"SELECT {CALENDAR_SETTING_COLUMNS} FROM calendar_settings WHERE guild_id = ?", (guild_id,)
        )
        return calendar_settings_record(guild_id, row)

    async def save_calendar_settings(self, settings: CalendarSettings) -> None:
        await self._db.execute(
            f"INSERT INTO calendar_settings (guild_id, {CALENDAR_SETTING_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?) "
            f"ON CONFLICT (guild_id) DO UPDATE SET {_CALENDAR_UPDATES}",
            calendar_settings_row(settings),
        )

    async def add_schedule(self, new: NewSchedule, wake_at: datetime) -> ScheduleRecord:
        def add(conn: sqlite3.Connection) -> ScheduleRecord:
            cursor = conn.execute(
                f"INSERT INTO schedules ({NEW_SCHEDULE_COLUMNS}) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                new_schedule_row(new, wake_at),
            )
            row = conn.execute(
                f"SELECT {SCHEDULE_COLUMNS} FROM schedules WHERE id = ?", (cursor.lastrowid,)
            ).fetchone()
            return schedule_record(row)

        return await self._db.write(add)

    async def schedule(self, schedule_id: int) -> ScheduleRecord | None:
        row = await self._db.fetchone(
            f"SELECT {SCHEDULE_COLUMNS} FROM schedules WHERE id = ? AND removed = 0", (schedule_id,)
        )
        return None if row is None else schedule_record(row)

    async def guild_schedules(self, guild_id: int) -> list[ScheduleRecord]:
        rows = await self._db.fetchall(
            f"SELECT {SCHEDULE_COLUMNS} FROM schedules WHERE guild_id = ? AND removed = 0 ORDER BY id",
            (guild_id,),
        )
        return [schedule_record(row) for row in rows]

    async def remove_schedule(self, guild_id: int, schedule_id: int) -> bool:
        changed = await self._db.execute(
            "UPDATE schedules SET removed = 1, wake_at = NULL WHERE id = ? AND guild_id = ? AND removed = 0",
            (schedule_id, guild_id),
        )
        return changed > 0

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
        await self._db.execute(
            "UPDATE schedules SET last_result = ?, last_at = ? WHERE id = ?", (result, to_ms(at), schedule_id)
        )

    async def claim_occurrence(self, kind: str, key_id: int, occurrence: datetime, now: datetime) -> bool:
        changed = await self._db.execute(
            "INSERT INTO calendar_claims (kind, key_id, occurrence_at, claimed_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (kind, key_id, occurrence_at) DO NOTHING",
            (kind, key_id, to_ms(occurrence), to_ms(now)),
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
                CLAIM_ROUND.replace("$", "?"), (schedule_id, to_ms(occurrence), to_ms(now), outcome, detail)
            ).rowcount
            if not taken:
                return False
            moved = conn.execute(
                MOVE_CLAIMED.replace("$", "?"),
                (ms_or_none(next_at), ms_or_none(wake_at), schedule_id, to_ms(was)),
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
            SETTLE_CLAIM.replace("$", "?"), (outcome, detail, schedule_id, to_ms(occurrence))
        )
        return changed > 0

    async def claim_announcement(
        self, schedule_id: int, occurrence: datetime, now: datetime, *, stale_before: datetime
    ) -> bool:
        changed = await self._db.execute(
            CLAIM_ANNOUNCEMENT.replace("$", "?"),
            (schedule_id, to_ms(occurrence), to_ms(now), to_ms(stale_before)),
        )
        return changed > 0

    async def settle_announcement(self, schedule_id: int, occurrence: datetime) -> None:
        await self._db.execute(SETTLE_ANNOUNCEMENT.replace("$", "?"), (schedule_id, to_ms(occurrence)))

    async def schedule_occurrences(self, schedule_id: int, limit: int = 5) -> list[OccurrenceRecord]:
        rows = await self._db.fetchall(SCHEDULE_OCCURRENCES.replace("$", "?"), (schedule_id, limit))
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
            "UPDATE calendar_settings SET champion_next_at = ?, champion_problem = ? "
            "WHERE guild_id = ? AND champion_next_at = ?",
            (to_ms(next_at), problem, guild_id, to_ms(was)),
        )
        return changed > 0

    async def period_top(
        self, guild_id: int, start: datetime, end: datetime, limit: int
    ) -> list[tuple[int, int]]:
        rows = await self._db.fetchall(
            PERIOD_TOP.replace("$", "?"), (guild_id, to_ms(start), to_ms(end), limit)
        )
        return [(int(row[0]), int(row[1])) for row in rows]

    async def champions(self, guild_id: int) -> list[int]:
        rows = await self._db.fetchall(
            "SELECT user_id FROM champions WHERE guild_id = ? AND period_end = "
            "(SELECT MAX(period_end) FROM champions WHERE guild_id = ?) ORDER BY user_id",
            (guild_id, guild_id),
        )
        return [int(row[0]) for row in rows]

    async def save_champions(self, guild_id: int, period_end: datetime, user_ids: Sequence[int]) -> None:
        await self._db.executemany(
            "INSERT INTO champions (guild_id, period_end, user_id) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
            [(guild_id, to_ms(period_end), user_id) for user_id in user_ids],
        )
