"""Rounds in a thread, end to end: thread:true opens a public thread named after the deck, plays there and
posts the summary in the parent channel too; without the permissions it says which in one sentence."""

from __future__ import annotations

import discord

from bot.discord.client import BvunzoBot
from tests.e2e.conftest import World
from tests.e2e.harness import wait_until
from tests.e2e.rounds import DECKS, click, is_revealed, open_question, right_letter, set_pause, start

DECK = DECKS["gradient-checkpointing"]
CREATE_THREAD = "POST /channels/{channel_id}/threads"


async def test_a_round_in_a_thread_plays_there_and_tells_the_parent_how_it_ended(
    world: World, bot: BvunzoBot
) -> None:
    fake = world.fake
    world.clock.freeze()
    await set_pause(world, 0)
    said = await start(world, world.general, world.moderator, questions=2, seconds=60, thread=True)
    thread = await wait_until(lambda: next(iter(world.study.threads), None), what="the round's thread")
    assert said == f"Starting a round of 2 questions from “Gradient Checkpointing” in <#{thread.id}>."
    assert (thread.name, thread.parent) == ("Gradient Checkpointing", world.general)
    [created] = fake.requests_to(CREATE_THREAD)
    assert created.path.endswith(f"/channels/{world.general.id}/threads")
    assert created.body is not None and created.body["type"] == 11 and not created.violations

    alice = world.members[0]
    q1 = await open_question(world, thread, 1)
    assert await click(world, q1, alice, right_letter(q1, DECK)) == f"Locked in: {right_letter(q1, DECK)}."
    await (await fake.slash(thread, world.moderator, "quiz skip")).response()
    await fake.wait_for_message(thread, is_revealed(1))
    q2 = await open_question(world, thread, 2)
    await click(world, q2, alice, right_letter(q2, DECK))
    in_thread = await fake.wait_for_message(thread, lambda m: "Round over" in m.text)
    in_parent = await fake.wait_for_message(world.general, lambda m: "Round over" in m.text)
    assert f"🥇 <@{alice.id}> — **200** points" in in_parent.text
    assert in_parent.text == in_thread.text and in_parent.flags == in_thread.flags
    assert in_parent.button(label="My result")
    # Nothing of the round itself went to the parent: only the summary.
    assert [m for m in fake.channel_messages(world.general) if "Question" in m.text] == []


async def test_without_thread_permissions_the_round_says_which_and_posts_nothing(
    world: World, bot: BvunzoBot
) -> None:
    fake = world.fake
    everyone = discord.Permissions(world.study.everyone.permissions)
    everyone.create_public_threads = False
    everyone.send_messages_in_threads = False
    world.study.everyone.permissions = everyone.value
    before = len(fake.channel_messages(world.general))
    said = await start(world, world.general, world.moderator, thread=True)
    assert said == (
        "I can't run the round in a thread here: give Bvunzo Create Public Threads and Send Messages in "
        "Threads, or start it without thread:true."
    )
    assert fake.requests_to(CREATE_THREAD) == [] and world.study.threads == []
    assert len(fake.channel_messages(world.general)) == before
    assert await bot.store.running_round(world.general.id) is None
