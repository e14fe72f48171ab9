"""Achievements in the store (migration 0015): kept once per member, server and badge, on every backend."""

from __future__ import annotations

from datetime import timedelta

from bot.store import EarnedAchievement, PracticeAnswer, RoundProgress, Store
from tests.store_contract.builders import T0, answer, start
from tests.store_contract.conftest import Backend


def badge(
    user: int, key: str, *, guild: int = 1, minutes: int = 0, round_id: int | None = 3
) -> EarnedAchievement:
    return EarnedAchievement(guild, user, key, T0 + timedelta(minutes=minutes), round_id)


async def test_a_badge_is_kept_once_and_keeps_its_first_earning(backend: Backend) -> None:
    one, other = await backend.open(), await backend.open()  # two processes (shards) on one database
    assert await one.keep_achievements([badge(7, "first_round"), badge(7, "right_10")]) == [
        badge(7, "first_round"),
        badge(7, "right_10"),
    ]
    again = [badge(7, "first_round", minutes=5, round_id=4), badge(8, "first_round", minutes=5)]
    assert await other.keep_achievements(again) == [badge(8, "first_round", minutes=5)]
    assert await one.member_achievements(1, 7) == [badge(7, "first_round"), badge(7, "right_10")]
    kept = await one.member_achievements(1, 7)
    assert [(b.earned_at, b.round_id) for b in kept] == [(T0, 3), (T0, 3)]  # not the retry's time and round
    assert await one.member_achievements(2, 7) == []  # another server's badges are its own


async def test_a_members_badges_in_several_servers_are_read_at_once(store: Store) -> None:
    await store.keep_achievements(
        [
            badge(7, "right_10", guild=2, minutes=3),
            badge(7, "first_round", guild=1),
            badge(7, "first_round", guild=2, minutes=1),
            badge(8, "first_round", guild=2),  # another member's
            badge(7, "first_round", guild=3),  # a server not asked about
        ]
    )
    assert await store.achievements_in(7, [1, 2]) == [
        badge(7, "first_round", guild=1),
        badge(7, "first_round", guild=2, minutes=1),
        badge(7, "right_10", guild=2, minutes=3),
    ]
    assert await store.achievements_in(7, []) == []
    assert await store.achievements_in(9, [1, 2, 3]) == []


async def test_round_progress_counts_rounds_rights_and_a_comeback(store: Store) -> None:
    earlier = await start(store, at=T0)
    await store.record_answer(answer(earlier, 0, 7, right=False))
    await store.record_answer(answer(earlier, 1, 7))
    await store.record_answer(answer(earlier, 0, 8))
    later = await start(store, at=T0 + timedelta(days=1))
    at = T0 + timedelta(days=1)
    await store.record_answer(answer(later, 0, 7, at=at))  # q0 again, right this time: a comeback
    await store.record_answer(answer(later, 1, 8, right=False, at=at))
    elsewhere = await start(store, guild=2)
    await store.record_answer(answer(elsewhere, 0, 9))

    assert await store.round_progress(1, later.id) == {
        7: RoundProgress(7, rounds=2, right=2, comeback=True),
        8: RoundProgress(8, rounds=2, right=1, comeback=False),
    }


async def test_practice_is_counted_per_member_and_server_from_a_moment_on(store: Store) -> None:
    for minutes, user, guild in [(0, 7, 1), (10, 7, 1), (20, 7, 1), (20, 8, 1), (20, 7, 2), (30, 7, None)]:
        at = T0 + timedelta(minutes=minutes)
        await store.record_practice(PracticeAnswer(user, guild, "deck", f"q{minutes}", minutes != 10, at))

    assert await store.practice_count_since(1, 7, T0) == 3  # wrong answers are reviews too
    assert await store.practice_count_since(1, 7, T0 + timedelta(minutes=10)) == 2  # from that moment on
    assert await store.practice_count_since(1, 7, T0 + timedelta(minutes=21)) == 0
    assert await store.practice_count_since(2, 7, T0) == 1  # another server's practice is its own
    assert await store.practice_count_since(1, 9, T0) == 0
