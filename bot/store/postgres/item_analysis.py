"""PostgreSQL: what item analysis and the deck charts read, as SQLite's item_analysis.py does."""

from __future__ import annotations

from datetime import datetime

from bot.store.postgres.connection import Connected
from bot.store.records import FirstTry, WeekStats
from bot.store.sql.times import to_ms
from bot.store.sql.versions import FIRST_TRIES
from bot.store.weeks import Chart

# By week_number (bot/store/weeks.py); sums cast back to bigint (PostgreSQL sums bigints into numerics).
_DECK_WEEKS = (
    "SELECT (answered_at / 86400000 + 3) / 7, SUM(points)::bigint, SUM(correct)::bigint, COUNT(*) "
    "FROM answers WHERE guild_id = $1 AND deck_id = $2 AND answered_at >= $3 AND answered_at < $4 GROUP BY 1"
)


class PostgresItemAnalysis(Connected):
    async def first_tries(self, guild_id: int, deck_id: str) -> list[FirstTry]:
        """Each member's first answer to each question of the deck here (see the Store interface)."""
        rows = await self._fetch(*FIRST_TRIES.postgres(guild=guild_id, deck=deck_id))
        return [
            FirstTry(int(u), str(q), bool(c), None if ch is None else int(ch), str(v))
            for u, q, c, ch, v in rows
        ]

    async def deck_weeks(self, guild_id: int, deck_id: str, now: datetime) -> tuple[WeekStats, ...]:
        """The deck's round answers here per week (see the Store interface)."""
        chart = Chart.ending(now)
        rows = await self._fetch(_DECK_WEEKS, guild_id, deck_id, to_ms(chart.start), to_ms(chart.end))
        return chart.weeks(tuple(r) for r in rows)
