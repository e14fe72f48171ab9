"""What item analysis and the deck charts read: first tries, their mark, kept figures, weekly answers."""

from __future__ import annotations

from datetime import datetime

from bot.store.records import FirstTry, KeptItemFigures, WeekStats
from bot.store.sql.engine import Engine, Row, Transaction, rows
from bot.store.sql.item_figures import (
    DAY_MS,
    DECK_WEEKS,
    FIGURE_COLUMNS,
    FIRST_TRY_MARK,
    KEEP_FIGURES,
    KEPT_FIGURES,
    STALE_FIGURES,
    STALE_FIGURES_HERE,
)
from bot.store.sql.times import to_ms
from bot.store.sql.versions import FIRST_TRIES
from bot.store.weeks import Chart


def _first_tries(guild_id: int, deck_id: str) -> Transaction[list[FirstTry]]:
    # Built inside the read: on SQLite that is the database's thread, where tens of thousands of records
    # would not hold the event loop.
    found: list[Row] = yield rows(FIRST_TRIES, guild=guild_id, deck=deck_id)
    return [
        FirstTry(int(u), str(q), bool(c), None if ch is None else int(ch), str(v)) for u, q, c, ch, v in found
    ]


class SharedItemAnalysis:
    _engine: Engine

    async def first_tries(self, guild_id: int, deck_id: str) -> list[FirstTry]:
        """Each member's first answer to each question of the deck here (see the Store interface)."""
        return await self._engine.read(lambda: _first_tries(guild_id, deck_id))

    async def first_try_mark(self, guild_id: int, deck_id: str) -> int:
        """The deck's first-try mark here (see the Store interface)."""
        row = await self._engine.fetch_one(FIRST_TRY_MARK, guild=guild_id, deck=deck_id)
        assert row is not None  # an aggregate always answers one row
        return int(row[0])

    async def kept_item_figures(self, guild_id: int, deck_id: str) -> KeptItemFigures | None:
        """The deck's item figures as last kept here (see the Store interface)."""
        return await self._engine.fetch_record(FIGURE_COLUMNS, KEPT_FIGURES, guild=guild_id, deck=deck_id)

    async def keep_item_figures(self, figures: KeptItemFigures) -> None:
        """Keep a deck's item figures (see the Store interface)."""
        await self._engine.execute(KEEP_FIGURES, FIGURE_COLUMNS.row(figures))

    async def stale_item_figures(self, guild_id: int | None = None) -> list[tuple[int, str]]:
        """The decks whose kept figures no longer match their first tries (see the Store interface)."""
        if guild_id is None:
            found = await self._engine.fetch_all(STALE_FIGURES)
        else:
            found = await self._engine.fetch_all(STALE_FIGURES_HERE, guild=guild_id)
        return [(int(g), str(d)) for g, d in found]

    async def deck_weeks(self, guild_id: int, deck_id: str, now: datetime) -> tuple[WeekStats, ...]:
        """The deck's round answers here per week (see the Store interface)."""
        chart = Chart.ending(now)
        first, last = to_ms(chart.start) // DAY_MS, to_ms(chart.end) // DAY_MS
        found = await self._engine.fetch_all(DECK_WEEKS, guild=guild_id, first=first, last=last, deck=deck_id)
        return chart.weeks(tuple(r) for r in found)
