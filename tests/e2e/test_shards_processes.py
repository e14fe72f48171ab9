"""Two bot processes, shards 0/2 and 1/2, against the fake Discord and one PostgreSQL database.

Each runs `python -m bot` with its own BVUNZO_SHARDS, as a host (or docker-compose.yml) runs them. Study A
is on shard 0 and Study B on shard 1: rounds run in both at once, a kill -9 of shard 1's process during a
burst of clicks loses no acknowledged answer and leaves shard 0's round running, and the restarted
process resumes its own round and only that. Skipped, with the reason, where PostgreSQL is not installed.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.store import open_store
from tests.e2e.conftest import World, build_world
from tests.e2e.fake_discord import FakeDiscord, FakeMessage, Member
from tests.e2e.harness import HANG_GUARD, wait_until
from tests.e2e.processes import BotProcess
from tests.e2e.rounds import (
    DECKS,
    click,
    is_revealed,
    open_question,
    right_letter,
    round_id_of,
    set_pause,
    start,
    stats_of,
    wrong_letter,
)
from tests.e2e.test_boards import board_lines

DECK = DECKS["gradient-checkpointing"]


async def spawn(world: World, shards: str) -> BotProcess:
    """A bot process on those shards, once it says it is ready (connected, its servers received)."""
    bot = await BotProcess.start(world, shards, BVUNZO_SHARDS=shards)
    shard_id, count = shards.split("/")
    await bot.logged(rf"ready: shards {shard_id} of {count}, 1 servers")
    return bot


@pytest.fixture
def world(fake_discord: FakeDiscord, tmp_path: Path, postgres_url: str) -> World:
    made = build_world(fake_discord, tmp_path, shard_count=2)
    made.db = postgres_url  # type: ignore[assignment]  (the settings take a path or a URL)
    return made


async def both(world: World, number: int) -> tuple[FakeMessage, FakeMessage]:
    """Question `number` open in Study A's #general and Study B's #lounge."""
    return await asyncio.gather(
        open_question(world, world.general, number, timeout=HANG_GUARD),
        open_question(world, world.lounge, number, timeout=HANG_GUARD),
    )


