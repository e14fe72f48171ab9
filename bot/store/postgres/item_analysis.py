"""PostgreSQL: what item analysis and the deck charts read, as SQLite's item_analysis.py does."""

from __future__ import annotations

from datetime import datetime

from bot.store.postgres.connection import Connected
from bot.store.records import FirstTry, KeptItemFigures, WeekStats
from bot.store.sql.item_figures import (
    DAY_MS,
    DECK_WEEKS,
    FIRST_TRY_MARK,
    KEEP_FIGURES,
    KEPT_FIGURES,
    STALE_FIGURES,
    STALE_FIGURES_HERE,
    kept_figures,
)
from bot.store.sql.times import to_ms
from bot.store.sql.versions import FIRST_TRIES
from bot.store.weeks import Chart


class PostgresItemAnalysis(Connected):
    async def first_tries(self, guild_id: int, deck_id: str) -> list[FirstTry]:
        """Each member's first answer to each question of the deck here (see the Store interface)."""
        rows = await self._fetch(*FIRST_TRIES.postgres(guild=guild_id, deck=deck_id))
        return [
            FirstTry(int(u), str(q), bool(c), None if ch is None else int(ch), str(v))
            for u, q, c, ch, v in rows
        ]

    async def first_try_mark(self, guild_id: int, deck_id: str) -> int:
        """The deck's first-try mark here (see the Store interface)."""
        row = await self._fetchrow(*FIRST_TRY_MARK.postgres(guild=guild_id, deck=deck_id))
        assert row is not None  # an aggregate always answers one row
        return int(row[0])

    async def kept_item_figures(self, guild_id: int, deck_id: str) -> KeptItemFigures | None:
        """The deck's item figures as last kept here (see the Store interface)."""
        row = await self._fetchrow(*KEPT_FIGURES.postgres(guild=guild_id, deck=deck_id))
        return None if row is None else kept_figures(tuple(row))

    async def keep_item_figures(self, figures: KeptItemFigures) -> None:
        """Keep a deck's item figures (see the Store interface)."""
        await self._execute(
            *KEEP_FIGURES.postgres(
                guild=figures.guild_id,
                deck=figures.deck_id,
                questions=figures.questions,
                changes=figures.changes,
                at=to_ms(figures.computed_at),
                figures=figures.figures,
            )
        )

    async def stale_item_figures(self, guild_id: int | None = None) -> list[tuple[int, str]]:
        """The decks whose kept figures no longer match their first tries (see the Store interface)."""
        if guild_id is None:
            rows = await self._fetch(*STALE_FIGURES.postgres())
        else:
            rows = await self._fetch(*STALE_FIGURES_HERE.postgres(guild=guild_id))
        return [(int(g), str(d)) for g, d in rows]

    async def deck_weeks(self, guild_id: int, deck_id: str, now: datetime) -> tuple[WeekStats, ...]:
        """The deck's round answers here per week (see the Store interface)."""
        chart = Chart.ending(now)
        first, last = to_ms(chart.start) // DAY_MS, to_ms(chart.end) // DAY_MS
        rows = await self._fetch(*DECK_WEEKS.postgres(guild=guild_id, first=first, last=last, deck=deck_id))
        return chart.weeks(tuple(r) for r in rows)
