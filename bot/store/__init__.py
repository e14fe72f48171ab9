"""Bvunzo's persistence: one SQLite file behind the Store, and the plain records it speaks in."""

from bot.store.errors import RoundAlreadyRunning, StoreError
from bot.store.periods import PERIODS, Period, period_end, period_start, week_start
from bot.store.records import (
    Answer,
    Board,
    BoardLine,
    DeckStats,
    GuildDeckRecord,
    GuildSettings,
    MemberStats,
    Memory,
    NewRound,
    PlayerScore,
    Recorded,
    ReportLine,
    RoundRecord,
    WeekStats,
)
from bot.store.schema import SCHEMA_VERSION
from bot.store.sqlite import Store

__all__ = [
    "PERIODS",
    "SCHEMA_VERSION",
    "Answer",
    "Board",
    "BoardLine",
    "DeckStats",
    "GuildDeckRecord",
    "GuildSettings",
    "MemberStats",
    "Memory",
    "NewRound",
    "Period",
    "PlayerScore",
    "Recorded",
    "ReportLine",
    "RoundAlreadyRunning",
    "RoundRecord",
    "Store",
    "StoreError",
    "WeekStats",
    "period_end",
    "period_start",
    "week_start",
]
