"""A quick round keeps within Discord's edit limit: no more than 5 edits of a channel's messages in any
5 seconds, reveals and buttons opening included, paced on the bot's clock (DESIGN, contract details)."""

from __future__ import annotations

from datetime import timedelta

from bot.discord.client import BvunzoBot
from tests.e2e.conftest import World
from tests.e2e.fake_discord import records
from tests.e2e.harness import wait_until
from tests.e2e.rounds import (
    DECKS,
    click,
    is_open_question,
    is_revealed,
    open_question,
    right_letter,
    set_pause,
    start,
)

DECK = DECKS["gradient-checkpointing"]


def holding_an_edit_until(world: World, seconds: float) -> bool:
    """Whether the bot sleeps on the test's clock until `seconds` from now: the edit limit's next free moment."""
    return world.clock.sleeping_until(world.clock() + timedelta(seconds=seconds))


async def test_early_reveals_without_a_pause_wait_for_the_channels_edit_limit(
    world: World, bot: BvunzoBot
) -> None:
    fake = world.fake
    world.clock.freeze()  # every question is answered and revealed at the same moment, unless time moves
    await set_pause(world, 0)
    await start(world, world.general, world.moderator, questions=7, seconds=60)
    for number in range(1, 8):
        message = await open_question(world, world.general, number)
        said = await click(world, message, world.members[0], right_letter(message, DECK))
        assert said.startswith("Locked in")
        if number == 1:  # the first question waits for its timer or a skip; the others reveal early
            await (await fake.slash(world.general, world.moderator, "quiz skip")).response()
        if number == 6:
            # Five reveals were edited in at the same moment: the sixth waits until 5 s have passed.
            await wait_until(
                lambda sixth=message: is_revealed(6)(sixth) or holding_an_edit_until(world, 5),
                what="the sixth reveal, or the round holding it back",
            )
            assert not is_revealed(6)(message)
            world.clock.advance(5)
        await fake.wait_for_message(world.general, is_revealed(number))
    await fake.wait_for_message(world.general, lambda m: "Round over" in m.text)
    assert fake.take_violations(records.RATE) == []


async def test_the_buttons_opening_waits_for_the_channels_edit_limit(world: World, bot: BvunzoBot) -> None:
    fake = world.fake
    world.clock.freeze()
    await set_pause(world, 0)
    await start(world, world.general, world.moderator, questions=6, seconds=60, reading=1)
    for number in range(1, 6):  # skipped while being read: revealed at once, without opening (5 edits)
        await fake.wait_for_message(world.general, lambda m, n=number: f"Question {n} of 6" in m.text)
        await (await fake.slash(world.general, world.moderator, "quiz skip")).response()
        await fake.wait_for_message(world.general, is_revealed(number))
    last = await fake.wait_for_message(world.general, lambda m: "Question 6 of 6" in m.text)
    world.clock.advance(1)  # its reading time is over, 1 s after five edits: the opening has to wait
    await wait_until(
        lambda: is_open_question(6)(last) or holding_an_edit_until(world, 4),
        what="the buttons opening, or the round holding it back",
    )
    assert not is_open_question(6)(last)
    world.clock.advance(4)
    await open_question(world, world.general, 6)
    await click(world, last, world.members[0], right_letter(last, DECK))
    await (await fake.slash(world.general, world.moderator, "quiz skip")).response()
    await fake.wait_for_message(world.general, is_revealed(6))
    await fake.wait_for_message(world.general, lambda m: "Round over" in m.text)
    assert fake.take_violations(records.RATE) == []
