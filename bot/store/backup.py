"""A copy of the SQLite database taken while the bot runs (SQLite's online backup), and when it was taken."""

from __future__ import annotations

import contextlib
import os
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from bot.store.errors import StoreError

if TYPE_CHECKING:
    from bot.store.interface import Store

# The meta row `/about` reads: when the last backup finished (ISO 8601, UTC).
LAST_BACKUP_KEY = "last_backup_at"
# How long the backup's own connection waits for the bot's write lock when it records the time.
BUSY_TIMEOUT_MS = 10_000


@dataclass(frozen=True, slots=True)
class BackupReport:
    path: Path
    size: int  # bytes of the copy
    answers: int  # round answers in the copy
    finished_at: datetime


def dated_name(now: datetime) -> str:
    return f"bvunzo-{now.astimezone(UTC):%Y%m%d-%H%M%S}.db"


def back_up(source: Path, target: Path, *, now: datetime | None = None) -> BackupReport:
    """Copy the database at `source` to `target` (a file, or a folder for a dated file) and record when.

    SQLite's backup API on a connection of its own copies one consistent snapshot: in WAL mode the
    bot's writers are not blocked while it reads, and answers committed after the snapshot began are
    simply in the next backup. The copy is written beside the target and renamed into place, so a
    crash never leaves half a backup under the target's name; it is checked before the rename.
    """
    if not source.is_file():
        raise StoreError(f"There is no database at {source} (set BVUNZO_DB to the bot's database file).")
    if target.is_dir():
        target = target / dated_name(now or datetime.now(UTC))
    if target.exists() and target.resolve() == source.resolve():
        raise StoreError(f"{target} is the database itself; give another path for the copy.")
    if not target.parent.is_dir():
        raise StoreError(f"The folder {target.parent} does not exist; create it or choose another path.")
    partial = target.with_name(f".{target.name}.partial")
    try:
        answers = _copy(source, partial)
        os.replace(partial, target)
    except sqlite3.Error as exc:
        raise StoreError(f"The backup of {source} failed: {exc}.") from exc
    except OSError as exc:
        raise StoreError(f"The backup could not be written to {target}: {exc.strerror or exc}.") from exc
    finally:
        with contextlib.suppress(FileNotFoundError):
            partial.unlink()
    finished = now or datetime.now(UTC)
    _record(source, finished)
    return BackupReport(path=target, size=target.stat().st_size, answers=answers, finished_at=finished)


def _copy(source: Path, partial: Path) -> int:
    src = sqlite3.connect(source, timeout=BUSY_TIMEOUT_MS / 1000)
    try:
        with contextlib.suppress(FileNotFoundError):
            partial.unlink()
        dst = sqlite3.connect(partial)
        try:
            # pages=-1: the whole file in one step, from one read snapshot. Copying in steps would
            # restart whenever the bot writes between two steps, and it writes at every click.
            src.backup(dst, pages=-1)
            # The copy inherits WAL mode from the header; a backup is one self-contained file.
            dst.execute("PRAGMA journal_mode = DELETE")
            problem = dst.execute("PRAGMA quick_check").fetchone()[0]
            if problem != "ok":
                raise sqlite3.DatabaseError(f"the copy does not check out: {problem}")
            answers: int = dst.execute("SELECT COUNT(*) FROM answers").fetchone()[0]
        finally:
            dst.close()
    finally:
        src.close()
    return answers


def _record(source: Path, finished: datetime) -> None:
    conn = sqlite3.connect(source, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
    try:
        conn.execute(
            "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (LAST_BACKUP_KEY, finished.astimezone(UTC).isoformat(timespec="seconds")),
        )
    except sqlite3.Error as exc:
        # The copy is made; only /about's "last backup" line misses it.
        raise StoreError(
            f"The backup was written, but its time could not be recorded in {source}: {exc}."
        ) from exc
    finally:
        conn.close()


def parse_backup_time(value: str | None) -> datetime | None:
    """The meta row's value as a time (None when there was no backup, or the row is unreadable)."""
    if not value:
        return None
    try:
        return datetime.fromisoformat(value)
    except ValueError:
        return None


def database_size(path: Path) -> int:
    """Bytes the database takes on disk: the file and its write-ahead log."""
    total = 0
    for part in (path, path.with_name(path.name + "-wal")):
        with contextlib.suppress(OSError):
            total += part.stat().st_size
    return total


@dataclass(frozen=True, slots=True)
class DatabaseFacts:
    size: int  # bytes on disk
    last_backup: datetime | None


async def database_facts(store: Store, path: Path) -> DatabaseFacts:
    """What `/about` tells moderators about the database at `path`: its size and the last backup's time."""
    last = parse_backup_time(await store.get_meta(LAST_BACKUP_KEY))
    return DatabaseFacts(size=database_size(path), last_backup=last)
