"""Bvunzo's persistence: the Store interface, the records it speaks in, and open_store to get one."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.store import (
    assignment_records,
    calendar_page_records,
    calendar_records,
    face_records,
    fitting_records,
    picture_records,
    records,
)
from bot.store.assignment_records import *  # noqa: F403 (the records named in its __all__)
from bot.store.calendar_page_records import *  # noqa: F403 (the records named in its __all__)
from bot.store.calendar_records import *  # noqa: F403 (the records named in its __all__)
from bot.store.errors import DeckMoved, OccurrenceTaken, RoundAlreadyRunning, StoreError, StoreUnavailable
from bot.store.face_records import *  # noqa: F403 (the records named in its __all__)
from bot.store.fitting_records import *  # noqa: F403 (the records named in its __all__)
from bot.store.periods import PERIODS, Period, period_end, period_start, week_start
from bot.store.picture_records import *  # noqa: F403 (the records named in its __all__)
from bot.store.records import *  # noqa: F403 (the records named in its __all__)

if TYPE_CHECKING:
    from bot.store.interface import (
        AchievementsStore,
        AnswersStore,
        CalendarStore,
        DecksStore,
        FacesStore,
        FittingStore,
        LifeStore,
        PicturesStore,
        PracticeStore,
        RoundsStore,
        SettingsStore,
        Store,
        VersionsStore,
        WebStore,
    )

# The Protocols are for type checkers and the store's contract tests: the running bot never needs them,
# so bot.store.interface (the largest module a bot would otherwise load at start, ~270 kB of classes
# and code) loads only when someone asks bot.store for one of these names.
_PROTOCOLS = frozenset(
    {
        "AchievementsStore",
        "AnswersStore",
        "CalendarStore",
        "DecksStore",
        "FacesStore",
        "FittingStore",
        "LifeStore",
        "PicturesStore",
        "PracticeStore",
        "RoundsStore",
        "SettingsStore",
        "Store",
        "VersionsStore",
        "WebStore",
    }
)


if not TYPE_CHECKING:  # hidden from mypy, which would otherwise take any name as bot.store's

    def __getattr__(name: str) -> Any:
        if name in _PROTOCOLS:
            from bot.store import interface

            return getattr(interface, name)
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
    "PERIODS",
    "AchievementsStore",
    "AnswersStore",
    "CalendarStore",
    "DeckMoved",
    "DecksStore",
    "FacesStore",
    "FittingStore",
    "LifeStore",
    "OccurrenceTaken",
    "Period",
    "PicturesStore",
    "PracticeStore",
    "RoundAlreadyRunning",
    "RoundsStore",
    "SettingsStore",
    "Store",
    "StoreError",
    "StoreUnavailable",
    "VersionsStore",
    "WebStore",
    "open_store",
    "period_end",
    "period_start",
    "week_start",
]
# Each records module names its own records: a new record is listed once, where it is written.
__all__ += assignment_records.__all__
__all__ += calendar_page_records.__all__
__all__ += calendar_records.__all__
__all__ += face_records.__all__
__all__ += fitting_records.__all__
__all__ += picture_records.__all__
__all__ += records.__all__
