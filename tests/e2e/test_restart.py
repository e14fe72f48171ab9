"""Restarts in the middle of a round: kill -9 during a burst of clicks loses no acknowledged answer."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from bot.store import open_store
from tests.e2e.conftest import ON_BOTH_DATABASES, World
from tests.e2e.fake_discord import FakeMessage
from tests.e2e.harness import wait_until
from tests.e2e.processes import READY, BotProcess
from tests.e2e.rounds import (
    DECKS,
    click,
    is_revealed,
    open_question,
    question_of,
    round_id_of,
    set_pause,
    start,
)

DECK = DECKS["gradient-checkpointing"]


async def spawn(world: World) -> BotProcess:
    """`python -m bot` on the world, once it says it is ready (connected, its servers received)."""
    bot = await BotProcess.start(world)
    await bot.logged(READY)
    return bot


@ON_BOTH_DATABASES
async def test_kill_9_during_clicks_then_resume(world: World) -> None:
    fake = world.fake
    # 120 clicks keep the kill mid-burst without starving a loaded 2-core machine past Discord's 3 s.
    crowd = [world.study.add_member(f"student{i}") for i in range(120)]
    process = await spawn(world)
    try:
        await start(world, world.general, world.moderator, questions=3, seconds=60)
        q1 = await open_question(world, world.general, 1)
        rid = round_id_of(q1)
        # A burst of clicks; the process is killed while they are being handled.
        burst = await asyncio.gather(
            *(
                fake.click(q1, member, label="ABCD"[i % 4])
                for i, member in enumerate([*world.members, *crowd])
            )
        )
        await wait_until(
            lambda: sum(1 for b in burst if b.first_response) >= 20,
            timeout=10,
            what="the first acknowledgements",
        )
        await process.kill()
    finally:
        await process.kill()  # a no-op once it is dead
    acknowledged = {
        i.member.id for i in burst if i.first_response and i.first_response.content.startswith("Locked in")
    }
    for interaction in burst:  # clicks the dead process never answered are expected to fail
        interaction.reported_unanswered = True

    async with await open_store(world.db) as store:
        stored = {a.user_id for a in await store.round_answers(rid)}
    assert acknowledged <= stored, "an acknowledged answer was lost"
    # Usually the kill lands mid-burst (some clicks never stored); either way none acknowledged is lost.
    assert len(acknowledged) >= 20

    async with world.running() as bot:
        resumed = await fake.wait_for_message(
            world.general, lambda m: "resuming this round at question 1" in m.text
        )
        assert resumed
        again = await fake.wait_for_message(world.general, lambda m: is_reposted(m, q1.id))
        for member in world.members[:12]:
            said = await click(world, again, member, "A")
            if member.id in stored:
                assert said.startswith("You already chose"), said
            else:
                assert said == "Locked in: A."
        # Buttons of the message posted before the kill answer too, and change nothing.
        old = await (await fake.click(q1, world.members[0], label="B")).response()
        assert old.content.startswith("You already chose")
        await (await fake.slash(world.general, world.moderator, "quiz stop")).response()
        await fake.wait_for_message(world.general, lambda m: "Round over" in m.text)
        answered = {a.user_id for a in await bot.store.round_answers(rid)}
        assert answered == stored | {m.id for m in world.members}


def is_reposted(message: object, old_id: int) -> bool:
    return (
        getattr(message, "id", 0) != old_id
        and "Question 1 of 3" in getattr(message, "text", "")
        and any(
            not b.get("disabled")
            for b in message.buttons()  # type: ignore[attr-defined]
        )
    )


async def test_round_that_cannot_resume_is_closed(world: World, tmp_path: Path) -> None:
    fake = world.fake
    async with world.running() as bot:
        await start(world, world.general, world.moderator, questions=2, seconds=60)
        q1 = await open_question(world, world.general, 1)
        await click(world, q1, world.members[0], "A")
        rid = round_id_of(q1)
        # A clean shutdown leaves the round running in the store, to be resumed.
    empty = tmp_path / "no-decks"
    empty.mkdir()
    world.questions = empty
    async with world.running() as bot:
        note = await fake.wait_for_message(world.general, lambda m: "could not resume" in m.text)
        assert "its deck is no longer loaded" in note.text
        record = await bot.store.get_round(rid)
        assert record is not None and record.status == "interrupted"
        stale = await (await fake.click(q1, world.members[1], label="B")).response()
        assert stale.content == "This round has ended."
        board = await (await fake.slash(world.general, world.members[0], "leaderboard")).response()
        assert f"<@{world.members[0].id}>" in board.text


def lettered(message: FakeMessage) -> list[tuple[str, str]]:
    """The question's choices as shown: (letter, text) in order."""
    return re.findall(r"\*\*([A-E])\*\*\s+(.+)", message.text)


