"""A button whose desk nobody serves (its cog unloaded) is refused in one sentence, and works once it is back."""

from __future__ import annotations

from bot.discord.client import BvunzoBot
from tests.e2e.conftest import World
from tests.e2e.rounds import DECKS, right_letter
from tests.e2e.test_calendar_schedules import say, utc

DECK = DECKS["gradient-checkpointing"]
EPHEMERAL_REPLY, UPDATE = 4, 7


async def test_a_click_while_practice_reloads_is_told_and_the_next_goes_on(
    world: World, bot: BvunzoBot
) -> None:
    alice = world.members[0]
    asked = await (
        await world.fake.slash(
            world.general, alice, "practice", deck="gradient-checkpointing", count=2, mode="new"
        )
    ).response()
    assert asked.message is not None
    message = asked.message
    await (await world.fake.click(message, alice, label=right_letter(message, DECK))).response()
    shown = message.text
    await bot.unload_extension("cogs.practice")
    said = await (await world.fake.click(message, alice, label="Next")).response()
    assert said.type == EPHEMERAL_REPLY and said.ephemeral
    assert said.content == (
        "Bvunzo's practice part is not available right now (it may be restarting); try again in a minute."
    )
    assert message.text == shown  # nothing moved on
    await bot.load_extension("cogs.practice")
    moved = await (await world.fake.click(message, alice, label="Next")).response()
    assert moved.type == UPDATE
    assert "Practice 2 of 2" in moved.text  # restored from the store by the new cog


async def test_a_page_of_an_unloaded_leaderboard_is_told(world: World, bot: BvunzoBot) -> None:
    alice = world.members[0]
    board = await (await world.fake.slash(world.general, alice, "leaderboard")).response()
    assert board.message is not None
    await bot.unload_extension("cogs.boards")
    button = board.message.buttons()[1]  # ▶: disabled on a one-page board, so sent as a client could
    data = {"custom_id": button["custom_id"], "component_type": 2}
    said = await (await world.fake.raw_interaction(3, world.general, alice, data, board.message)).response()
    assert said.ephemeral
    assert said.content == (
        "Bvunzo's leaderboard part is not available right now (it may be restarting); try again in a minute."
    )


async def test_a_report_submitted_while_flags_reload_is_told_and_not_kept(
    world: World, bot: BvunzoBot
) -> None:
    alice = world.members[0]
    asked = await (
        await world.fake.slash(
            world.general, alice, "practice", deck="gradient-checkpointing", count=1, mode="new"
        )
    ).response()
    assert asked.message is not None
    await (await world.fake.click(asked.message, alice, label=right_letter(asked.message, DECK))).response()
    opened = await world.fake.click(asked.message, alice, label="Report question")
    assert (await opened.response()).modal.title == "Report this question"
    await bot.unload_extension("cogs.question_flags")
    said = await (await world.fake.submit_modal(opened, {"reason": ["typo"], "note": ""})).response()
    assert said.ephemeral
    assert said.content == (
        "Bvunzo's question reports part is not available right now (it may be restarting); try again in a minute."
    )
    assert await bot.store.open_flags(world.study.id) == []


async def test_a_question_of_the_day_answered_while_the_calendar_reloads_is_told_and_not_kept(
    world: World, bot: BvunzoBot
) -> None:
    alice = world.members[0]
    world.clock.freeze()
    world.clock.set(utc(2027, 5, 3, 7, 55))
    await say(world, "qotd set", deck="gradient-checkpointing", time="08:00")
    world.clock.set(utc(2027, 5, 3, 8, 0))
    posted = await world.fake.wait_for_message(
        world.general, lambda m: "Question of the day · May 3, 2027" in m.text, timeout=10
    )
    right = right_letter(posted, DECK)
    await bot.unload_extension("cogs.calendar")
    said = await (await world.fake.click(posted, alice, label=right)).response()
    assert said.type == EPHEMERAL_REPLY and said.ephemeral
    assert said.content == (
        "Bvunzo's question of the day part is not available right now (it may be restarting); "
        "try again in a minute."
    )
    assert await bot.store.member_qotd_days(world.study.id, alice.id) == []
    board = await (await world.fake.slash(world.general, alice, "leaderboard", board="qotd")).response()
    assert board.ephemeral
    assert board.content == (
        "Bvunzo's question of the day part is not available right now (it may be restarting); "
        "try again in a minute."
    )
    await bot.load_extension("cogs.calendar")
    again = await (await world.fake.click(posted, alice, label=right)).response()
    assert again.content.startswith(f"Locked in: {right}.")
    assert len(await bot.store.member_qotd_days(world.study.id, alice.id)) == 1


async def test_an_assignment_started_while_the_calendar_reloads_is_told_and_not_kept(
    world: World, bot: BvunzoBot
) -> None:
    alice = world.members[0]
    world.clock.freeze()
    world.clock.set(utc(2027, 5, 3, 7, 0))
    said = await say(world, "assign start", deck="gradient-checkpointing", count=2, due="18:00")
    assert said.startswith("Assignment #1 posted")
    posted = await world.fake.wait_for_message(world.general, lambda m: "Assignment #1" in m.text)
    await bot.unload_extension("cogs.calendar")
    told = await (await world.fake.click(posted, alice, label="Start")).response()
    assert told.type == EPHEMERAL_REPLY and told.ephemeral
    assert told.content == (
        "Bvunzo's assignments part is not available right now (it may be restarting); try again in a minute."
    )
    assert await bot.store.member_attempts(1, alice.id) == []
