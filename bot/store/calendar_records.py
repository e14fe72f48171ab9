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
    champion_next_at: datetime | None = None  # the end of the running period; None without a role


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


CALENDAR_SETTING_COLUMNS = (
    "timezone, champion_role_id, champion_period, champion_count, champion_problem, champion_next_at"
)


def calendar_settings_record(guild_id: int, row: Sequence[Any] | None) -> CalendarSettings:
    """CALENDAR_SETTING_COLUMNS' values (None: the defaults); a row led by guild_id passes row[1:]."""
    if row is None:
        return CalendarSettings(guild_id)
    return CalendarSettings(
        guild_id=guild_id,
        timezone=str(row[0]),
        champion_role_id=None if row[1] is None else int(row[1]),
        champion_period=str(row[2]),
        champion_count=int(row[3]),
        champion_problem=row[4],
        champion_next_at=_time(row[5]),
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
        _ms(settings.champion_next_at),
    )


ms_or_none = _ms
time_or_none = _time


@dataclass(frozen=True, slots=True)
class QotdSettings:
    """A server's question of the day: where, from which deck, at what time; next_at None while off."""

    guild_id: int
    channel_id: int
    deck_id: str
    at: str
    set_by: int
    next_at: datetime | None
    enabled: bool = True


QOTD_SETTING_COLUMNS = "guild_id, channel_id, deck_id, at, set_by, next_at, enabled"


def qotd_settings_record(row: Sequence[Any]) -> QotdSettings:
    return QotdSettings(
        guild_id=int(row[0]),
        channel_id=int(row[1]),
        deck_id=str(row[2]),
        at=str(row[3]),
        set_by=int(row[4]),
        next_at=_time(row[5]),
        enabled=bool(row[6]),
    )


def qotd_settings_row(settings: QotdSettings) -> tuple[Any, ...]:
    return (
        settings.guild_id,
        settings.channel_id,
        settings.deck_id,
        settings.at,
        settings.set_by,
        _ms(settings.next_at),
        int(settings.enabled),
    )


@dataclass(frozen=True, slots=True)
class QotdDay:
    """One day's question of the day in a server (day: the server's date as YYYYMMDD)."""

    guild_id: int
    day: int
    channel_id: int
    deck_id: str
    question_id: str
    seed: int
    message_id: int | None
    posted_at: datetime
    closes_at: datetime
    revealed_at: datetime | None = None


QOTD_DAY_COLUMNS = (
    "guild_id, day, channel_id, deck_id, question_id, seed, message_id, posted_at, closes_at, revealed_at"
)


def qotd_day_record(row: Sequence[Any]) -> QotdDay:
    posted, closes = _time(row[7]), _time(row[8])
    assert posted is not None and closes is not None
    return QotdDay(
        guild_id=int(row[0]),
        day=int(row[1]),
        channel_id=int(row[2]),
        deck_id=str(row[3]),
        question_id=str(row[4]),
        seed=int(row[5]),
        message_id=None if row[6] is None else int(row[6]),
        posted_at=posted,
        closes_at=closes,
        revealed_at=_time(row[9]),
    )


def retry_record(row: Sequence[Any]) -> tuple[QotdDay, datetime]:
    """A day to post again: QOTD_DAY_COLUMNS, then retry_at (last, whatever columns come before it)."""
    retry_at = _time(row[-1])
    assert retry_at is not None
    return qotd_day_record(row[:-1]), retry_at


def qotd_day_row(day: QotdDay) -> tuple[Any, ...]:
    return (
        day.guild_id,
        day.day,
        day.channel_id,
        day.deck_id,
        day.question_id,
        day.seed,
        day.message_id,
        _ms(day.posted_at),
        _ms(day.closes_at),
        _ms(day.revealed_at),
    )


@dataclass(frozen=True, slots=True)
class QotdAnswer:
    guild_id: int
    day: int
    user_id: int
    choice: int  # the original choice index
    right: bool
    answered_at: datetime


QOTD_ANSWER_COLUMNS = "guild_id, day, user_id, choice, correct, answered_at"


def qotd_answer_record(row: Sequence[Any]) -> QotdAnswer:
    at = _time(row[5])
    assert at is not None
    return QotdAnswer(int(row[0]), int(row[1]), int(row[2]), int(row[3]), bool(row[4]), at)


def qotd_answer_row(answer: QotdAnswer) -> tuple[Any, ...]:
    return (
        answer.guild_id,
        answer.day,
        answer.user_id,
        answer.choice,
        int(answer.right),
        _ms(answer.answered_at),
    )


@dataclass(frozen=True, slots=True)
class QotdBoardLine:
    rank: int
    user_id: int
    right: int
    answered: int


def ranked_qotd(rows: Sequence[Sequence[Any]]) -> tuple[QotdBoardLine, ...]:
    """Rows of (user, right, answered, rank) as board lines (rank computed by the query)."""
    return tuple(QotdBoardLine(int(r[3]), int(r[0]), int(r[1]), int(r[2])) for r in rows)


# Right answers first, then fewer answers (the same right of fewer tries), then the member id; ranks are
# competition ranks by right answers alone (1, 2, 2, 4), as on the round boards.
QOTD_BOARD = (
    "SELECT user_id, right_count, answered, rank FROM ("
    " SELECT user_id, SUM(correct) AS right_count, COUNT(*) AS answered,"
    " RANK() OVER (ORDER BY SUM(correct) DESC) AS rank"
    " FROM qotd_answers WHERE guild_id = {guild} GROUP BY user_id"
    ") AS board ORDER BY rank, answered, user_id LIMIT {limit} OFFSET {offset}"
)


# -- each scheduled round's occurrence (issue 26) ----------------------------------------------------

# A process's shards as the due queries filter on them: (shard_count, the shard ids it runs); None: all.
Shards = tuple[int, tuple[int, ...]] | None

OUTCOMES = ("pending", "started", "skipped", "missed", "done")


@dataclass(frozen=True, slots=True)
class OccurrenceRecord:
    """What became of one occurrence of a schedule: pending (claimed, its round not yet created),
    started (round_id), skipped (detail says why) or missed (the bot was down)."""

    schedule_id: int
    occurrence_at: datetime
    outcome: str
    round_id: int | None
    detail: str | None
    claimed_at: datetime


OCCURRENCE_COLUMNS = "key_id, occurrence_at, outcome, round_id, detail, claimed_at"


def occurrence_record(row: Sequence[Any]) -> OccurrenceRecord:
    at, claimed = _time(row[1]), _time(row[5])
    assert at is not None and claimed is not None
    return OccurrenceRecord(
        schedule_id=int(row[0]),
        occurrence_at=at,
        outcome=str(row[2]),
        round_id=None if row[3] is None else int(row[3]),
        detail=row[4],
        claimed_at=claimed,
    )


def pending_record(row: Sequence[Any]) -> tuple[ScheduleRecord, datetime]:
    """A row of bot/store/sql/calendar.py's PENDING_OCCURRENCES: the schedule and its occurrence still
    without a round."""
    at = _time(row[0])
    assert at is not None
    return schedule_record(row[1:]), at
