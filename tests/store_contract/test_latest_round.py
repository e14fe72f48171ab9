"""Store contract: the round of a member's latest answer, in one server or anywhere."""

from __future__ import annotations

from datetime import timedelta

from bot.store import Store
from tests.test_store_support import T0, answer, start


async def test_the_latest_round_played_is_the_round_of_the_latest_answer(store: Store) -> None:
    early = await start(store, guild=1, at=T0)
    later = await start(store, guild=1, at=T0)  # started at the same time, answered later
    elsewhere = await start(store, guild=2, at=T0)
    await store.record_answer(answer(later, 0, user=5, at=T0 + timedelta(minutes=1)))
    await store.record_answer(answer(early, 0, user=5, at=T0 + timedelta(minutes=2)))  # the latest here
    await store.record_answer(answer(elsewhere, 0, user=5, at=T0 + timedelta(minutes=3)))
    await store.record_answer(answer(later, 1, user=6, at=T0 + timedelta(minutes=9)))  # someone else

    in_guild_one = await store.latest_round_played(5, 1)
    anywhere = await store.latest_round_played(5, None)

    assert in_guild_one is not None and in_guild_one.id == early.id
    assert anywhere is not None and anywhere.id == elsewhere.id
    assert await store.latest_round_played(5, 3) is None
    assert await store.latest_round_played(7, None) is None
