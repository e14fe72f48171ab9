"""SQLite: what item analysis and the deck charts read: first tries, their mark, kept figures, weekly answers."""

from __future__ import annotations

import sqlite3
from datetime import datetime

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
from bot.store.sqlite.connection import Database
from bot.store.weeks import Chart


class SqliteItemAnalysis:
    _db: Database

    async def first_tries(self, guild_id: int, deck_id: str) -> list[FirstTry]:
        # A member's first try at each version of each question, kept as the answers were written. The
        # records are built on the database's thread: tens of thousands of them would hold the event loop.
        def work(conn: sqlite3.Connection) -> list[FirstTry]:
            return [
                FirstTry(int(u), str(q), bool(c), None if ch is None else int(ch), str(v))
                for u, q, c, ch, v in conn.execute(*FIRST_TRIES.sqlite(guild=guild_id, deck=deck_id))
            ]

        return await self._db.read(work)

    async def first_try_mark(self, guild_id: int, deck_id: str) -> int:
        row = await self._db.fetchone(*FIRST_TRY_MARK.sqlite(guild=guild_id, deck=deck_id))
        return int(row[0])

    async def kept_item_figures(self, guild_id: int, deck_id: str) -> KeptItemFigures | None:
        row = await self._db.fetchone(*KEPT_FIGURES.sqlite(guild=guild_id, deck=deck_id))
        return None if row is None else kept_figures(row)

    async def keep_item_figures(self, figures: KeptItemFigures) -> None:
        await self._db.execute(
            *KEEP_FIGURES.sqlite(
                guild=figures.guild_id,
                deck=figures.deck_id,
                questions=figures.questions,
                changes=figures.changes,
                at=to_ms(figures.computed_at),
                figures=figures.figures,
            )
        )

    async def stale_item_figures(self, guild_id: int | None = None) -> list[tuple[int, str]]:
        if guild_id is None:
            rows = await self._db.fetchall(*STALE_FIGURES.sqlite())
        else:
            rows = await self._db.fetchall(*STALE_FIGURES_HERE.sqlite(guild=guild_id))
        return [(int(g), str(d)) for g, d in rows]

    async def deck_weeks(self, guild_id: int, deck_id: str, now: datetime) -> tuple[WeekStats, ...]:
        chart = Chart.ending(now)
        first, last = to_ms(chart.start) // DAY_MS, to_ms(chart.end) // DAY_MS
        rows = await self._db.fetchall(
            *DECK_WEEKS.sqlite(guild=guild_id, first=first, last=last, deck=deck_id)
        )
        return chart.weeks(tuple(r) for r in rows)
