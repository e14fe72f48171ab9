"""The question of the day end to end: posted on the server's clock, answered with buttons, revealed, streaks."""

from __future__ import annotations

from bot.discord.client import BvunzoBot
from tests.e2e.conftest import ON_BOTH_DATABASES, World
from tests.e2e.fake_discord import FakeMessage
from tests.e2e.rounds import DECKS, question_of, right_letter, wrong_letter
from tests.e2e.test_calendar_schedules import say, set_zone, stamp, utc

DECK = DECKS["gradient-checkpointing"]


def is_qotd(date_text: str) -> object:
    return lambda m: f"Question of the day · {date_text}" in m.text


def is_revealed(message: FakeMessage) -> bool:
    return "— answer" in message.text


async def answer(world: World, message: FakeMessage, member: object, letter: str) -> str:
    said = await (await world.fake.click(message, member, label=letter)).response()  # type: ignore[arg-type]
    assert said.ephemeral
    return said.content


@ON_BOTH_DATABASES
async def test_a_question_a_day_for_three_days_with_a_streak_reveals_and_a_board(
    world: World, bot: BvunzoBot, database: str
) -> None:
    fake = world.fake
    alice, bongani = world.members[:2]
    world.clock.freeze()
    world.clock.set(utc(2027, 5, 3, 5, 55))  # 07:55 in Harare
    await set_zone(world, "Africa/Harare")
    said = await say(world, "qotd set", deck="gradient-checkpointing", time="08:00")
    assert said.startswith(
        "The question of the day from “Gradient Checkpointing” is posted here daily at 08:00"
    )
    assert stamp(utc(2027, 5, 3, 6, 0)) in said

    world.clock.set(utc(2027, 5, 3, 6, 0))
    monday = await fake.wait_for_message(world.general, is_qotd("May 3, 2027"), timeout=10)
    assert [b["label"] for b in monday.buttons()] == ["A", "B", "C", "D"]
    assert f"Open until {stamp(utc(2027, 5, 4, 5, 0))}" in monday.text  # an hour before Tuesday's
    right, wrong = right_letter(monday, DECK), wrong_letter(monday, DECK)
    assert (await answer(world, monday, alice, right)).startswith(f"Locked in: {right}. 1 day in a row")
    assert (await answer(world, monday, bongani, wrong)).startswith(f"Locked in: {wrong}. 1 day in a row")
    assert (
        await answer(world, monday, alice, wrong) == f"You already chose {right}; answers can't be changed."
    )
    first_question = question_of(monday, DECK)

    # An hour before Tuesday's question, Monday's is revealed by editing its message.
    world.clock.set(utc(2027, 5, 4, 5, 0))
    await fake.wait_for_message(world.general, lambda m: m.id == monday.id and is_revealed(m), timeout=10)
    assert "1/2 got it right (50%)" in monday.text
    assert first_question.explanation[:40] in monday.text
    labels = {b["label"]: b for b in monday.buttons()}
    assert labels[f"{right} · 1"]["style"] == 3 and labels[f"{wrong} · 1"]["style"] == 2
    assert all(b["disabled"] for b in monday.buttons())
    # A click that reaches the bot anyway (a client that had not seen the edit) is refused.
    late = await (
        await fake.forge_click(monday, world.members[2], labels[f"{right} · 1"]["custom_id"])
    ).response()
    assert late.content == "This question of the day is closed: the answer has been revealed."

    world.clock.set(utc(2027, 5, 4, 6, 0))
    tuesday = await fake.wait_for_message(world.general, is_qotd("May 4, 2027"), timeout=10)
    assert question_of(tuesday, DECK).id != first_question.id  # no repeats until the deck is used up
    assert (await answer(world, tuesday, alice, right_letter(tuesday, DECK))).startswith("Locked in: ")
    world.clock.set(utc(2027, 5, 5, 6, 0))
    wednesday = await fake.wait_for_message(world.general, is_qotd("May 5, 2027"), timeout=10)
    assert tuesday.text and is_revealed(tuesday)
    third = await answer(world, wednesday, alice, right_letter(wednesday, DECK))
    assert "3 days in a row" in third

    # A moderator closes Wednesday's question early.
    assert "Only members with Manage Server" in await say(world, "qotd reveal", alice)
    assert (await say(world, "qotd reveal")).startswith("Revealed")
    await fake.wait_for_message(world.general, lambda m: m.id == wednesday.id and is_revealed(m))
    assert "1/1 got it right (100%)" in wednesday.text
    assert "no open question" in await say(world, "qotd reveal")

    board = await (await fake.slash(world.general, bongani, "leaderboard", board="qotd")).response()
    lines = board.text.splitlines()
    assert f"**1.** <@{alice.id}> — **3** right of 3 · 🔥 3 days in a row" in lines
    assert f"**2.** <@{bongani.id}> — **0** right of 1" in lines
    status = await say(world, "qotd status", alice)
    assert "Your streak: 3 days in a row (best 3)." in status
    assert "3 answered" not in status
    stats = await (await fake.slash(world.general, alice, "stats")).response()
    assert "3 days in a row (best 3); 3 answered" in stats.text
    # Each answer was a review for spaced repetition.
    assert len(await bot.store.memories(alice.id, DECK.id)) == 3
    assert "It's off" not in await say(world, "qotd off")
    assert "already off" in await say(world, "qotd off")


async def test_a_new_time_zone_moves_the_question_of_the_day_and_the_schedules(
    world: World, bot: BvunzoBot
) -> None:
    world.clock.freeze()
    world.clock.set(utc(2027, 5, 3, 5, 0))  # 05:00 UTC, 07:00 in Harare
    said = await say(world, "qotd set", deck="gradient-checkpointing", time="08:00")
    assert stamp(utc(2027, 5, 3, 8, 0)) in said  # the server's zone is UTC until it says otherwise
    await say(world, "quiz schedule add", deck="gradient-checkpointing", time="09:00", repeat="daily")
    await set_zone(world, "Africa/Harare")
    assert stamp(utc(2027, 5, 3, 6, 0)) in await say(world, "qotd status")
    assert stamp(utc(2027, 5, 3, 7, 0)) in await say(world, "quiz schedule list")
