"""Store contract: votes on a round's polls, each kept once, never on the boards."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from bot.store import PollVote, Store
from tests.store_contract.builders import T0, start


async def test_a_vote_is_kept_once_and_the_first_one_stands(store: Store) -> None:
    rnd = await start(store, guild=4)
    first = PollVote(4, rnd.id, 2, 77, 1, T0)
    again = PollVote(4, rnd.id, 2, 77, 0, T0 + timedelta(seconds=1))
    results = await asyncio.gather(store.record_vote(first), store.record_vote(again))
    assert sorted(results, key=lambda r: r is not None) in ([None, first], [None, again])
    kept = await store.round_votes(rnd.id)
    assert len(kept) == 1 and kept[0] in (first, again)
    assert await store.record_vote(PollVote(4, rnd.id, 2, 78, 0, T0)) is None
    assert await store.record_vote(PollVote(4, rnd.id, 3, 77, 2, T0)) is None
    assert [(v.question_index, v.user_id) for v in await store.round_votes(rnd.id)] == [
        (2, 77),
        (2, 78),
        (3, 77),
    ]
    assert await store.round_votes(rnd.id + 1) == []


async def test_votes_never_reach_the_board(store: Store) -> None:
    rnd = await start(store, guild=5)
    await store.record_vote(PollVote(5, rnd.id, 0, 88, 1, T0))
    board = await store.leaderboard(5, "all", T0)
    assert board.lines == () and board.total == 0


async def test_a_vote_for_an_unknown_round_is_refused(store: Store) -> None:
    with pytest.raises(ValueError, match="no round"):
        await store.record_vote(PollVote(1, 999_999, 0, 1, 0, T0))
