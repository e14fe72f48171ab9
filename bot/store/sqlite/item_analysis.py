"""SQLite: what item analysis and the deck charts read: first tries at a deck's questions, weekly answers."""

from __future__ import annotations

from datetime import datetime

from bot.store.records import FirstTry, WeekStats
from bot.store.sql.times import to_ms
from bot.store.sql.versions import FIRST_TRIES
from bot.store.sqlite.connection import Database
from bot.store.weeks import Chart

# By week_number (bot/store/weeks.py), as /stats sums a member's weeks.
_DECK_WEEKS = (
    "SELECT (answered_at / 86400000 + 3) / 7, SUM(points), SUM(correct), COUNT(*) FROM answers "
    "WHERE guild_id = ? AND deck_id = ? AND answered_at >= ? AND answered_at < ? GROUP BY 1"
)


class SqliteItemAnalysis:
    _db: Database

    async def first_tries(self, guild_id: int, deck_id: str) -> list[FirstTry]:
        # A member's first try at each version of each question, kept as the answers were written.
        rows = await self._db.fetchall(*FIRST_TRIES.sqlite(guild=guild_id, deck=deck_id))
        return [
            FirstTry(int(u), str(q), bool(c), None if ch is None else int(ch), str(v))
            for u, q, c, ch, v in rows
        ]

    async def deck_weeks(self, guild_id: int, deck_id: str, now: datetime) -> tuple[WeekStats, ...]:
        chart = Chart.ending(now)
        window = (guild_id, deck_id, to_ms(chart.start), to_ms(chart.end))
        rows = await self._db.read(lambda conn: conn.execute(_DECK_WEEKS, window).fetchall())
        return chart.weeks(rows)
