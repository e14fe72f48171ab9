"""The round options' own Discord calls on Discord's bad days: the image upload, the buttons opening after
the reading time, the team message and the summary in a thread's parent channel go through the round's
RoundChannel, so a 503 burst is ridden out and a deleted message ends the round with one sentence."""

from __future__ import annotations

from bot.discord.client import BvunzoBot
from tests.e2e.conftest import QUESTIONS, World
from tests.e2e.fake_discord import FakeMessage
from tests.e2e.fake_discord.records import RecordedRequest
from tests.e2e.harness import wait_until
from tests.e2e.rounds import is_revealed, open_question, round_id_of, set_pause, start
from tests.e2e.test_discord_failures import message_path, messages_of, ride_out, status_of

CHART = QUESTIONS / "images" / "three-bars.png"
POST_MESSAGE = "POST /channels/{channel_id}/messages"


def is_summary(message: FakeMessage) -> bool:
    return "Round over" in message.text


def uploads(request: RecordedRequest) -> bool:
    return bool(request.files)


async def test_a_503_burst_on_an_image_question_is_ridden_out_and_uploads_the_picture_anew(
    world: World, bot: BvunzoBot
) -> None:
    fake = world.fake
    ride_out(bot)
    world.clock.freeze()
    await set_pause(world, 0)
    burst = fake.faults.fail(f"POST {messages_of(world.general)}", 503, times=2, where=uploads)
    await start(world, world.general, world.moderator, deck="reading-charts", questions=3, seconds=60)
    for number in (1, 2, 3):
        await open_question(world, world.general, number)
        await (await fake.slash(world.general, world.moderator, "quiz skip")).response()
        await fake.wait_for_message(world.general, is_revealed(number))
    await fake.wait_for_message(world.general, is_summary)
    assert burst.spent
    # Each try sent the whole picture (a file discord.py closed after the first try would send nothing).
    tries = [r for r in fake.requests_to(POST_MESSAGE) if r.files]
    assert [(r.status, [f.data for f in r.files]) for r in tries] == [
        (503, [CHART.read_bytes()]),
        (503, [CHART.read_bytes()]),
        (200, [CHART.read_bytes()]),
    ]
    pictures = [m for m in fake.channel_messages(world.general) if m.attachments]
    assert len(pictures) == 1


async def test_a_503_burst_on_the_buttons_opening_is_ridden_out(world: World, bot: BvunzoBot) -> None:
    fake = world.fake
    ride_out(bot)
    world.clock.freeze()
    await set_pause(world, 0)
    await start(world, world.general, world.moderator, questions=1, seconds=30, reading=3)
    q1 = await fake.wait_for_message(world.general, lambda m: "Question 1 of" in m.text)
    burst = fake.faults.fail(f"PATCH {message_path(q1)}", 503, times=2)
    world.clock.advance(3)
    await open_question(world, world.general, 1)
    assert burst.spent and "Read it first" not in q1.text
    await (await fake.slash(world.general, world.moderator, "quiz skip")).response()
    await fake.wait_for_message(world.general, is_summary)
    assert await status_of(bot, round_id_of(q1)) == "finished"


async def test_a_question_deleted_while_being_read_ends_the_round_with_one_sentence(
    world: World, bot: BvunzoBot
) -> None:
    fake = world.fake
    ride_out(bot)
    world.clock.freeze()
    await set_pause(world, 0)
    await start(world, world.general, world.moderator, questions=2, seconds=30, reading=3)
    q1 = await fake.wait_for_message(world.general, lambda m: "Question 1 of" in m.text)
    round_id = round_id_of(q1)
    fake.faults.delete_message(q1)
    world.clock.advance(3)  # the buttons' opening finds the message gone
    summary = await fake.wait_for_message(world.general, is_summary)
    assert "The question message was deleted, so the round ended." in summary.text
    assert await status_of(bot, round_id) == "interrupted"
    assert [m for m in fake.channel_messages(world.general) if "Question 2 of" in m.text] == []


async def test_a_503_burst_on_the_team_message_is_ridden_out(world: World, bot: BvunzoBot) -> None:
    fake = world.fake
    ride_out(bot)
    await set_pause(world, 0)
    burst = fake.faults.fail(
        f"POST {messages_of(world.general)}",
        503,
        times=2,
        where=lambda r: "Pick a team" in str(r.body),
    )
    await start(world, world.general, world.moderator, questions=1, seconds=60, teams=2)
    teams = await fake.wait_for_message(world.general, lambda m: "Pick a team" in m.text)
    assert burst.spent
    assert len([m for m in fake.channel_messages(world.general) if "Pick a team" in m.text]) == 1
    assert teams.button(label="Auto-balance (moderators)")
    q1 = await open_question(world, world.general, 1)
    await (await fake.slash(world.general, world.moderator, "quiz stop")).response()
    await fake.wait_for_message(world.general, is_summary)
    assert await status_of(bot, round_id_of(q1)) == "stopped"


async def test_a_503_burst_on_the_summary_in_the_parent_channel_is_ridden_out(
    world: World, bot: BvunzoBot
) -> None:
    fake = world.fake
    ride_out(bot)
    world.clock.freeze()
    await set_pause(world, 0)
    # Only the summary goes to the parent channel: the round itself plays in the thread.
    burst = fake.faults.fail(f"POST {messages_of(world.general)}", 503, times=2)
    await start(world, world.general, world.moderator, questions=1, seconds=60, thread=True)
    thread = await wait_until(lambda: next(iter(world.study.threads), None), what="the round's thread")
    await open_question(world, thread, 1)
    await (await fake.slash(thread, world.moderator, "quiz skip")).response()
    in_thread = await fake.wait_for_message(thread, is_summary)
    in_parent = await fake.wait_for_message(world.general, is_summary)
    assert burst.spent
    assert in_parent.text == in_thread.text and in_parent.flags == in_thread.flags
    assert len([m for m in fake.channel_messages(world.general) if is_summary(m)]) == 1
