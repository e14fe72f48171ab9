"""The pool of connections to one PostgreSQL database, and the sentences for what can go wrong with it."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from bot import __version__
from bot.store.errors import StoreError, StoreUnavailable
from bot.store.outage import Outage
from bot.store.postgres.engine import PostgresEngine
from bot.store.postgres.schema import migrate, refuse_newer, schema_version
from bot.store.sql.engine import Engine

log = logging.getLogger(__name__)

T = TypeVar("T")

# Connections kept open: answers run one per connection, so this bounds how many commit at once.
POOL_MIN, POOL_MAX = 1, 10
CONNECT_TIMEOUT_SECONDS = 10.0
# A statement waits at most this long for a lock another program holds (PostgreSQL's lock_timeout), as an
# answer waits for SQLite's write lock (ANSWER_LOCK_BOUND_SECONDS): then StoreUnavailable, nothing written.
LOCK_TIMEOUT = "10s"
# How long close() waits for answers on their way, then for other queries still running: the bot must
# exit within 5 s of SIGTERM.
CLOSE_PATIENCE_SECONDS = 3.0
POOL_CLOSE_PATIENCE_SECONDS = 1.0


def is_postgres_url(location: str) -> bool:
    return location.startswith(("postgresql://", "postgres://"))


def safe_url(url: str) -> str:
    """The URL without its password, fit for logs and messages."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    netloc = f"{parts.username}:***@{host}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit(parts._replace(netloc=netloc))


# What says the server is not there right now (down, restarting, full of connections): weather.
UNREACHABLE: tuple[type[BaseException], ...] = (
    OSError,
    TimeoutError,
    asyncpg.PostgresConnectionError,
    asyncpg.CannotConnectNowError,
    asyncpg.TooManyConnectionsError,
    asyncpg.AdminShutdownError,
    asyncpg.CrashShutdownError,
    asyncpg.ConnectionDoesNotExistError,
)


def connection_error(exc: BaseException, url: str, *, unsure: bool = False) -> StoreError | None:
    """The sentence a host needs when the server cannot be reached or refuses; None for anything else.

    `unsure`: the connection broke while a statement was on its way, so a write may have been committed.
    """
    where = safe_url(url)
    if isinstance(exc, asyncpg.LockNotAvailableError):  # lock_timeout: the statement was rolled back
        return StoreUnavailable(
            f"PostgreSQL at {where}: what Bvunzo writes is locked by another program ({exc})."
        )
    if isinstance(exc, asyncpg.InvalidPasswordError | asyncpg.InvalidAuthorizationSpecificationError):
        return StoreError(f"PostgreSQL at {where} refused the user or password in BVUNZO_DB ({exc}).")
    if isinstance(exc, asyncpg.InvalidCatalogNameError):
        return StoreError(f"PostgreSQL at {where} has no such database; create it first ({exc}).")
    if isinstance(exc, asyncpg.InsufficientPrivilegeError):
        return StoreError(f"The PostgreSQL user of {where} may not do what Bvunzo needs ({exc}).")
    if isinstance(exc, asyncpg.DiskFullError):
        return StoreError(f"The PostgreSQL server of {where} is out of disk space; free some, then retry.")
    if isinstance(exc, UNREACHABLE):
        return StoreUnavailable(
            f"Bvunzo cannot reach PostgreSQL at {where}: {exc or type(exc).__name__}.", unsure=unsure
        )
    if isinstance(exc, asyncpg.InterfaceError) and "closed" in str(exc):
        return StoreError("The store is closed.")
    if isinstance(exc, asyncpg.InternalClientError):  # a connection broken mid-statement by the server
        return StoreUnavailable(
            f"PostgreSQL at {where} broke a connection mid-statement ({exc}).", unsure=unsure
        )
    return None


async def _setup(conn: asyncpg.Connection) -> int:
    """Check the version, migrate, and prove the database is writable; returns the schema version."""
    refuse_newer(await schema_version(conn))  # a downgrade must not touch the database
    # Another process may be migrating (its lock held as long as that takes): no lock_timeout meanwhile.
    await conn.execute("SET lock_timeout = 0")
    version = await migrate(conn)
    await conn.execute("RESET lock_timeout")
    await conn.execute(
        "INSERT INTO meta (key, value) VALUES ('last_opened_by', $1) "
        "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        f"Bvunzo {__version__}",
    )
    return version


