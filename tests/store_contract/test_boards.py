"""Store contract: leaderboards by period and deck, ranks with ties, pages; round answers only, per server."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.store import BoardLine, PracticeAnswer, RoundRecord, Store
from tests.store_contract.builders import T0, answer, start


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)  # type: ignore[arg-type,misc]


def summary(lines: tuple[BoardLine, ...]) -> list[tuple[int, int, int]]:
    return [(line.rank, line.user_id, line.points) for line in lines]


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
        await store.record_practice(PracticeAnswer(2, 1, "deck", f"q{n}", True, T0))

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
