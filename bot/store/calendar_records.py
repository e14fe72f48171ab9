"""Records of the group's calendar: a server's zone, its schedules, and the rows both engines keep them in."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)

CLAIM_KINDS = ("round", "announce", "qotd", "qotd-reveal", "champion")


def _ms(moment: datetime | None) -> int | None:
    if moment is None:
        return None
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"{moment!r} has no time zone; Bvunzo keeps time in aware UTC datetimes")
    return (moment.astimezone(UTC) - _EPOCH) // timedelta(milliseconds=1)


def _time(ms: int | None) -> datetime | None:
    return None if ms is None else _EPOCH + timedelta(milliseconds=int(ms))


@dataclass(frozen=True, slots=True)
class CalendarSettings:
    """A server's time zone (an IANA name) and its champion role, if it gives one."""

    guild_id: int
    timezone: str = "UTC"
    champion_role_id: int | None = None
    champion_period: str = "month"  # week | month
    champion_count: int = 1  # 1-10
    champion_problem: str | None = None  # the last handover's failure, shown in /about


@dataclass(frozen=True, slots=True)
class NewSchedule:
    guild_id: int
    channel_id: int
    deck_id: str
    at: str  # HH:MM in the server's zone
    repeat: str  # once | daily | weekdays | weekly
    days: str  # mon,wed,fri for weekly; "" otherwise
    questions: int | None  # None: the server's default
    seconds: int | None
    mode: str | None
    announce_minutes: int  # 0-60
    ping_role_id: int | None
    created_by: int
    created_at: datetime
    next_at: datetime  # the first occurrence


@dataclass(frozen=True, slots=True)
class ScheduleRecord:
    id: int
    guild_id: int
    channel_id: int
    deck_id: str
    at: str
    repeat: str
    days: str
    questions: int | None
    seconds: int | None
    mode: str | None
    announce_minutes: int
    ping_role_id: int | None
    created_by: int
    created_at: datetime
    next_at: datetime | None  # None: a `once` schedule that already ran
    announced: bool  # the announcement of next_at was posted
    last_result: str | None
    last_at: datetime | None


SCHEDULE_COLUMNS = (
    "id, guild_id, channel_id, deck_id, at, repeat, days, questions, seconds, mode, announce_minutes, "
    "ping_role_id, created_by, created_at, next_at, announced, last_result, last_at"
)
NEW_SCHEDULE_COLUMNS = (
    "guild_id, channel_id, deck_id, at, repeat, days, questions, seconds, mode, announce_minutes, "
    "ping_role_id, created_by, created_at, next_at, wake_at, announced"
)


def schedule_record(row: Sequence[Any]) -> ScheduleRecord:
    """A schedules row (SCHEDULE_COLUMNS, in order) as the record both engines return."""
    created = _time(row[13])
    assert created is not None
    return ScheduleRecord(
        id=int(row[0]),
        guild_id=int(row[1]),
        channel_id=int(row[2]),
        deck_id=str(row[3]),
        at=str(row[4]),
        repeat=str(row[5]),
        days=str(row[6]),
        questions=row[7],
        seconds=row[8],
        mode=row[9],
        announce_minutes=int(row[10]),
        ping_role_id=None if row[11] is None else int(row[11]),
        created_by=int(row[12]),
        created_at=created,
        next_at=_time(row[14]),
        announced=bool(row[15]),
        last_result=row[16],
        last_at=_time(row[17]),
    )


def new_schedule_row(new: NewSchedule, wake_at: datetime) -> tuple[Any, ...]:
    """NEW_SCHEDULE_COLUMNS' values, in order."""
    return (
        new.guild_id,
        new.channel_id,
        new.deck_id,
        new.at,
        new.repeat,
        new.days,
        new.questions,
        new.seconds,
        new.mode,
        new.announce_minutes,
        new.ping_role_id,
        new.created_by,
        _ms(new.created_at),
        _ms(new.next_at),
        _ms(wake_at),
        0,
    )


CALENDAR_SETTING_COLUMNS = "timezone, champion_role_id, champion_period, champion_count, champion_problem"


def calendar_settings_record(guild_id: int, row: Sequence[Any] | None) -> CalendarSettings:
    if row is None:
        return CalendarSettings(guild_id)
    return CalendarSettings(
        guild_id=guild_id,
        timezone=str(row[0]),
        champion_role_id=None if row[1] is None else int(row[1]),
        champion_period=str(row[2]),
        champion_count=int(row[3]),
        champion_problem=row[4],
    )


def calendar_settings_row(settings: CalendarSettings) -> tuple[Any, ...]:
    """guild_id, then CALENDAR_SETTING_COLUMNS' values."""
    return (
        settings.guild_id,
        settings.timezone,
        settings.champion_role_id,
        settings.champion_period,
        settings.champion_count,
        settings.champion_problem,
    )


ms_or_none = _ms
time_or_none = _time
