"""A button whose desk nobody serves (its cog unloaded) is refused in one sentence, and works once it is back."""

from __future__ import annotations

from bot.app import BvunzoBot
from tests.e2e.conftest import World
from tests.e2e.rounds import DECKS, right_letter

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
    await bot.unload_extension("cogs.flags")
    said = await (await world.fake.submit_modal(opened, {"reason": ["typo"], "note": ""})).response()
    assert said.ephemeral
    assert said.content == (
        "Bvunzo's question reports part is not available right now (it may be restarting); try again in a minute."
    )
    assert await bot.store.open_flags(world.study.id) == []
