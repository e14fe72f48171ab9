"""Records of the group's calendar: a server's zone, its schedules, its question of the day, occurrences."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

__all__ = [
    "CalendarSettings",
    "NewSchedule",
    "OccurrenceRecord",
    "QotdAnswer",
    "QotdBoardLine",
    "QotdDay",
    "QotdSettings",
    "ScheduleMove",
    "ScheduleRecord",
    "Shards",
]


CLAIM_KINDS = ("round", "announce", "qotd", "qotd-reveal", "champion")


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


@dataclass(frozen=True, slots=True)
class ScheduleMove:
    """A schedule moved on from the occurrence it stands at (`was`; None: a schedule with none left)."""

    was: datetime | None
    next_at: datetime | None  # None: a `once` schedule that ran
    wake_at: datetime | None  # when its runner looks at it next (the announcement, or the start)
    announced: bool = False  # next_at's announcement is posted


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


@dataclass(frozen=True, slots=True)
class QotdAnswer:
    guild_id: int
    day: int
    user_id: int
    choice: int | None  # the original index of a lettered choice; None for an answer kept as text
    right: bool  # the exact verdict (a streak counts it)
    answered_at: datetime
    # As rounds keep an answer (bot/store/records.py Answer): a multi question's set `0,2`, a cloze
    # question's blanks as a JSON list, the words or number typed; and the points judging gave it.
    text: str | None = None
    points: int | None = None


@dataclass(frozen=True, slots=True)
class QotdBoardLine:
    rank: int
    user_id: int
    right: int
    answered: int


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
