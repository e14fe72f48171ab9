"""Leaderboards and ranks on PostgreSQL, read from the totals the answers trigger keeps.

Order: points (desc), then right answers (desc), then whoever reached their score first (the earliest
last answer), then the member id so pages never shuffle. Ranks are competition ranks by points alone
(1, 2, 2, 4). Periods are whole UTC days, weeks from Monday. Round answers only, never practice.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import asyncpg

from bot.store.periods import Period
from bot.store.postgres.connection import Connected
from bot.store.postgres.rows import days as period_days
from bot.store.postgres.rows import ranked
from bot.store.records import Board, BoardLine

# Sums over board_days are numeric in PostgreSQL (a bigint sum can overflow bigint): cast them back.
_PERIOD_SUMS = (
    "SELECT user_id, SUM(points)::bigint AS points, SUM(correct)::bigint AS correct, "
    "SUM(answered)::bigint AS answered, MAX(last_at) AS last_at FROM board_days "
    "WHERE guild_id = $1 AND day >= $2 AND day < $3 {deck}GROUP BY user_id"
)


def _period_sums(deck_id: str | None) -> str:
    return _PERIOD_SUMS.format(deck="AND deck_id = $4 " if deck_id is not None else "")


def _period_args(guild_id: int, days: tuple[int, int], deck_id: str | None) -> tuple[Any, ...]:
    return (guild_id, *days) if deck_id is None else (guild_id, *days, deck_id)


async def _all_time_board(
    conn: asyncpg.Connection, guild_id: int, deck: str, offset: int, limit: int
) -> Board:
    total = await conn.fetchval(
        "SELECT COUNT(*) FROM board_totals WHERE guild_id = $1 AND deck_id = $2", guild_id, deck
    )
    rows = await conn.fetch(
        "SELECT user_id, points, correct, answered FROM board_totals WHERE guild_id = $1 AND deck_id = $2 "
        "ORDER BY points DESC, correct DESC, last_at, user_id LIMIT $3 OFFSET $4",
        guild_id,
        deck,
        limit,
        offset,
    )
    if not rows:
        return Board(lines=(), total=total)
    ahead = await conn.fetchval(
        "SELECT COUNT(*) FROM board_totals WHERE guild_id = $1 AND deck_id = $2 AND points > $3",
        guild_id,
        deck,
        rows[0][1],
    )
    return Board(lines=ranked([tuple(row) for row in rows], offset, ahead + 1), total=total)


async def _period_board(
    conn: asyncpg.Connection,
    guild_id: int,
    days: tuple[int, int],
    deck_id: str | None,
    offset: int,
    limit: int,
) -> Board:
    args = _period_args(guild_id, days, deck_id)
    n = len(args)
    rows = await conn.fetch(
        f"WITH sums AS ({_period_sums(deck_id)}) "
        "SELECT user_id, points, correct, answered, RANK() OVER (ORDER BY points DESC), COUNT(*) OVER () "
        f"FROM sums ORDER BY points DESC, correct DESC, last_at, user_id LIMIT ${n + 1} OFFSET ${n + 2}",
        *args,
        limit,
        offset,
    )
    if not rows:
        total = await conn.fetchval(f"SELECT COUNT(*) FROM ({_period_sums(deck_id)}) AS sums", *args)
        return Board(lines=(), total=total)
    lines = tuple(
        BoardLine(rank=rank, user_id=user_id, points=points, right=correct, answered=answered)
        for user_id, points, correct, answered, rank, _total in rows
    )
    return Board(lines=lines, total=rows[0][5])


class Boards(Connected):
    async def leaderboard(
        self,
        guild_id: int,
        period: Period,
        now: datetime,
        *,
        deck_id: str | None = None,
        offset: int = 0,
        limit: int = 10,
    ) -> Board:
        if offset < 0 or limit < 0:
            raise ValueError("offset and limit cannot be negative")
        days = period_days(period, now)
        if days is None:
            deck = deck_id or ""
            return await self._read(lambda conn: _all_time_board(conn, guild_id, deck, offset, limit))
        return await self._read(lambda conn: _period_board(conn, guild_id, days, deck_id, offset, limit))

    async def member_rank(
        self, guild_id: int, user_id: int, period: Period, now: datetime, *, deck_id: str | None = None
    ) -> BoardLine | None:
        """The member's line on the board; None when they have no answer in the period."""
        days = period_days(period, now)

        async def all_time(conn: asyncpg.Connection) -> BoardLine | None:
            deck = deck_id or ""
            mine = await conn.fetchrow(
                "SELECT points, correct, answered FROM board_totals "
                "WHERE guild_id = $1 AND deck_id = $2 AND user_id = $3",
                guild_id,
                deck,
                user_id,
            )
            if mine is None:
                return None
            ahead = await conn.fetchval(
                "SELECT COUNT(*) FROM board_totals WHERE guild_id = $1 AND deck_id = $2 AND points > $3",
                guild_id,
                deck,
                mine[0],
            )
            return BoardLine(rank=ahead + 1, user_id=user_id, points=mine[0], right=mine[1], answered=mine[2])

        async def in_period(conn: asyncpg.Connection) -> BoardLine | None:
            assert days is not None
            args = _period_args(guild_id, days, deck_id)
            n = len(args)
            mine = await conn.fetchrow(
                "SELECT SUM(points)::bigint, SUM(correct)::bigint, SUM(answered)::bigint FROM board_days "
                f"WHERE guild_id = $1 AND day >= $2 AND day < $3 AND user_id = ${n + 1} "
                + ("AND deck_id = $4" if deck_id is not None else ""),
                *args,
                user_id,
            )
            if mine is None or not mine[2]:
                return None
            ahead = await conn.fetchval(
                f"SELECT COUNT(*) FROM ({_period_sums(deck_id)} HAVING SUM(points) > ${n + 1}) AS ahead",
                *args,
                mine[0],
            )
            return BoardLine(rank=ahead + 1, user_id=user_id, points=mine[0], right=mine[1], answered=mine[2])

        return await self._read(all_time if days is None else in_period)