@ON_BOTH_DATABASES
async def test_clean_shutdown_resumes_at_the_same_question(world: World) -> None:
    fake = world.fake
    async with world.running():
        await set_pause(world, 0)  # question 2 at once after the skip (no pause is under test here)
        await start(world, world.general, world.moderator, questions=2, seconds=60)
        q1 = await open_question(world, world.general, 1)
        await click(world, q1, world.members[0], "A")
        await (await fake.slash(world.general, world.moderator, "quiz skip")).response()
        await fake.wait_for_message(world.general, is_revealed(1))
        q2 = await open_question(world, world.general, 2)
        second = question_of(q2, DECK)
        second_lines = lettered(q2)
    async with world.running():
        await fake.wait_for_message(world.general, lambda m: "resuming this round at question 2" in m.text)
        again = await wait_until(
            lambda: next(
                (
                    m
                    for m in fake.channel_messages(world.general)
                    if m.id != q2.id
                    and "Question 2 of 2" in m.text
                    and any(not b.get("disabled") for b in m.buttons())
                ),
                None,
            ),
            timeout=5,
            what="question 2 re-posted",
        )
        # The same question 2, its choices under the same letters (not a new pick from the deck's other 7).
        assert question_of(again, DECK).id == second.id
        assert lettered(again) == second_lines
        await (await fake.slash(world.general, world.moderator, "quiz stop")).response()
        await fake.wait_for_message(world.general, lambda m: "Round over" in m.text)


async def test_sigterm_mid_round_saves_and_exits_0(world: World) -> None:
    fake = world.fake
    process = await spawn(world)
    try:
        await start(world, world.general, world.moderator, questions=3, seconds=60)
        q1 = await open_question(world, world.general, 1)
        assert (await click(world, q1, world.members[0], "C")) == "Locked in: C."
        assert await process.stop() == 0
    finally:
        await process.kill()  # a no-op once it has exited
    async with await open_store(world.db) as store:
        record = await store.get_round(round_id_of(q1))
        assert record is not None and record.status == "running" and record.current == 0
        assert [a.user_id for a in await store.round_answers(record.id)] == [world.members[0].id]
    async with world.running():
        await fake.wait_for_message(world.general, lambda m: "resuming this round at question 1" in m.text)
        await (await fake.slash(world.general, world.moderator, "quiz stop")).response()
        summary = await fake.wait_for_message(world.general, lambda m: "Round over" in m.text)
        assert f"<@{world.members[0].id}>" in summary.text


async def test_buttons_of_a_round_the_store_never_knew(world: World, tmp_path: Path) -> None:
    fake = world.fake
    async with world.running():
        await start(world, world.general, world.moderator, questions=1, seconds=30)
        q1 = await open_question(world, world.general, 1)
    world.db = tmp_path / "another.db"  # the host started over with a new database
    async with world.running():
        said = await (await fake.click(q1, world.members[0], label="A")).response()
        assert said.ephemeral and said.content == "This round has ended."
