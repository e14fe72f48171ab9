"""The SQLite file behind the store: opening and setting it up, one trip to the worker thread per call,
retries while another program holds the lock, and a sentence for a failing disk."""

from __future__ import annotations

import logging
import sqlite3
import time
from collections.abc import Awaitable, Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot import __version__
from bot.store.errors import StoreError, StoreUnavailable
from bot.store.outage import Outage
from bot.store.retry import Backoff
from bot.store.sqlite.schema import migrate, refuse_newer, schema_version
from bot.store.sqlite.worker import check_private_api, join_worker, run_on_worker

log = logging.getLogger(__name__)

T = TypeVar("T")
# A statement's values: in order (? or ?1 marks), or by name (:name, bot/store/sql/statement.py).
Parameters = Sequence[Any] | Mapping[str, Any]

# SQLite itself waits this long for another writer (another process on the same file) before it
# answers "database is locked"; past that, the store retries from the event loop without blocking it.
BUSY_TIMEOUT_MS = 5_000
# How long a write other than an answer keeps retrying a locked database before giving up.
BUSY_PATIENCE_SECONDS = 60.0
# How long an answer waits for another program's write lock before the member is told it was not
# recorded (and to send it again): past a deferred click's wait for "Locked in", short of a question.
# SQLite's busy handler takes it in steps of BUSY_TIMEOUT_MS, so a refusal comes 10-15 s after the click.
ANSWER_LOCK_BOUND_SECONDS = 10.0
LOCKED = "it is locked by another program (a second Bvunzo on the file, or a tool holding a transaction)"

# Primary result codes (the low byte of sqlite3.Error.sqlite_errorcode).
_PERM, _BUSY, _LOCKED, _READONLY, _IOERR, _CORRUPT, _FULL, _CANTOPEN, _NOTADB = 3, 5, 6, 8, 10, 11, 13, 14, 26


def _result_code(exc: sqlite3.Error) -> int | None:
    code = getattr(exc, "sqlite_errorcode", None)
    return None if code is None else code & 0xFF


def is_busy(exc: sqlite3.Error) -> bool:
    code = _result_code(exc)
    if code is not None:
        return code in (_BUSY, _LOCKED)
    return "database is locked" in str(exc)


def store_error(exc: sqlite3.Error, path: Path) -> StoreError | None:
    """The sentence a host needs for a failure of the file or the disk; None for anything else (a bug)."""
    code = _result_code(exc)
    if code == _READONLY:
        return StoreError(
            f"Bvunzo cannot write to its database {path}: the file or its folder is read-only. "
            "Give the bot's user write access to both."
        )
    if code == _FULL:
        return StoreError(
            f"The disk holding the database {path} is full (or the database reached its size limit); "
            "free some space, then try again."
        )
    if code in (_CANTOPEN, _PERM):
        return StoreError(
            f"Bvunzo cannot open or create its database file {path}; "
            "check that its folder exists and that the bot's user may write there."
        )
    if code in (_NOTADB, _CORRUPT):
        return StoreError(f"{path} is not a Bvunzo database, or it is damaged ({exc}).")
    if code == _IOERR:
        return StoreError(f"The disk failed while Bvunzo was using its database {path} ({exc}).")
    return None


@contextmanager
def transaction(conn: sqlite3.Connection) -> Iterator[None]:
    """BEGIN IMMEDIATE takes the write lock first, so a transaction never fails half-way for a lock."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            try:
                conn.execute("ROLLBACK")
            except sqlite3.Error:
                log.exception("rollback failed")
        raise


def _setup(conn: sqlite3.Connection, path: Path, max_bytes: int | None, busy_timeout_ms: int) -> int:
    """Check the version, set the connection up, migrate, and prove the file is writable."""
    conn.execute(f"PRAGMA busy_timeout = {busy_timeout_ms:d}")
    # Refuse a newer schema before anything writes: a downgrade must not touch the file.
    refuse_newer(schema_version(conn))
    mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
    if str(mode).lower() != "wal":
        log.warning("the database stays in %s journal mode (no WAL on this file system?)", mode)
    _settings(conn, max_bytes)
    conn.execute("PRAGMA cache_size = -65536")  # KiB: 64 MiB keeps the boards' pages in memory
    version = _migrate_apart(path, max_bytes, busy_timeout_ms)
    # A real write on every open: a read-only file is reported now, not at the first answer.
    with transaction(conn):
        conn.execute(
            "INSERT INTO meta (key, value) VALUES ('last_opened_by', ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (f"Bvunzo {__version__}",),
        )
    return version


def _settings(conn: sqlite3.Connection, max_bytes: int | None) -> None:
    # WAL + synchronous=NORMAL: a commit is in the WAL file (in the OS's hands) before COMMIT returns,
    # so it survives the process being killed (kill -9, a crash). It is fsynced only at checkpoints, so
    # a power cut or an OS crash may lose the last moments of commits, yet never corrupts the file.
    # synchronous=FULL would fsync every answer and cut the answer rate many times over.
    conn.execute("PRAGMA synchronous = NORMAL")
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA temp_store = MEMORY")
    if max_bytes is not None:
        page_size = conn.execute("PRAGMA page_size").fetchone()[0]
        conn.execute(f"PRAGMA max_page_count = {max(1, max_bytes // page_size):d}")


def _migrate_apart(path: Path, max_bytes: int | None, busy_timeout_ms: int) -> int:
    """Migrate on a connection of its own, set up as the store's and closed after.

    The store's connection keeps its last 256 statements prepared; a new database's hundred-odd schema
    statements, run there once, would sit in that cache for good (about 0.4 MiB of SQLite's memory).
    """
    conn = sqlite3.connect(path, isolation_level=None, cached_statements=0)
    try:
        conn.execute(f"PRAGMA busy_timeout = {busy_timeout_ms:d}")
        _settings(conn, max_bytes)
        return migrate(conn)
    finally:
        conn.close()


def _make_room_for(path: Path) -> None:
    """Create the database's folder; refuse a folder where the file should be."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(
            f"Bvunzo cannot create the folder {path.parent} for its database: {exc.strerror or exc}."
        ) from exc
    if path.is_dir():
        raise StoreError(f"The database path {path} is a folder; give the path of a file.")


