"""Store: leaderboards by period and deck, ranks, member stats; round answers only, one server at a time."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, date, datetime, timedelta, timezone
from pathlib import Path

import pytest

from bot.store import BoardLine, RoundRecord, Store, period_end, period_start
from bot.store.sqlite import SqliteStore
from tests.test_store_support import T0, answer, start


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    opened = await SqliteStore.open(tmp_path / "bvunzo.db")
    yield opened
    await opened.close()


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)  # type: ignore[arg-type,misc]


def summary(lines: tuple[BoardLine, ...]) -> list[tuple[int, int, int]]:
    return [(line.rank, line.user_id, line.points) for line in lines]


# -- periods -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("period", "now", "start", "end"),
    [
        ("all", utc(2024, 5, 15, 12), None, None),
        ("today", utc(2024, 5, 15, 12), utc(2024, 5, 15), utc(2024, 5, 16)),
        ("week", utc(2024, 5, 15, 12), utc(2024, 5, 13), utc(2024, 5, 20)),  # Wednesday → Monday
        ("week", utc(2024, 5, 13, 0), utc(2024, 5, 13), utc(2024, 5, 20)),  # Monday 00:00 starts it
        ("week", utc(2024, 5, 19, 23, 59, 59), utc(2024, 5, 13), utc(2024, 5, 20)),  # Sunday ends it
        ("month", utc(2024, 2, 29, 23), utc(2024, 2, 1), utc(2024, 3, 1)),
        ("month", utc(2024, 12, 31, 23), utc(2024, 12, 1), utc(2025, 1, 1)),
    ],
)
def test_period_start_and_end_in_utc(
    period: str, now: datetime, start: datetime | None, end: datetime | None
) -> None:
    assert period_start(period, now) == start  # type: ignore[arg-type]
    assert period_end(period, now) == end  # type: ignore[arg-type]


def test_periods_follow_utc_not_the_callers_zone() -> None:
    # 01:30 on Monday in UTC+3 is still Sunday 22:30 UTC: last week, yesterday.
    now = datetime(2024, 5, 13, 1, 30, tzinfo=timezone(timedelta(hours=3)))
    assert period_start("week", now) == utc(2024, 5, 6)
    assert period_start("today", now) == utc(2024, 5, 12)


def test_a_naive_time_is_refused() -> None:
    with pytest.raises(ValueError, match="time zone"):
        period_start("week", datetime(2024, 5, 15))


async def test_sunday_last_second_is_last_week_and_monday_midnight_is_this_week(store: Store) -> None:
    rnd = await start(store)
    await store.record_answer(answer(rnd, 0, user=1, at=utc(2024, 5, 12, 23, 59, 59)))
    await store.record_answer(answer(rnd, 0, user=2, at=utc(2024, 5, 13, 0, 0, 0)))

    monday = utc(2024, 5, 13, 9)
    sunday = utc(2024, 5, 12, 23, 59, 59)
    assert [line.user_id for line in (await store.leaderboard(1, "week", monday)).lines] == [2]
    assert [line.user_id for line in (await store.leaderboard(1, "week", sunday)).lines] == [1]
    assert [line.user_id for line in (await store.leaderboard(1, "today", monday)).lines] == [2]
    assert await store.member_rank(1, 1, "week", monday) is None
    assert (await store.member_rank(1, 1, "week", sunday)) == BoardLine(1, 1, 100, 1, 1)
    assert (await store.leaderboard(1, "all", monday)).total == 2


async def test_month_and_today_boundaries(store: Store) -> None:
    rnd = await start(store)
    await store.record_answer(answer(rnd, 0, user=1, at=utc(2024, 4, 30, 23, 59, 59)))
    await store.record_answer(answer(rnd, 0, user=2, at=utc(2024, 5, 1, 0, 0, 0)))
    await store.record_answer(answer(rnd, 1, user=2, at=utc(2024, 5, 2, 8, 0, 0)))

    may_second = utc(2024, 5, 2, 20)
    month = await store.leaderboard(1, "month", may_second)
    assert [(line.user_id, line.points) for line in month.lines] == [(2, 200)]
    assert [
        (line.user_id, line.points) for line in (await store.leaderboard(1, "today", may_second)).lines
    ] == [(2, 100)]
    april = await store.leaderboard(1, "month", utc(2024, 4, 30, 23, 59, 59))
    assert [(line.user_id, line.points) for line in april.lines] == [(1, 100)]


# -- ranks and order -----------------------------------------------------------------------------------


async def give(store: Store, rnd: RoundRecord, points_by_user: dict[int, int], *, at: datetime = T0) -> None:
    """One answer per member to question 0: right with the given points, wrong when 0."""
    for offset, (user, points) in enumerate(points_by_user.items()):
        await store.record_answer(
            answer(rnd, 0, user, right=points > 0, points=points, at=at + timedelta(seconds=offset))
        )


async def test_ties_share_a_rank_and_the_next_rank_skips(store: Store) -> None:
    rnd = await start(store)
    await give(store, rnd, {1: 90, 2: 100, 3: 90, 4: 50, 5: 100})

    board = await store.leaderboard(1, "all", T0)

    # Equal points: who got there first leads (user 2 answered before user 5, 1 before 3).
    assert summary(board.lines) == [(1, 2, 100), (1, 5, 100), (3, 1, 90), (3, 3, 90), (5, 4, 50)]
    assert summary((await store.leaderboard(1, "week", T0)).lines) == summary(board.lines)


async def test_more_right_answers_break_a_points_tie_but_not_the_rank(store: Store) -> None:
    rnd = await start(store, mode="speed")
    await store.record_answer(answer(rnd, 0, 1, points=100, at=T0))
    await store.record_answer(answer(rnd, 0, 2, points=60, at=T0 + timedelta(seconds=1)))
    await store.record_answer(answer(rnd, 1, 2, points=40, at=T0 + timedelta(seconds=2)))

    for period in ("all", "week"):
        board = await store.leaderboard(1, period, T0)
        assert [(line.rank, line.user_id, line.right) for line in board.lines] == [(1, 2, 2), (1, 1, 1)]


async def test_members_with_zero_points_are_listed(store: Store) -> None:
    rnd = await start(store)
    await give(store, rnd, {1: 0, 2: 100, 3: 0})

    for period in ("all", "today", "week", "month"):
        board = await store.leaderboard(1, period, T0)
        assert board.total == 3
        assert summary(board.lines) == [(1, 2, 100), (2, 1, 0), (2, 3, 0)]
        assert await store.member_rank(1, 3, period, T0) == BoardLine(2, 3, 0, 0, 1)


async def test_pages_and_member_rank_beyond_the_first_page(store: Store) -> None:
    rnd = await start(store)
    # 25 members: user n scores 10 * n, except users 10 and 11 who tie on 105.
    scores = {n: 10 * n for n in range(1, 26)}
    scores[10] = scores[11] = 105
    await give(store, rnd, scores)

    for period in ("all", "week"):
        first = await store.leaderboard(1, period, T0)
        second = await store.leaderboard(1, period, T0, offset=10)
        third = await store.leaderboard(1, period, T0, offset=20)
        beyond = await store.leaderboard(1, period, T0, offset=40)
        assert (first.total, second.total, third.total, beyond.total) == (25, 25, 25, 25)
        assert [len(first.lines), len(second.lines), len(third.lines), len(beyond.lines)] == [10, 10, 5, 0]
        assert summary(first.lines)[0] == (1, 25, 250)
        ranks = [line.rank for line in first.lines + second.lines + third.lines]
        assert ranks == [*range(1, 15), 15, 15, *range(17, 26)]  # users 10 and 11 share 15th
        assert summary(second.lines)[4:7] == [(15, 10, 105), (15, 11, 105), (17, 9, 90)]

        mine = await store.member_rank(1, 3, period, T0)
        assert mine == BoardLine(rank=23, user_id=3, points=30, right=1, answered=1)
        tied = await store.member_rank(1, 11, period, T0)
        assert tied is not None and tied.rank == 15
        assert await store.member_rank(1, 999, period, T0) is None


async def test_practice_never_reaches_the_boards(store: Store) -> None:
    rnd = await start(store)
    await give(store, rnd, {1: 100})
    for n in range(5):
        await store.record_practice(2, 1, "deck", f"q{n}", True, T0)

    board = await store.leaderboard(1, "all", T0)
    assert summary(board.lines) == [(1, 1, 100)]
    assert await store.member_rank(1, 2, "all", T0) is None
    stats = await store.member_stats(1, 2, T0)
    assert (stats.points, stats.answered, stats.practice_answered, stats.practice_right) == (0, 0, 5, 5)


async def test_each_server_has_its_own_board(store: Store) -> None:
    here = await start(store, guild=1)
    there = await start(store, guild=2)
    await give(store, here, {1: 100, 2: 50})
    await give(store, there, {1: 0, 3: 100})

    assert summary((await store.leaderboard(1, "all", T0)).lines) == [(1, 1, 100), (2, 2, 50)]
    assert summary((await store.leaderboard(2, "week", T0)).lines) == [(1, 3, 100), (2, 1, 0)]
    assert await store.member_rank(2, 2, "all", T0) is None
    assert (await store.member_stats(2, 1, T0)).points == 0
    assert (await store.member_stats(1, 1, T0)).points == 100


async def test_a_deck_board_counts_only_that_deck(store: Store) -> None:
    algebra = await start(store, deck="algebra")
    biology = await start(store, deck="biology")
    await give(store, algebra, {1: 100, 2: 100})
    await give(store, biology, {2: 100, 3: 100})
    await store.record_answer(answer(biology, 1, 2, at=T0 + timedelta(minutes=5)))

    for period in ("all", "week"):
        bio = await store.leaderboard(1, period, T0 + timedelta(hours=1), deck_id="biology")
        assert summary(bio.lines) == [(1, 2, 200), (2, 3, 100)]
        whole = await store.leaderboard(1, period, T0 + timedelta(hours=1))
        assert summary(whole.lines) == [(1, 2, 300), (2, 1, 100), (2, 3, 100)]
        rank = await store.member_rank(1, 1, period, T0, deck_id="biology")
        assert rank is None
        rank = await store.member_rank(1, 3, period, T0, deck_id="biology")
        assert rank == BoardLine(2, 3, 100, 1, 1)


async def test_an_empty_board(store: Store) -> None:
    for period in ("all", "month", "week", "today"):
        board = await store.leaderboard(5, period, T0)
        assert (board.lines, board.total) == ((), 0)


# -- member stats --------------------------------------------------------------------------------------


async def test_member_stats_add_up_the_members_round_answers(store: Store) -> None:
    now = utc(2024, 5, 15, 12)  # Wednesday; this week began Monday 13 May
    first = await start(store, deck="algebra", at=utc(2024, 4, 1))
    second = await start(store, deck="biology", at=utc(2024, 5, 14))
    other_server = await start(store, guild=2)
    plays = [
        (first, 0, True, utc(2024, 4, 1, 10)),  # the second week of the chart
        (first, 1, True, utc(2024, 4, 1, 10, 1)),
        (first, 2, False, utc(2024, 4, 1, 10, 2)),
        (second, 0, True, utc(2024, 5, 14, 9)),
        (second, 1, True, utc(2024, 5, 14, 9, 1)),
        (second, 2, True, utc(2024, 5, 14, 9, 2)),
        (second, 3, False, utc(2024, 5, 14, 9, 3)),
    ]
    for rnd, index, right, at in plays:
        await store.record_answer(answer(rnd, index, 7, right=right, at=at))
    await store.record_answer(answer(other_server, 0, 7, at=utc(2024, 5, 14, 9)))
    await store.record_practice(7, None, "algebra", "q1", False, now)
    await store.record_practice(7, 2, "algebra", "q2", True, now)

    stats = await store.member_stats(1, 7, now)

    assert (stats.points, stats.answered, stats.right, stats.rounds) == (500, 7, 5, 2)
    assert stats.points == (await store.member_rank(1, 7, "all", now)).points  # type: ignore[union-attr]
    assert stats.best_streak == 3  # q0, q1 of the first round were 2; q0-q2 of the second 3
    assert stats.week_points == 300
    assert [(d.deck_id, d.points, d.right, d.answered) for d in stats.decks] == [
        ("biology", 300, 3, 4),
        ("algebra", 200, 2, 3),
    ]
    assert len(stats.weeks) == 8
    assert stats.weeks[-1].week_start == date(2024, 5, 13)
    assert stats.weeks[0].week_start == date(2024, 3, 25)
    assert all(w.week_start.weekday() == 0 for w in stats.weeks)
    assert [(w.points, w.answered) for w in stats.weeks] == [
        (0, 0), (200, 3), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (300, 4)
    ]  # fmt: skip
    assert (stats.practice_answered, stats.practice_right) == (2, 1)


async def test_member_stats_of_a_newcomer_are_zeros(store: Store) -> None:
    stats = await store.member_stats(1, 404, T0)
    assert (stats.points, stats.answered, stats.rounds, stats.best_streak, stats.week_points) == (
        0,
        0,
        0,
        0,
        0,
    )
    assert stats.decks == ()
    assert [w.points for w in stats.weeks] == [0] * 8
