"""The bot on one of two shards (BVUNZO_SHARDS), in this process: what it syncs, and which rounds it resumes.

Study A is on shard 0 of 2 and Study B on shard 1; each bot here runs one of them, one after the other,
on one SQLite file. tests/e2e/test_shards_processes.py runs both at once, as processes, on PostgreSQL.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.discord.health import Check, gateway_check, heartbeat_check
from bot.host.shards import parse_shards
from tests.e2e.conftest import World, build_world
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.rounds import click, open_question, round_id_of, start

GLOBAL_SYNC = "PUT /applications/{application_id}/commands"
GUILD_SYNC = "PUT /applications/{application_id}/guilds/{guild_id}/commands"


@pytest.fixture
def world(fake_discord: FakeDiscord, tmp_path: Path) -> World:
    return build_world(fake_discord, tmp_path, shard_count=2)


async def test_each_shard_holds_its_server_and_only_shard_0_syncs_global_commands(world: World) -> None:
    fake = world.fake
    second = world.bot(shards=parse_shards("1/2"), sync_guild=world.other.id)
    async with world.running(second) as bot:
        assert [g.id for g in bot.guilds] == [world.other.id]
        assert bot.holds_guild(world.other.id) and not bot.holds_guild(world.study.id)
    assert fake.requests_to(GLOBAL_SYNC) == []
    # The development server is on shard 1: its process copies the commands there.
    assert [r.path for r in fake.requests_to(GUILD_SYNC)] == [
        f"/applications/{fake.application_id}/guilds/{world.other.id}/commands"
    ]
    first = world.bot(shards=parse_shards("0/2"), sync_guild=world.other.id)
    async with world.running(first) as bot:
        assert [g.id for g in bot.guilds] == [world.study.id]
    assert len(fake.requests_to(GLOBAL_SYNC)) == 1
    assert len(fake.requests_to(GUILD_SYNC)) == 1  # not again: shard 0 does not hold that server
    assert "quiz" in {c["name"] for c in fake.commands()}


async def test_a_restart_resumes_only_the_rounds_of_its_own_shard(world: World) -> None:
    fake = world.fake
    async with world.running(world.bot(shards=parse_shards("0/2"))):
        pass  # shard 0's process syncs the commands
    # Study B's round is started first, so the store lists it first: a bot that wrongly took it up would
    # have closed it before it reposts Study A's question.
    async with world.running(world.bot(shards=parse_shards("1/2"))):
        await start(world, world.lounge, world.outsider, questions=2, seconds=60)
        lounge_q1 = await open_question(world, world.lounge, 1)
        assert await click(world, lounge_q1, world.outsider, "A") == "Locked in: A."
    async with world.running(world.bot(shards=parse_shards("0/2"))):
        await start(world, world.general, world.moderator, questions=2, seconds=60)
        await open_question(world, world.general, 1)
    lounge_before = len(fake.channel_messages(world.lounge))

    async with world.running(world.bot(shards=parse_shards("0/2"))) as bot:
        await fake.wait_for_message(world.general, lambda m: "resuming this round at question 1" in m.text)
        lounge_round = await bot.store.get_round(round_id_of(lounge_q1))
        assert lounge_round is not None and lounge_round.status == "running"
        assert bot.round_service.running_ids() == {
            r.id for r in await bot.store.running_rounds() if r.guild_id == world.study.id
        }
        await (await fake.slash(world.general, world.moderator, "quiz stop")).response()
        await fake.wait_for_message(world.general, lambda m: "Round over" in m.text)
    assert len(fake.channel_messages(world.lounge)) == lounge_before

    async with world.running(world.bot(shards=parse_shards("1/2"))):
        await fake.wait_for_message(world.lounge, lambda m: "resuming this round at question 1" in m.text)
        again = await fake.wait_for_message(
            world.lounge, lambda m: m.id != lounge_q1.id and "Question 1 of 2" in m.text
        )
        said = await click(world, again, world.outsider, "B")
        assert said.startswith("You already chose"), said
        await (await fake.slash(world.lounge, world.outsider, "quiz stop")).response()
        summary = await fake.wait_for_message(world.lounge, lambda m: "Round over" in m.text)
        assert f"<@{world.outsider.id}>" in summary.text


async def test_unset_the_bot_runs_every_shard_discord_recommends(world: World) -> None:
    fake = world.fake  # it recommends 2 shards (GET /gateway/bot)
    async with world.running() as bot:
        assert bot.shard_count == 2
        assert sorted(fake.gateway.ready_shards()) == [(0, 2), (1, 2)]
        assert {g.id: g.shard_id for g in bot.guilds} == {world.study.id: 0, world.other.id: 1}
        # /healthz looks at every shard's connection (AutoShardedBot leaves Client.ws unset).
        assert gateway_check(bot) == Check(True, "connected")
        assert heartbeat_check(bot).ok
        # One process, both shards: a round in each server at once.
        await start(world, world.general, world.moderator, questions=1, seconds=60)
        await start(world, world.lounge, world.outsider, questions=1, seconds=60)
        general_q1 = await open_question(world, world.general, 1)
        lounge_q1 = await open_question(world, world.lounge, 1)
        assert await click(world, general_q1, world.members[0], "A") == "Locked in: A."
        assert await click(world, lounge_q1, world.outsider, "B") == "Locked in: B."
        for channel, starter in ((world.general, world.moderator), (world.lounge, world.outsider)):
            await (await fake.slash(channel, starter, "quiz stop")).response()
            await fake.wait_for_message(channel, lambda m: "Round over" in m.text)
    assert len(fake.requests_to("PUT /applications/{application_id}/commands")) == 1