def _optimize(conn: sqlite3.Connection) -> None:
    # Lets SQLite refresh its planner statistics where they drifted; cheap when nothing did.
    conn.execute("PRAGMA optimize")


class Database:
    """One aiosqlite connection to one file; every call is one trip to its worker thread."""

    def __init__(self, db: aiosqlite.Connection, path: Path) -> None:
        self._db: aiosqlite.Connection | None = db
        self.path = path
        self.version = 0
        self.outage = Outage(str(path))

    @classmethod
    async def open(cls, path: Path, *, max_bytes: int | None, busy_timeout_ms: int) -> Database:
        """Open (creating folders and file as needed), set up and migrate the database at `path`."""
        _make_room_for(path)
        try:
            db = await aiosqlite.connect(path, isolation_level=None, cached_statements=256)
        except sqlite3.Error as exc:
            raise store_error(exc, path) or StoreError(f"Bvunzo cannot open {path}: {exc}.") from exc
        database = cls(db, path)
        try:
            check_private_api(db)
            database.version = await database.run(lambda conn: _setup(conn, path, max_bytes, busy_timeout_ms))
        except BaseException:
            await database.close()
            raise
        return database

    async def close(self) -> None:
        """Close the file and stop the worker thread (a live one keeps the process from exiting)."""
        db, self._db = self._db, None
        if db is None:
            return
        try:
            await run_on_worker(db, _optimize)
        except (sqlite3.Error, ValueError):
            log.debug("PRAGMA optimize failed while closing", exc_info=True)
        finally:
            await db.close()
            join_worker(db, timeout=1.0)

    def connection(self) -> aiosqlite.Connection:
        """The open connection; StoreError once the store is closed."""
        if self._db is None:
            raise StoreError("The store is closed.")
        return self._db

    async def _retrying(
        self, attempt: Callable[[], Awaitable[T]], patience: float | None, *, writes: bool = True
    ) -> T:
        """Run `attempt` until the database is not locked by another program (for `patience` s at most).

        Past `patience` (counted from the first attempt), StoreUnavailable: nothing was written, since a
        write that meets the lock is rolled back whole. A write that gets through ends an outage.
        """
        backoff = Backoff()
        started = time.monotonic()
        while True:
            try:
                result = await attempt()
            except sqlite3.Error as exc:
                if not is_busy(exc):
                    error = store_error(exc, self.path)
                    if error is None:
                        raise
                    raise error from exc
                waited = time.monotonic() - started
                if patience is not None and waited >= patience:
                    self.outage.refuse(LOCKED)
                    raise StoreUnavailable(
                        f"The database {self.path} stayed locked by another program for {waited:.0f} s; "
                        "is a second Bvunzo running on it?"
                    ) from exc
                self.outage.trouble(LOCKED)
                await backoff.pause()
                continue
            if writes or backoff.tries:
                self.outage.answered()
            return result

    async def run(
        self,
        work: Callable[[sqlite3.Connection], T],
        *,
        patience: float | None = BUSY_PATIENCE_SECONDS,
        writes: bool = True,
    ) -> T:
        """Run `work` on the connection in the worker thread (one trip), retrying while locked."""
        return await self._retrying(lambda: run_on_worker(self.connection(), work), patience, writes=writes)

    async def write(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run `work` in one write transaction."""

        def in_transaction(conn: sqlite3.Connection) -> T:
            with transaction(conn):
                return work(conn)

        return await self.run(in_transaction)

    async def read(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run `work` on one consistent snapshot (several SELECTs see the same data)."""

        def snapshot(conn: sqlite3.Connection) -> T:
            conn.execute("BEGIN")
            try:
                return work(conn)
            finally:
                conn.execute("COMMIT")

        return await self.run(snapshot, writes=False)

    # One statement needs no function on the thread: aiosqlite's public calls make the same single trip,
    # and in autocommit mode the statement is its own transaction.

    async def fetchall(self, sql: str, args: Parameters = ()) -> list[Any]:
        async def attempt() -> list[Any]:
            return list(await self.connection().execute_fetchall(sql, args))

        return await self._retrying(attempt, BUSY_PATIENCE_SECONDS, writes=False)

    async def fetchone(self, sql: str, args: Parameters = ()) -> Any:
        rows = await self.fetchall(sql, args)
        return rows[0] if rows else None

    async def execute(self, sql: str, args: Parameters = ()) -> int:
        """Run one writing statement; how many rows it changed."""

        async def attempt() -> int:
            cursor = await self.connection().execute(sql, args)
            return cursor.rowcount

        return await self._retrying(attempt, BUSY_PATIENCE_SECONDS)

    async def executemany(self, sql: str, rows: Sequence[Parameters]) -> None:
        """Run one statement for each row, all in one transaction."""

        def many(conn: sqlite3.Connection) -> None:
            conn.executemany(sql, rows)

        # In autocommit mode executemany would commit row by row: one transaction makes it one write.
        await self.write(many)
