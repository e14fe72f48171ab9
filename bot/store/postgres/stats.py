"""What /stats and the question reports read on PostgreSQL: a member's totals, streaks and weeks."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import asyncpg

from bot.store.periods import as_utc, week_start
from bot.store.postgres.connection import Connected
from bot.store.postgres.rows import CHART_WEEKS, EPOCH, Tally, ms, tallies
from bot.store.records import DeckStats, MemberStats, ReportLine, WeekStats


async def _member_stats(
    conn: asyncpg.Connection, guild_id: int, user_id: int, first_week: datetime, chart: tuple[int, int]
) -> MemberStats:
    total = await conn.fetchrow(
        "SELECT points, correct, answered FROM board_totals WHERE guild_id = $1 AND deck_id = '' AND user_id = $2",
        guild_id,
        user_id,
    ) or (0, 0, 0)
    streak = best = 0
    rounds: set[int] = set()
    decks: dict[str, list[int]] = {}
    for round_id, deck_id, points, correct in await conn.fetch(
        "SELECT round_id, deck_id, points, correct FROM answers WHERE user_id = $1 AND guild_id = $2 "
        "ORDER BY answered_at, id",
        user_id,
        guild_id,
    ):
        rounds.add(round_id)
        streak = streak + 1 if correct else 0
        best = max(best, streak)
        sums = decks.setdefault(deck_id, [0, 0, 0])
        sums[0] += points
        sums[1] += correct
        sums[2] += 1
    # Monday-based week number: day 0 (1970-01-01) was a Thursday, the Monday after it day 4.
    weekly = {
        week: (int(points), int(correct), int(answered))
        for week, points, correct, answered in await conn.fetch(
            "SELECT (answered_at / 86400000 + 3) / 7, SUM(points), SUM(correct), COUNT(*) FROM answers "
            "WHERE user_id = $1 AND guild_id = $2 AND answered_at >= $3 AND answered_at < $4 GROUP BY 1",
            user_id,
            guild_id,
            *chart,
        )
    }
    weeks = []
    for k in range(CHART_WEEKS):
        monday = first_week.date() + timedelta(weeks=k)
        points, correct, answered = weekly.get(((monday - EPOCH.date()).days + 3) // 7, (0, 0, 0))
        weeks.append(WeekStats(week_start=monday, points=points, right=correct, answered=answered))
    practised, practised_right = await conn.fetchrow(
        "SELECT COUNT(*), coalesce(SUM(correct), 0) FROM practice_answers WHERE user_id = $1", user_id
    )
    return MemberStats(
        points=total[0],
        answered=total[2],
        right=total[1],
        rounds=len(rounds),
        best_streak=best,
        week_points=weeks[-1].points,
        decks=tuple(
            DeckStats(deck_id=deck, points=p, right=r, answered=a)
            for deck, (p, r, a) in sorted(decks.items(), key=lambda item: (-item[1][0], item[0]))
        ),
        weeks=tuple(weeks),
        practice_answered=practised,
        practice_right=int(practised_right),
    )


async def _round_report(conn: asyncpg.Connection, guild_id: int, round_id: int) -> list[ReportLine]:
    ids = await conn.fetchval(
        "SELECT question_ids FROM rounds WHERE id = $1 AND guild_id = $2", round_id, guild_id
    )
    if ids is None:
        return []
    by_index = tallies(
        await conn.fetch(
            "SELECT question_index, correct, choice, text, COUNT(*) FROM answers WHERE round_id = $1 "
            "GROUP BY question_index, correct, choice, text ORDER BY MIN(answered_at), MIN(id)",
            round_id,
        )
    )
    return [
        by_index.get(index, Tally()).line(index, question_id)
        for index, question_id in enumerate(json.loads(ids))
    ]


async def _deck_report(conn: asyncpg.Connection, guild_id: int, deck_id: str) -> list[ReportLine]:
    by_question = tallies(
        await conn.fetch(
            "SELECT a.question_id, a.correct, a.choice, a.text, COUNT(*) "
            "FROM answers AS a JOIN rounds AS r ON r.id = a.round_id WHERE r.guild_id = $1 AND r.deck_id = $2 "
            "GROUP BY a.question_id, a.correct, a.choice, a.text ORDER BY MIN(a.answered_at), MIN(a.id)",
            guild_id,
            deck_id,
        )
    )
    lines = [tally.line(None, question_id) for question_id, tally in by_question.items()]
    lines.sort(key=lambda line: (line.right / line.answered, -line.answered, line.question_id))
    return lines


class Stats(Connected):
    async def member_stats(self, guild_id: int, user_id: int, now: datetime) -> MemberStats:
        """What /stats shows: round answers in this server, practice answers anywhere."""
        this_week = week_start(as_utc(now).date())
        first_week = datetime.combine(this_week - timedelta(weeks=CHART_WEEKS - 1), datetime.min.time(), UTC)
        chart = (
            ms(first_week),
            ms(datetime.combine(this_week + timedelta(weeks=1), datetime.min.time(), UTC)),
        )
        return await self._read(lambda conn: _member_stats(conn, guild_id, user_id, first_week, chart))

    async def question_report(
        self, guild_id: int, *, round_id: int | None = None, deck_id: str | None = None
    ) -> list[ReportLine]:
        """Per question: answered, right, and the commonest wrong answer (see the SQLite store)."""
        if (round_id is None) == (deck_id is None):
            raise ValueError("a question report is of a round or of a deck: give exactly one")
        if round_id is not None:
            return await self._read(lambda conn: _round_report(conn, guild_id, round_id))
        assert deck_id is not None
        return await self._read(lambda conn: _deck_report(conn, guild_id, deck_id))
