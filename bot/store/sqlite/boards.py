"""SQLite: server leaderboards and a member's rank, read from the running totals, never from answers."""

from __future__ import annotations

import sqlite3
from datetime import datetime

from bot.store.periods import Period
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
from bot.store.sqlite.connection import Database


def _all_time_board(conn: sqlite3.Connection, guild_id: int, deck: str, offset: int, limit: int) -> Board:
    total = conn.execute(*ALL_TIME_COUNT.sqlite(guild=guild_id, deck=deck)).fetchone()[0]
    rows = conn.execute(
        *ALL_TIME_PAGE.sqlite(guild=guild_id, deck=deck, limit=limit, offset=offset)
    ).fetchall()
    if not rows:
        return Board(lines=(), total=total)
    ahead = conn.execute(*ALL_TIME_AHEAD.sqlite(guild=guild_id, deck=deck, points=rows[0][1])).fetchone()[0]
    return Board(lines=ranked(rows, offset, ahead + 1), total=total)


def _period_board(
    conn: sqlite3.Connection,
    guild_id: int,
    *,
    days: tuple[int, int],
    deck_id: str | None,
    offset: int,
    limit: int,
) -> Board:
    in_deck = deck_id is not None
    page = period_values(guild_id, days, deck_id, limit=limit, offset=offset)
    rows = conn.execute(*PERIOD_PAGE[in_deck].sqlite(**page)).fetchall()
    if not rows:
        total = conn.execute(
            *PERIOD_COUNT[in_deck].sqlite(**period_values(guild_id, days, deck_id))
        ).fetchone()
        return Board(lines=(), total=total[0])
    return Board(lines=period_lines(rows), total=rows[0][5])


class SqliteBoards:
    _db: Database

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
            return await self._db.read(
                lambda conn: _all_time_board(conn, guild_id, deck_id or "", offset, limit)
            )
        return await self._db.read(
            lambda conn: _period_board(conn, guild_id, days=days, deck_id=deck_id, offset=offset, limit=limit)
        )

    async def member_rank(
        self, guild_id: int, user_id: int, period: Period, now: datetime, *, deck_id: str | None = None
    ) -> BoardLine | None:
        days = period_days(period, now)

        def all_time(conn: sqlite3.Connection) -> BoardLine | None:
            deck = deck_id or ""
            mine = conn.execute(*ALL_TIME_MEMBER.sqlite(guild=guild_id, deck=deck, user=user_id)).fetchone()
            if mine is None:
                return None
            ahead = conn.execute(
                *ALL_TIME_AHEAD.sqlite(guild=guild_id, deck=deck, points=mine[0])
            ).fetchone()[0]
            return BoardLine(rank=ahead + 1, user_id=user_id, points=mine[0], right=mine[1], answered=mine[2])

        def in_period(conn: sqlite3.Connection) -> BoardLine | None:
            assert days is not None
            in_deck = deck_id is not None
            mine = conn.execute(
                *PERIOD_MEMBER[in_deck].sqlite(**period_values(guild_id, days, deck_id, user=user_id))
            ).fetchone()
            if not mine[2]:
                return None
            ahead = conn.execute(
                *PERIOD_AHEAD[in_deck].sqlite(**period_values(guild_id, days, deck_id, points=mine[0]))
            ).fetchone()[0]
            return BoardLine(rank=ahead + 1, user_id=user_id, points=mine[0], right=mine[1], answered=mine[2])

        return await self._db.read(all_time if days is None else in_period)
