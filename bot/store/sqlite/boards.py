"""SQLite: server leaderboards and a member's rank, read from the running totals, never from answers.

All-time boards read board_totals (one row per server, deck and member; deck '' for every deck); period
boards sum board_days (one row per server, UTC day, member and deck) over the period's days. The
trigger answers_add_to_boards keeps both in step with every answer (migration 0002).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from bot.store.periods import Period, period_end, period_start
from bot.store.records import Board, BoardLine
from bot.store.sqlite.connection import Database
from bot.store.sqlite.times import to_day

# Board order: points, right answers, who reached their score first, member id (pages never shuffle).
_ORDER = "ORDER BY points DESC, correct DESC, last_at, user_id"

_PERIOD_SUMS = (
    "SELECT user_id, SUM(points) AS points, SUM(correct) AS correct, SUM(answered) AS answered, "
    "MAX(last_at) AS last_at FROM board_days WHERE guild_id = ? AND day >= ? AND day < ? {deck}"
    "GROUP BY user_id"
)
_DECK_FILTER = "AND deck_id = ? "


def _period_sums(deck_id: str | None) -> str:
    return _PERIOD_SUMS.format(deck=_DECK_FILTER if deck_id is not None else "")


def _period_args(guild_id: int, days: tuple[int, int], deck_id: str | None) -> tuple[Any, ...]:
    return (guild_id, *days) if deck_id is None else (guild_id, *days, deck_id)


def _days(period: Period, now: datetime) -> tuple[int, int] | None:
    """The period as [first day, day after the last) in whole UTC days; None for all time."""
    start, end = period_start(period, now), period_end(period, now)
    if start is None or end is None:
        return None
    return to_day(start), to_day(end)


def _ranked(rows: Sequence[Sequence[Any]], offset: int, first_rank: int) -> tuple[BoardLine, ...]:
    """Competition ranks (1, 2, 2, 4) for rows already in board order; first_rank is the first row's."""
    lines: list[BoardLine] = []
    for position, (user_id, points, correct, answered) in enumerate(rows):
        if not lines:
            rank = first_rank
        elif points == lines[-1].points:
            rank = lines[-1].rank
        else:
            rank = offset + position + 1  # everyone before it in the order has more points
        lines.append(BoardLine(rank=rank, user_id=user_id, points=points, right=correct, answered=answered))
    return tuple(lines)


def _all_time_board(conn: sqlite3.Connection, guild_id: int, deck: str, offset: int, limit: int) -> Board:
    total = conn.execute(
        "SELECT COUNT(*) FROM board_totals WHERE guild_id = ? AND deck_id = ?", (guild_id, deck)
    ).fetchone()[0]
    rows = conn.execute(
        "SELECT user_id, points, correct, answered FROM board_totals WHERE guild_id = ? AND deck_id = ? "
        f"{_ORDER} LIMIT ? OFFSET ?",
        (guild_id, deck, limit, offset),
    ).fetchall()
    if not rows:
        return Board(lines=(), total=total)
    ahead = conn.execute(
        "SELECT COUNT(*) FROM board_totals WHERE guild_id = ? AND deck_id = ? AND points > ?",
        (guild_id, deck, rows[0][1]),
    ).fetchone()[0]
    return Board(lines=_ranked(rows, offset, ahead + 1), total=total)


def _period_board(
    conn: sqlite3.Connection,
    guild_id: int,
    *,
    days: tuple[int, int],
    deck_id: str | None,
    offset: int,
    limit: int,
) -> Board:
    args = _period_args(guild_id, days, deck_id)
    rows = conn.execute(
        f"WITH sums AS ({_period_sums(deck_id)}) "
        "SELECT user_id, points, correct, answered, RANK() OVER (ORDER BY points DESC), COUNT(*) OVER () "
        f"FROM sums {_ORDER} LIMIT ? OFFSET ?",
        (*args, limit, offset),
    ).fetchall()
    if not rows:
        total = conn.execute(f"SELECT COUNT(*) FROM ({_period_sums(deck_id)})", args).fetchone()[0]
        return Board(lines=(), total=total)
    lines = tuple(
        BoardLine(rank=rank, user_id=user_id, points=points, right=correct, answered=answered)
        for user_id, points, correct, answered, rank, _total in rows
    )
    return Board(lines=lines, total=rows[0][5])


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
        days = _days(period, now)
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
        days = _days(period, now)

        def all_time(conn: sqlite3.Connection) -> BoardLine | None:
            deck = deck_id or ""
            mine = conn.execute(
                "SELECT points, correct, answered FROM board_totals "
                "WHERE guild_id = ? AND deck_id = ? AND user_id = ?",
                (guild_id, deck, user_id),
            ).fetchone()
            if mine is None:
                return None
            ahead = conn.execute(
                "SELECT COUNT(*) FROM board_totals WHERE guild_id = ? AND deck_id = ? AND points > ?",
                (guild_id, deck, mine[0]),
            ).fetchone()[0]
            return BoardLine(rank=ahead + 1, user_id=user_id, points=mine[0], right=mine[1], answered=mine[2])

        def in_period(conn: sqlite3.Connection) -> BoardLine | None:
            assert days is not None
            args = _period_args(guild_id, days, deck_id)
            mine = conn.execute(
                "SELECT SUM(points), SUM(correct), SUM(answered) FROM board_days "
                "WHERE guild_id = ? AND day >= ? AND day < ? AND user_id = ? "
                + (_DECK_FILTER if deck_id is not None else ""),
                (guild_id, *days, user_id, *(() if deck_id is None else (deck_id,))),
            ).fetchone()
            if not mine[2]:
                return None
            ahead = conn.execute(
                f"SELECT COUNT(*) FROM ({_period_sums(deck_id)} HAVING SUM(points) > ?)", (*args, mine[0])
            ).fetchone()[0]
            return BoardLine(rank=ahead + 1, user_id=user_id, points=mine[0], right=mine[1], answered=mine[2])

        return await self._db.read(all_time if days is None else in_period)
