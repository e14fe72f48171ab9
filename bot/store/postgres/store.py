"""PostgresStore: the whole store interface on PostgreSQL: the shared concerns (bot/store/common) on
its own answers and connection pool."""

from __future__ import annotations

from bot.store.common.store import SharedStore
from bot.store.postgres.answers import PostgresAnswers
from bot.store.postgres.connection import CLOSE_PATIENCE_SECONDS, POOL_MAX


class PostgresStore(PostgresAnswers, SharedStore):
    """Bvunzo's memory in a PostgreSQL database that several bot processes may share.

    Every method takes a connection from the pool for its own statement or transaction; nothing stays
    open across calls, so any number of processes (shards) can use the same database at once.
    """

    @classmethod
    async def open(cls, url: str, *, max_connections: int = POOL_MAX) -> PostgresStore:
        """Connect to the database at `url` (postgresql://user:pass@host/db) and migrate it."""
        pool, version = await cls._connect(url, max_connections=max_connections)
        store = cls(pool, url, version)
        store._answers = store._answer_groups()
        return store

    async def close(self) -> None:
        """Write the answers on their way, then close every connection."""
        if self._pool is not None:
            await self._answers.drain(CLOSE_PATIENCE_SECONDS)
        await super().close()