async def _nothing_to_reset(conn: asyncpg.Connection) -> None:
    """The store keeps no session state (no SET, LISTEN or session locks), so a connection going back to
    the pool needs no RESET ALL round trip; asyncpg still rolls back a transaction left open.
    """


class PostgresConnected:
    """What every part of the PostgreSQL store stands on: the pool and one way in and out of it."""

    def __init__(self, pool: asyncpg.Pool, url: str, version: int) -> None:
        self._pool: asyncpg.Pool | None = pool
        self._url = url
        self._version = version
        self.outage = Outage(safe_url(url))
        self._engine: Engine = PostgresEngine(self._connection, lambda: self._pool is not None)

    @classmethod
    async def _connect(cls, url: str, *, max_connections: int = POOL_MAX) -> tuple[asyncpg.Pool, int]:
        try:
            pool = await asyncpg.create_pool(
                url,
                min_size=POOL_MIN,
                max_size=max_connections,
                timeout=CONNECT_TIMEOUT_SECONDS,
                reset=_nothing_to_reset,
                server_settings={
                    "application_name": "bvunzo",
                    "timezone": "UTC",
                    "lock_timeout": LOCK_TIMEOUT,
                },
            )
        except Exception as exc:
            raise connection_error(exc, url) or StoreError(
                f"Bvunzo cannot open PostgreSQL at {safe_url(url)}: {exc}."
            ) from exc
        try:
            async with pool.acquire() as conn:
                version = await _setup(conn)
        except BaseException as exc:
            pool.terminate()
            if isinstance(exc, Exception) and (error := connection_error(exc, url)) is not None:
                raise error from exc
            raise
        return pool, version

    async def close(self) -> None:
        """Let running queries finish (briefly), then close every connection."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        try:
            await asyncio.wait_for(pool.close(), timeout=POOL_CLOSE_PATIENCE_SECONDS)
        except TimeoutError:
            log.warning(
                "PostgreSQL queries still running after %.0f s; closing anyway", POOL_CLOSE_PATIENCE_SECONDS
            )
            pool.terminate()

    @property
    def schema_version(self) -> int:
        return self._version

    @property
    def url(self) -> str:
        """Where the database is, without its password."""
        return safe_url(self._url)

    @asynccontextmanager
    async def _connection(self, *, writes: bool = False) -> AsyncIterator[asyncpg.Connection]:
        """A pooled connection. A writing call that gets through ends an outage; a read does not, since a row
        lock holding writes back lets reads through (an outage nothing writes through ends on its own)."""
        pool = self._pool
        if pool is None:
            raise StoreError("The store is closed.")
        acquired = False
        try:
            async with pool.acquire() as conn:
                acquired = True
                try:
                    yield conn
                except asyncpg.InternalClientError:
                    # Its protocol was left mid-operation (the server vanished while a statement was
                    # on its way): this connection can never serve again, so the pool must not keep it.
                    conn.terminate()
                    raise
        except StoreError:
            raise
        except Exception as exc:
            # Refused before a statement left: nothing done. Broken after: a COMMIT may have gone through.
            error = connection_error(exc, self._url, unsure=acquired)
            if isinstance(exc, asyncpg.InterfaceError) and "closed" in str(exc):
                # The pool is open, so a closed connection is the server's doing (a restart, a crash).
                error = StoreUnavailable(f"PostgreSQL at {self.url} closed the connection.", unsure=acquired)
            if error is None:
                raise
            if isinstance(error, StoreUnavailable):
                self.outage.refuse(str(error))
            raise error from exc
        if writes:
            self.outage.answered()

    async def _write(self, work: Callable[[asyncpg.Connection], Awaitable[T]]) -> T:
        """Run `work` in one transaction, committed when this returns."""
        async with self._connection(writes=True) as conn, conn.transaction():
            return await work(conn)

    async def _execute(self, sql: str, *args: Any) -> str:
        """One statement in its own transaction (autocommit); returns its status, e.g. "DELETE 1"."""
        async with self._connection(writes=True) as conn:
            status: str = await conn.execute(sql, *args)
            return status
