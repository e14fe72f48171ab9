"""Leaderboards and ranks on PostgreSQL, read from the totals the answers trigger keeps (see bot/store/sql/boards.py)."""

from __future__ import annotations

from datetime import datetime

import asyncpg

from bot.store.periods import Period
from bot.store.postgres.connection import Connected
from bot.store.records import Board, BoardLine
from bot.store.sql.boards import (
    ALL_TIME_AHEAD,
    ALL_TIME_COUNT,
    ALL_TIME_MEMBER,
    ALL_TIME_PAGE,
    PERIOD_AHEAD,
    PERIOD_COUNT,
    PERIOD_MEMBER,
    PERIOD_PAGE,
    period_days,
    period_lines,
    period_values,
    ranked,
)


async def _all_time_board(
    conn: asyncpg.Connection, guild_id: int, deck: str, offset: int, limit: int
) -> Board:
    total = await conn.fetchval(*ALL_TIME_COUNT.postgres(guild=guild_id, deck=deck))
    rows = await conn.fetch(*ALL_TIME_PAGE.postgres(guild=guild_id, deck=deck, limit=limit, offset=offset))
    if not rows:
        return Board(lines=(), total=total)
    ahead = await conn.fetchval(*ALL_TIME_AHEAD.postgres(guild=guild_id, deck=deck, points=rows[0][1]))
    return Board(lines=ranked([tuple(row) for row in rows], offset, ahead + 1), total=total)


async def _period_board(
    conn: asyncpg.Connection,
    guild_id: int,
    days: tuple[int, int],
    deck_id: str | None,
    offset: int,
    limit: int,
) -> Board:
    page, count = PERIOD_PAGE[deck_id is not None], PERIOD_COUNT[deck_id is not None]
    rows = await conn.fetch(
        page.postgres_text, *page.ordered(period_values(guild_id, days, deck_id, limit=limit, offset=offset))
    )
    if not rows:
        total = await conn.fetchval(
            count.postgres_text, *count.ordered(period_values(guild_id, days, deck_id))
        )
        return Board(lines=(), total=total)
    return Board(lines=period_lines(rows), total=rows[0][5])


class PostgresBoards(Connected):
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
            mine = await conn.fetchrow(*ALL_TIME_MEMBER.postgres(guild=guild_id, deck=deck, user=user_id))
            if mine is None:
                return None
            ahead = await conn.fetchval(*ALL_TIME_AHEAD.postgres(guild=guild_id, deck=deck, points=mine[0]))
            return BoardLine(rank=ahead + 1, user_id=user_id, points=mine[0], right=mine[1], answered=mine[2])

        async def in_period(conn: asyncpg.Connection) -> BoardLine | None:
            assert days is not None
            member, ahead_of = PERIOD_MEMBER[deck_id is not None], PERIOD_AHEAD[deck_id is not None]
            mine = await conn.fetchrow(
                member.postgres_text, *member.ordered(period_values(guild_id, days, deck_id, user=user_id))
            )
            if mine is None or not mine[2]:
                return None
            ahead = await conn.fetchval(
                ahead_of.postgres_text,
                *ahead_of.ordered(period_values(guild_id, days, deck_id, points=mine[0])),
            )
            return BoardLine(rank=ahead + 1, user_id=user_id, points=mine[0], right=mine[1], answered=mine[2])

        return await self._read(all_time if days is None else in_period)
