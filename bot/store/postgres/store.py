"""PostgresStore: the whole store interface on PostgreSQL, assembled from one class per concern."""

from __future__ import annotations

from types import TracebackType

from bot.store.common.assignments import SharedAssignments
from bot.store.common.boards import SharedBoards
from bot.store.common.calendar import SharedCalendar
from bot.store.common.decks import SharedDecks
from bot.store.common.flags import SharedFlags
from bot.store.common.item_analysis import SharedItemAnalysis
from bot.store.common.polls import SharedPolls
from bot.store.common.practice import SharedPractice
from bot.store.common.qotd import SharedQotd
from bot.store.common.reports import SharedReports
from bot.store.common.rounds import SharedRounds
from bot.store.common.settings import SharedSettings
from bot.store.common.suggestions import SharedSuggestions
from bot.store.common.versions import SharedVersions
from bot.store.common.web import SharedWeb
from bot.store.postgres.answers import PostgresAnswers
from bot.store.postgres.connection import CLOSE_PATIENCE_SECONDS, POOL_MAX


class PostgresStore(
    SharedSettings,
    SharedRounds,
    PostgresAnswers,
    SharedPolls,
    SharedBoards,
    SharedReports,
    SharedPractice,
    SharedDecks,
    SharedFlags,
    SharedSuggestions,
    SharedCalendar,
    SharedQotd,
    SharedAssignments,
    SharedItemAnalysis,
    SharedWeb,
    SharedVersions,
):
    """Bvunzo's memory in a PostgreSQL database that several bot processes may share.

    Every method takes a connection from the pool for its own statement or transaction; nothing stays
    open across calls, so any number of processes (shards) can use the same database at once.
    """

    @classmethod
    async def open(cls, url: str, *, max_connections: int = POOL_MAX) -> PostgresStore:
        """Connect to the database at `url` (postgresql://user:pass@host/db) and migrate it."""
        pool, version = await cls._connect(url, max_connections=max_connections)
        store = cls(pool, url, version)
        store._groups = store._answer_groups()
        return store

    async def close(self) -> None:
        """Write the answers on their way, then close every connection."""
        if self._pool is not None:
            await self._groups.drain(CLOSE_PATIENCE_SECONDS)
        await super().close()

    async def __aenter__(self) -> PostgresStore:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()
