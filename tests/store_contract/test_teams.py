"""Store contract: who plays for which team in a round, in the order they first joined, and who joined it."""

from __future__ import annotations

from bot.store import GuildSettings, NewRound, PollVote, Store
from tests.store_contract.builders import T0, answer, start


async def test_teams_are_kept_per_round_and_a_switch_keeps_the_join_order(store: Store) -> None:
    rnd = await start(store, guild=6)
    other = await start(store, guild=6)
    assert await store.round_teams(rnd.id) == {}
    await store.save_teams(rnd.id, {30: 1, 10: 0})
    await store.save_teams(rnd.id, {20: 1})
    await store.save_teams(rnd.id, {30: 0})  # switches, keeping its place in the join order
    await store.save_teams(other.id, {30: 1})
    assert list((await store.round_teams(rnd.id)).items()) == [(30, 0), (10, 0), (20, 1)]
    assert await store.round_teams(other.id) == {30: 1}


async def test_a_round_and_a_server_keep_their_number_of_teams(store: Store) -> None:
    await store.save_guild_settings(GuildSettings(6, teams=3))
    assert (await store.guild_settings(6)).teams == 3
    assert (await start(store, guild=6)).teams == 0
    rnd = await store.start_round(
        NewRound(
            guild_id=6,
            channel_id=6_000,
            deck_id="d",
            started_by=1,
            question_ids=("a",),
            seconds=20,
            mode="standard",
            seed=1,
            started_at=T0,
            teams=4,
        )
    )
    assert rnd.teams == 4 and (await store.get_round(rnd.id)) == rnd


async def test_who_joined_a_round_is_whoever_answered_voted_pressed_hint_or_took_a_team(store: Store) -> None:
    rnd = await start(store, guild=6)
    other = await start(store, guild=6)
    assert await store.round_members(rnd.id) == []
    await store.record_answer(answer(rnd, 0, user=40))
    await store.record_answer(answer(rnd, 1, user=40))
    await store.record_vote(PollVote(6, rnd.id, 2, 2**62, 1, T0))  # a snowflake's size
    await store.save_hints(rnd.id, 3, 20, 1)
    await store.save_teams(rnd.id, {30: 0, 40: 1})
    await store.record_answer(answer(other, 0, user=50))
    assert await store.round_members(rnd.id) == [20, 30, 40, 2**62]
    assert await store.round_members(other.id) == [50]
