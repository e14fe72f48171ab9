"""Leaderboards as both engines read them: the running totals' statements, the period's days, the ranks.

All-time boards read board_totals (one row per server, deck and member; deck '' for every deck); period
boards sum board_days (one row per server, UTC day, member and deck) over the period's days. The
trigger answers_add_to_boards keeps both in step with every answer (migration 0002).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from bot.store.periods import Period, period_end, period_start
from bot.store.records import BoardLine
from bot.store.sql.statement import Statement, sql
from bot.store.sql.times import to_day

# Board order: points, right answers, who reached their score first, member id (pages never shuffle).
_ORDER = "ORDER BY points DESC, correct DESC, last_at, user_id"

ALL_TIME_COUNT = sql("SELECT COUNT(*) FROM board_totals WHERE guild_id = :guild AND deck_id = :deck")
ALL_TIME_PAGE = sql(
    "SELECT user_id, points, correct, answered FROM board_totals WHERE guild_id = :guild AND deck_id = :deck "
    f"{_ORDER} LIMIT :limit OFFSET :offset"
)
ALL_TIME_AHEAD = sql(
    "SELECT COUNT(*) FROM board_totals WHERE guild_id = :guild AND deck_id = :deck AND points > :points"
)
ALL_TIME_MEMBER = sql(
    "SELECT points, correct, answered FROM board_totals WHERE guild_id = :guild AND deck_id = :deck "
    "AND user_id = :user"
)

# Sums cast back to BIGINT: PostgreSQL sums bigints into numerics (SQLite's stay integers either way).
_PERIOD_SUMS = (
    "SELECT user_id, CAST(SUM(points) AS BIGINT) AS points, CAST(SUM(correct) AS BIGINT) AS correct, "
    "CAST(SUM(answered) AS BIGINT) AS answered, MAX(last_at) AS last_at FROM board_days "
    "WHERE guild_id = :guild AND day >= :first AND day < :after {deck}GROUP BY user_id"
)
_IN_DECK = "AND deck_id = :deck "


def _per_deck(make: Any) -> dict[bool, Statement]:
    """A period statement for every deck (False) and for one deck (True, with :deck)."""
    return {
        in_deck: sql(make(_PERIOD_SUMS.format(deck=_IN_DECK if in_deck else ""))) for in_deck in (False, True)
    }


PERIOD_PAGE = _per_deck(
    lambda sums: (
        f"WITH sums AS ({sums}) "
        "SELECT user_id, points, correct, answered, RANK() OVER (ORDER BY points DESC), COUNT(*) OVER () "
        f"FROM sums {_ORDER} LIMIT :limit OFFSET :offset"
    )
)
PERIOD_COUNT = _per_deck(lambda sums: f"SELECT COUNT(*) FROM ({sums}) AS sums")
PERIOD_AHEAD = _per_deck(lambda sums: f"SELECT COUNT(*) FROM ({sums} HAVING SUM(points) > :points) AS ahead")
PERIOD_MEMBER = {
    in_deck: sql(
        "SELECT CAST(SUM(points) AS BIGINT), CAST(SUM(correct) AS BIGINT), CAST(SUM(answered) AS BIGINT) "
        "FROM board_days WHERE guild_id = :guild AND day >= :first AND day < :after AND user_id = :user "
        + (_IN_DECK if in_deck else "")
    )
    for in_deck in (False, True)
}


def period_values(guild_id: int, days: tuple[int, int], deck_id: str | None, **more: Any) -> dict[str, Any]:
    """The values of a PERIOD_ statement for this server, these days and (when given) this deck."""
    values = {"guild": guild_id, "first": days[0], "after": days[1], **more}
    if deck_id is not None:
        values["deck"] = deck_id
    return values


def period_days(period: Period, now: datetime) -> tuple[int, int] | None:
    """The period as [first day, day after the last) in whole UTC days; None for all time."""
    start, end = period_start(period, now), period_end(period, now)
    if start is None or end is None:
        return None
    return to_day(start), to_day(end)


def ranked(rows: Sequence[Sequence[Any]], offset: int, first_rank: int) -> tuple[BoardLine, ...]:
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


def period_lines(rows: Sequence[Sequence[Any]]) -> tuple[BoardLine, ...]:
    """PERIOD_PAGE's rows, ranked by the database, as board lines."""
    return tuple(
        BoardLine(rank=rank, user_id=user_id, points=points, right=correct, answered=answered)
        for user_id, points, correct, answered, rank, _total in rows
    )