async def test_two_shard_processes_share_one_postgresql(world: World) -> None:
    fake = world.fake
    crowd = [world.other.add_member(f"student{i}") for i in range(150)]
    a, b, c = world.members[:3]
    olivia = world.outsider
    first = await spawn(world, "0/2")  # shard 0's process syncs the commands before it connects
    second = await spawn(world, "1/2")
    try:
        # No pause between questions in either server (none is under test here).
        await asyncio.gather(set_pause(world, 0), set_pause(world, 0, world.lounge, olivia))
        # Rounds in both servers at once, each run by the process whose shard holds its server.
        await asyncio.gather(
            start(world, world.general, world.moderator, questions=2, seconds=60),
            start(world, world.lounge, olivia, questions=2, seconds=60),
        )
        g1, l1 = await both(world, 1)
        said = await asyncio.gather(
            click(world, g1, a, right_letter(g1, DECK)),
            click(world, g1, b, right_letter(g1, DECK)),
            click(world, g1, c, wrong_letter(g1, DECK)),
            click(world, l1, olivia, right_letter(l1, DECK)),
            click(world, l1, crowd[0], right_letter(l1, DECK)),  # and not question 2: no early reveal
        )
        assert all(s.startswith("Locked in: ") for s in said), said
        await asyncio.gather(
            (await fake.slash(world.general, world.moderator, "quiz skip")).response(),
            (await fake.slash(world.lounge, olivia, "quiz skip")).response(),
        )
        await asyncio.gather(
            fake.wait_for_message(world.general, is_revealed(1)),
            fake.wait_for_message(world.lounge, is_revealed(1)),
        )
        g2, l2 = await both(world, 2)
        lounge_round, general_round = round_id_of(l2), round_id_of(g2)
        assert (
            await click(world, l2, olivia, right_letter(l2, DECK)) == f"Locked in: {right_letter(l2, DECK)}."
        )

        # A burst of clicks in Study B; shard 1's process is killed while it handles them.
        burst = await asyncio.gather(
            *(fake.click(l2, member, label=right_letter(l2, DECK)) for member in crowd[1:])
        )
        await wait_until(
            lambda: sum(1 for i in burst if i.first_response) >= 20,
            timeout=HANG_GUARD,
            what="the first acknowledgements in Study B",
        )
        await second.kill()
        for interaction in burst:  # clicks the dead process never answered are expected to fail
            interaction.reported_unanswered = True
        acknowledged = {
            i.member.id
            for i in burst
            if i.first_response and i.first_response.content.startswith("Locked in")
        }
        async with await open_store(str(world.db)) as store:
            stored = {x.user_id for x in await store.round_answers(lounge_round, 1)} - {olivia.id}
        assert acknowledged <= stored, "an acknowledged answer was lost"
        assert len(acknowledged) >= 20

        # Study A's round did not notice: its question still takes answers.
        assert await click(world, g2, a, right_letter(g2, DECK)) == f"Locked in: {right_letter(g2, DECK)}."

        # Shard 1's process comes back while Study A's round still runs, and resumes only its own.
        second = await spawn(world, "1/2")
        await fake.wait_for_message(world.lounge, lambda m: "resuming this round at question 2" in m.text)
        again = await fake.wait_for_message(
            world.lounge,
            lambda m: (
                m.id != l2.id
                and "Question 2 of 2" in m.text
                and any(not x.get("disabled") for x in m.buttons())
            ),
        )
        async with await open_store(str(world.db)) as store:
            still = await store.get_round(general_round)
        assert still is not None and still.status == "running" and still.current == 1
        assert not any("could not resume" in m.text for m in fake.channel_messages(world.general))
        repeat = next(iter(acknowledged))
        member: Member = world.other.members[repeat]
        said_again = await click(world, again, member, "A")
        assert said_again.startswith("You already chose"), said_again

        await (await fake.slash(world.general, world.moderator, "quiz skip")).response()
        general_over = await fake.wait_for_message(
            world.general, lambda m: "Round over" in m.text, timeout=HANG_GUARD
        )
        await (await fake.slash(world.lounge, olivia, "quiz stop")).response()
        await fake.wait_for_message(world.lounge, lambda m: "Round over" in m.text, timeout=HANG_GUARD)
        assert f"<@{a.id}>" in general_over.text

        # Each server's board and stats, as their own process reads them from the shared database.
        general_board = await (await fake.slash(world.general, c, "leaderboard")).response()
        assert board_lines(general_board.text.split("Your place")[0]) == [
            (1, a.id, 200),
            (2, b.id, 100),
            (3, c.id, 0),
        ]
        lounge_board = await (await fake.slash(world.lounge, olivia, "leaderboard")).response()
        lines = board_lines(lounge_board.text.split("Your place")[0])
        assert lines[0] == (1, olivia.id, 200)
        assert [(rank, points) for rank, _, points in lines[1:]] == [(2, 100)] * 9
        assert f"{2 + len(stored)} members" in lounge_board.text
        assert not {user for _, user, _ in lines} & {a.id, b.id, c.id}
        stats = await stats_of(world, olivia, channel=world.lounge)
        fields = {f["name"]: f["value"] for f in stats.embeds[0]["fields"]}
        assert fields["Points"] == "200" and fields["Answers"] == "2/2 right (100%)"
        stats = await stats_of(world, b, member=a)
        fields = {f["name"]: f["value"] for f in stats.embeds[0]["fields"]}
        assert fields["Points"] == "200" and fields["Rounds"] == "1"
        assert await first.stop() == 0 and await second.stop() == 0, "\n".join(first.lines + second.lines)
    finally:
        for process in (first, second):
            if process.process.returncode is None:
                await process.kill()
