"""Store contract: a round's life (start, post, reveal, finish), one running round per channel, restarts."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from bot.store import NewRound, RoundAlreadyRunning, Store, StoreError
from tests.store_contract.builders import T0, answer, start
from tests.store_contract.conftest import Backend


async def test_a_new_round_is_running_before_its_first_question(store: Store) -> None:
    rnd = await start(store, guild=3, channel=30, deck="algebra", questions=("a", "b", "c"), mode="speed")

    assert (rnd.guild_id, rnd.channel_id, rnd.deck_id, rnd.question_ids) == (
        3,
        30,
        "algebra",
        ("a", "b", "c"),
    )
    assert (rnd.status, rnd.current, rnd.posted_at, rnd.message_id, rnd.revealed) == (
        "running",
        -1,
        None,
        None,
        False,
    )
    assert (rnd.mode, rnd.seconds, rnd.seed, rnd.started_by, rnd.started_at) == ("speed", 20, 1234, 99, T0)
    assert (rnd.ended_at, rnd.end_reason, rnd.intro_message_id) == (None, None, None)
    assert await store.get_round(rnd.id) == rnd
    assert await store.running_round(30) == rnd
    assert await store.get_round(rnd.id + 1) is None


async def test_a_round_keeps_the_options_it_was_started_with(store: Store) -> None:
    plain = await start(store, channel=31)
    assert (plain.podium, plain.standings, plain.streak_bonus) == (3, "end", False)
    rnd = await store.start_round(
        NewRound(
            guild_id=3,
            channel_id=32,
            deck_id="algebra",
            started_by=99,
            question_ids=("a", "b"),
            seconds=20,
            mode="standard",
            seed=1,
            started_at=T0,
            podium=5,
            standings="live",
            streak_bonus=True,
            reading_seconds=7,
            untimed=True,
            long_prompts=True,
            parent_channel_id=30,
        )
    )
    assert (rnd.podium, rnd.standings, rnd.streak_bonus) == (5, "live", True)
    assert (rnd.reading_seconds, rnd.untimed, rnd.long_prompts) == (7, True, True)
    assert (plain.reading_seconds, plain.untimed, plain.long_prompts) == (0, False, False)
    assert (rnd.parent_channel_id, plain.parent_channel_id) == (30, None)
    assert await store.get_round(rnd.id) == rnd
    assert await store.running_rounds() == [plain, rnd]


async def test_one_running_round_per_channel_but_other_channels_are_free(store: Store) -> None:
    first = await start(store, channel=10)

    with pytest.raises(RoundAlreadyRunning) as refused:
        await start(store, channel=10, deck="other")
    assert refused.value.round == first
    assert isinstance(refused.value, StoreError)
    assert "already running" in str(refused.value)

    elsewhere = await start(store, channel=11)
    assert elsewhere.id != first.id
    assert [r.id for r in await store.running_rounds()] == [first.id, elsewhere.id]

    await store.finish_round(first.id, "finished", T0 + timedelta(minutes=5))
    again = await start(store, channel=10)
    assert again.status == "running"


async def test_two_moderators_racing_start_one_round(backend: Backend) -> None:
    one, two = await backend.open(), await backend.open()  # two processes on one database
    outcomes = await asyncio.gather(
        *(start(s, channel=77) for s in (one, two, one, two)), return_exceptions=True
    )
    started = [o for o in outcomes if not isinstance(o, BaseException)]
    refused = [o for o in outcomes if isinstance(o, RoundAlreadyRunning)]
    assert len(started) == 1
    assert len(refused) == 3
    assert all(r.round.id == started[0].id for r in refused)


async def test_post_reveal_and_finish(store: Store) -> None:
    rnd = await start(store, channel=20)
    await store.set_intro_message(rnd.id, 500)
    await store.post_question(rnd.id, 0, 501, T0 + timedelta(seconds=3))

    posted = await store.get_round(rnd.id)
    assert posted is not None
    assert (posted.current, posted.message_id, posted.posted_at, posted.revealed) == (
        0,
        501,
        T0 + timedelta(seconds=3),
        False,
    )
    assert posted.intro_message_id == 500

    await store.reveal_question(rnd.id, 0, T0 + timedelta(seconds=23))
    revealed = await store.get_round(rnd.id)
    assert revealed is not None and revealed.revealed and revealed.current == 0

    await store.post_question(rnd.id, 1, 502, T0 + timedelta(seconds=30))
    moved_on = await store.get_round(rnd.id)
    assert moved_on is not None
    assert (moved_on.current, moved_on.message_id, moved_on.revealed) == (1, 502, False)

    # A late reveal of an earlier question does not mark the current one revealed.
    await store.reveal_question(rnd.id, 0, T0 + timedelta(seconds=31))
    assert (await store.get_round(rnd.id)).revealed is False  # type: ignore[union-attr]

    await store.finish_round(rnd.id, "stopped", T0 + timedelta(minutes=1), "stopped by a moderator")
    ended = await store.get_round(rnd.id)
    assert ended is not None
    assert (ended.status, ended.ended_at, ended.end_reason) == (
        "stopped",
        T0 + timedelta(minutes=1),
        "stopped by a moderator",
    )
    assert await store.running_round(20) is None
    assert await store.running_rounds() == []

    # The first ending stands.
    await store.finish_round(rnd.id, "interrupted", T0 + timedelta(minutes=2))
    assert (await store.get_round(rnd.id)).status == "stopped"  # type: ignore[union-attr]


async def test_questions_outside_the_round_are_refused(store: Store) -> None:
    rnd = await start(store, questions=("a", "b"))
    with pytest.raises(ValueError, match="no question 2"):
        await store.post_question(rnd.id, 2, 1, T0)
    with pytest.raises(ValueError, match="no round"):
        await store.post_question(rnd.id + 5, 0, 1, T0)
    with pytest.raises(ValueError, match="ends as one of"):
        await store.finish_round(rnd.id, "running", T0)
    with pytest.raises(ValueError, match="at least one question"):
        await store.start_round(NewRound(1, 5, "d", 1, (), 20, "standard", 1, T0))


async def test_running_rounds_survive_a_restart(backend: Backend) -> None:
    async with await backend.open() as before:
        rnd = await start(before, channel=40)
        await before.post_question(rnd.id, 4, 900, T0 + timedelta(minutes=2))
        await before.reveal_question(rnd.id, 4, T0 + timedelta(minutes=2, seconds=20))
        done = await start(before, channel=41)
        await before.finish_round(done.id, "finished", T0)

    async with await backend.open() as after:
        (resumed,) = await after.running_rounds()
    assert resumed.id == rnd.id
    assert (resumed.current, resumed.message_id, resumed.revealed) == (4, 900, True)
    assert resumed.posted_at == T0 + timedelta(minutes=2)


async def test_last_finished_round_of_a_channel(store: Store) -> None:
    assert await store.last_finished_round(1, 50) is None
    old = await start(store, channel=50)
    await store.finish_round(old.id, "finished", T0 + timedelta(minutes=10))
    stopped = await start(store, channel=50)
    await store.finish_round(stopped.id, "stopped", T0 + timedelta(minutes=20))
    elsewhere = await start(store, channel=51)
    await store.finish_round(elsewhere.id, "finished", T0 + timedelta(minutes=30))
    running = await start(store, channel=50)

    last = await store.last_finished_round(1, 50)
    assert last is not None and last.id == stopped.id
    assert running.id != last.id
    assert await store.last_finished_round(2, 50) is None  # the channel's server must match


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


async def test_presses_of_hint_are_kept_per_member_and_question_and_only_grow(store: Store) -> None:
    rnd = await start(store, channel=40, questions=("a", "b"))
    other = await start(store, channel=41)
    assert rnd.hints is True  # rounds offer hints unless the server turned them off
    await store.save_hints(rnd.id, 0, 7, 1)
    await store.save_hints(rnd.id, 0, 7, 2)
    await store.save_hints(rnd.id, 0, 8, 1)
    await store.save_hints(rnd.id, 1, 7, 3)
    await store.save_hints(rnd.id, 0, 7, 1)  # a late, lower count (two presses racing) changes nothing
    await store.save_hints(other.id, 0, 7, 1)
    assert await store.round_hints(rnd.id) == [(0, 7, 2), (0, 8, 1), (1, 7, 3)]
    assert await store.round_hints(other.id) == [(0, 7, 1)]
    off = await store.start_round(
        NewRound(
            guild_id=3,
            channel_id=42,
            deck_id="algebra",
            started_by=99,
            question_ids=("a",),
            seconds=20,
            mode="standard",
            seed=1,
            started_at=T0,
            hints=False,
        )
    )
    assert (await store.get_round(off.id)).hints is False  # type: ignore[union-attr]
