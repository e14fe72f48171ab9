"""Store contract: what /stats shows of a member: totals, rounds, best streak, decks, the weekly chart, practice."""

from __future__ import annotations

from datetime import UTC, date, datetime

from bot.store import PracticeAnswer, Store
from tests.store_contract.builders import T0, answer, start


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)  # type: ignore[arg-type,misc]


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
    await store.record_practice(PracticeAnswer(7, None, "algebra", "q1", False, now))
    await store.record_practice(PracticeAnswer(7, 2, "algebra", "q2", True, now))

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


async def test_the_groups_weeks_count_answers_right_ones_and_members_who_took_part(store: Store) -> None:
    now = utc(2024, 5, 15, 12)  # Wednesday; the chart's last week began Monday 13 May, its first 25 March
    old = await start(store, deck="algebra", at=utc(2024, 4, 1))
    new = await start(store, deck="biology", at=utc(2024, 5, 13))
    other_deck = await start(store, deck="chemistry", at=utc(2024, 5, 14))
    other_server = await start(store, guild=2, at=utc(2024, 5, 14))
    await store.record_answer(answer(old, 0, 7, right=True, at=utc(2024, 4, 1, 10)))
    await store.record_answer(answer(old, 1, 7, right=False, at=utc(2024, 4, 1, 10, 1)))
    await store.record_answer(answer(new, 0, 7, right=True, at=utc(2024, 5, 13, 9)))
    await store.record_answer(answer(new, 0, 8, right=False, at=utc(2024, 5, 13, 9)))
    await store.record_answer(answer(new, 1, 8, right=True, at=utc(2024, 5, 13, 9, 1)))
    # Member 7 again, in another deck the same week: three members' answers, two members.
    await store.record_answer(answer(other_deck, 0, 7, right=True, at=utc(2024, 5, 14, 9)))
    await store.record_answer(answer(other_server, 0, 9, right=True, at=utc(2024, 5, 14, 9)))
    await store.record_answer(answer(old, 2, 7, right=True, at=utc(2024, 3, 24, 23, 59)))  # a Sunday: too old

    weeks = await store.group_weeks(1, now)

    assert [w.week_start for w in weeks] == [
        date(2024, 3, 25), date(2024, 4, 1), date(2024, 4, 8), date(2024, 4, 15),
        date(2024, 4, 22), date(2024, 4, 29), date(2024, 5, 6), date(2024, 5, 13),
    ]  # fmt: skip
    assert [(w.members, w.answered, w.right) for w in weeks] == [
        (0, 0, 0), (1, 2, 1), (0, 0, 0), (0, 0, 0), (0, 0, 0), (0, 0, 0), (0, 0, 0), (2, 4, 3)
    ]  # fmt: skip
    assert [(w.members, w.answered) for w in await store.group_weeks(3, now)] == [(0, 0)] * 8
