"""Bvunzo's persistence: the Store interface, the records it speaks in, and open_store to get one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.store.assignment_records import (
    AssignmentAnswer,
    AssignmentRecord,
    AttemptRecord,
    NewAssignment,
)
from bot.store.calendar_records import (
    CalendarSettings,
    NewSchedule,
    OccurrenceRecord,
    QotdAnswer,
    QotdBoardLine,
    QotdDay,
    QotdSettings,
    ScheduleMove,
    ScheduleRecord,
    Shards,
)
from bot.store.errors import DeckMoved, OccurrenceTaken, RoundAlreadyRunning, StoreError, StoreUnavailable
from bot.store.interface import (
    AchievementsStore,
    AnswersStore,
    CalendarStore,
    DecksStore,
    LifeStore,
    PracticeStore,
    RoundsStore,
    SettingsStore,
    Store,
    VersionsStore,
    WebStore,
)
from bot.store.periods import PERIODS, Period, period_end, period_start, week_start
from bot.store.records import (
    FLAG_REASONS,
    Answer,
    Approval,
    AuditEntry,
    Board,
    BoardLine,
    DeckStats,
    EarnedAchievement,
    FirstTry,
    FlagRecord,
    GivenVersions,
    GuildDeckRecord,
    GuildSettings,
    KeptItemFigures,
    MemberStats,
    Memory,
    NewRound,
    PollVote,
    PracticeAnswer,
    PracticeRecord,
    Recorded,
    ReportLine,
    RoundProgress,
    RoundRecord,
    StruggleLine,
    SuggestionRecord,
    VersionRecord,
    WebGuild,
    WebSession,
    WeekStats,
)

_SQLITE_PREFIX = "sqlite:///"
_POSTGRES_PREFIXES = ("postgresql://", "postgres://")


async def open_store(location: str | Path, **options: Any) -> Store:
    """Open the store at `location`: a file path or `sqlite:///path` (SQLite), or `postgresql://...`.

    `options` go to the backend (SQLite: max_bytes, busy_timeout_ms; PostgreSQL: max_connections).
    StoreError, with a sentence for the host, when the location cannot be used.
    """
    text = str(location)
    if text.startswith(_POSTGRES_PREFIXES):
        from bot.store.postgres import PostgresStore

        return await PostgresStore.open(text, **options)
    if "://" in text and not text.startswith(_SQLITE_PREFIX):
        raise StoreError(
            f"Bvunzo does not know the database {text.split('://', 1)[0]}://; "
            "give a SQLite file path (or sqlite:///path), or a postgresql:// URL."
        )
    # Imported here: whoever only types against Store never loads a database driver.
    from bot.store.sqlite import SqliteStore

    path = Path(text.removeprefix(_SQLITE_PREFIX)) if text.startswith(_SQLITE_PREFIX) else Path(location)
    return await SqliteStore.open(path, **options)


__all__ = [
    "FLAG_REASONS",
    "PERIODS",
    "AchievementsStore",
    "Answer",
    "AnswersStore",
    "Approval",
    "AssignmentAnswer",
    "AssignmentRecord",
    "AttemptRecord",
    "AuditEntry",
    "Board",
    "BoardLine",
    "CalendarSettings",
    "CalendarStore",
    "DeckMoved",
    "DeckStats",
    "DecksStore",
    "EarnedAchievement",
    "FirstTry",
    "FlagRecord",
    "GivenVersions",
    "GuildDeckRecord",
    "GuildSettings",
    "KeptItemFigures",
    "LifeStore",
    "MemberStats",
    "Memory",
    "NewAssignment",
    "NewRound",
    "NewSchedule",
    "OccurrenceRecord",
    "OccurrenceTaken",
    "Period",
    "PollVote",
    "PracticeAnswer",
    "PracticeRecord",
    "PracticeStore",
    "QotdAnswer",
    "QotdBoardLine",
    "QotdDay",
    "QotdSettings",
    "Recorded",
    "ReportLine",
    "RoundAlreadyRunning",
    "RoundProgress",
    "RoundRecord",
    "RoundsStore",
    "ScheduleMove",
    "ScheduleRecord",
    "SettingsStore",
    "Shards",
    "Store",
    "StoreError",
    "StoreUnavailable",
    "StruggleLine",
    "SuggestionRecord",
    "VersionRecord",
    "VersionsStore",
    "WebGuild",
    "WebSession",
    "WebStore",
    "WeekStats",
    "open_store",
    "period_end",
    "period_start",
    "week_start",
]
