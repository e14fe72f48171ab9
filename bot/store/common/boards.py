"""Server leaderboards and a member's rank, read from the running totals, never from answers."""

from __future__ import annotations

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
from bot.store.sql.engine import Engine, Row, Transaction, row, rows, value


def _all_time_board(guild_id: int, deck: str, offset: int, limit: int) -> Transaction[Board]:
    total = yield value(ALL_TIME_COUNT, guild=guild_id, deck=deck)
    page: list[Row] = yield rows(ALL_TIME_PAGE, guild=guild_id, deck=deck, limit=limit, offset=offset)
    if not page:
        return Board(lines=(), total=total)
    ahead = yield value(ALL_TIME_AHEAD, guild=guild_id, deck=deck, points=page[0][1])
    return Board(lines=ranked(page, offset, ahead + 1), total=total)


def _period_board(
    guild_id: int, days: tuple[int, int], deck_id: str | None, offset: int, limit: int
) -> Transaction[Board]:
    in_deck = deck_id is not None
    page: list[Row] = yield rows(
        PERIOD_PAGE[in_deck], **period_values(guild_id, days, deck_id, limit=limit, offset=offset)
    )
    if not page:
        total = yield value(PERIOD_COUNT[in_deck], **period_values(guild_id, days, deck_id))
        return Board(lines=(), total=total)
    return Board(lines=period_lines(page), total=page[0][5])


def _all_time_rank(guild_id: int, user_id: int, deck: str) -> Transaction[BoardLine | None]:
    mine = yield row(ALL_TIME_MEMBER, guild=guild_id, deck=deck, user=user_id)
    if mine is None:
        return None
    ahead = yield value(ALL_TIME_AHEAD, guild=guild_id, deck=deck, points=mine[0])
    return BoardLine(rank=ahead + 1, user_id=user_id, points=mine[0], right=mine[1], answered=mine[2])


def _period_rank(
    guild_id: int, user_id: int, days: tuple[int, int], deck_id: str | None
) -> Transaction[BoardLine | None]:
    in_deck = deck_id is not None
    mine = yield row(PERIOD_MEMBER[in_deck], **period_values(guild_id, days, deck_id, user=user_id))
    if mine is None or not mine[2]:
        return None
    ahead = yield value(PERIOD_AHEAD[in_deck], **period_values(guild_id, days, deck_id, points=mine[0]))
    return BoardLine(rank=ahead + 1, user_id=user_id, points=mine[0], right=mine[1], answered=mine[2])


class SharedBoards:
    _engine: Engine

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
            return await self._engine.read(lambda: _all_time_board(guild_id, deck_id or "", offset, limit))
        return await self._engine.read(lambda: _period_board(guild_id, days, deck_id, offset, limit))

    async def member_rank(
        self, guild_id: int, user_id: int, period: Period, now: datetime, *, deck_id: str | None = None
    ) -> BoardLine | None:
        """The member's line on the board; None when they have no answer in the period."""
        days = period_days(period, now)
        if days is None:
            return await self._engine.read(lambda: _all_time_rank(guild_id, user_id, deck_id or ""))
        return await self._engine.read(lambda: _period_rank(guild_id, user_id, days, deck_id))
