"""Discord's bad days, played by the fake: 5xx bursts, 429s, gateway drops, deletions, a slow API.

A round rides them out or ends cleanly with its scores and one sentence; one channel's trouble never
touches another's round. The retry budget is shortened so that giving up takes a fraction of a second.
"""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path

import pytest

from bot.discord.calls import RetryPolicy
from bot.discord.client import BvunzoBot
from tests.e2e.conftest import World
from tests.e2e.fake_discord import Channel, FakeMessage, records
from tests.e2e.fake_discord.faults import UNKNOWN_CHANNEL, UNKNOWN_MESSAGE
from tests.e2e.harness import wait_until
from tests.e2e.rounds import (
    DECKS,
    click,
    is_revealed,
    open_question,
    right_letter,
    round_id_of,
    set_pause,
    start,
)

DECK = DECKS["gradient-checkpointing"]
BROKEN = "This round hit an error inside Bvunzo"


def ride_out(bot: BvunzoBot, budget: float = 5.0) -> None:
    """Retries a few milliseconds apart, giving up after `budget` seconds (30 by default in the bot)."""
    bot.discord_retry = RetryPolicy(budget=budget, first_delay=0.02, max_delay=0.1)


def messages_of(channel: Channel) -> str:
    return f"/channels/{channel.id}/messages"


def message_path(message: FakeMessage) -> str:
    return f"/channels/{message.channel.id}/messages/{message.id}"


def is_summary(message: FakeMessage) -> bool:
    return "Round over" in message.text


async def status_of(bot: BvunzoBot, round_id: int) -> str:
    record = await bot.store.get_round(round_id)
    assert record is not None
    return record.status


async def skip(world: World, channel: Channel) -> None:
    answer = await (await world.fake.slash(channel, world.moderator, "quiz skip")).response()
    assert answer.ephemeral


async def play_question(world: World, channel: Channel, number: int, *, skip_it: bool = True) -> FakeMessage:
    """Question `number` opens; the first member answers it right; a moderator skips to its reveal."""
    message = await open_question(world, channel, number)
    said = await click(world, message, world.members[0], right_letter(message, DECK))
    assert said.startswith("Locked in")
    if skip_it:
        await skip(world, channel)
    return message


async def first_question_answered(world: World, bot: BvunzoBot, questions: int) -> FakeMessage:
    """A round in #general with no pause between questions; question 1 open and answered right once."""
    ride_out(bot)
    await set_pause(world, 0)
    await start(world, world.general, world.moderator, questions=questions, seconds=60)
    return await play_question(world, world.general, 1, skip_it=False)


# -- 5xx: retried with backoff, then the round ends cleanly -------------------------------------------


async def test_a_503_burst_on_the_reveal_edit_is_ridden_out(world: World) -> None:
    fake = world.fake
    async with world.running() as bot:
        q1 = await first_question_answered(world, bot, questions=2)
        burst = fake.faults.fail(f"PATCH {message_path(q1)}", 503, times=3)
        await skip(world, world.general)
        await fake.wait_for_message(world.general, is_revealed(1))
        assert burst.spent
        await play_question(world, world.general, 2)
        summary = await fake.wait_for_message(world.general, is_summary)
        assert "**200** points, 2/2 right" in summary.text
        assert await status_of(bot, round_id_of(q1)) == "finished"
        assert not [m for m in fake.channel_messages(world.general) if BROKEN in m.text]


async def test_a_503_burst_on_the_question_post_is_ridden_out(world: World) -> None:
    fake = world.fake
    async with world.running() as bot:
        q1 = await first_question_answered(world, bot, questions=2)
        burst = fake.faults.fail(f"POST {messages_of(world.general)}", 503, times=3)
        await skip(world, world.general)
        await play_question(world, world.general, 2)
        assert burst.spent
        await fake.wait_for_message(world.general, is_summary)
        # Each retry was refused before anything was made: question 2 is in the channel once.
        posted = [m for m in fake.channel_messages(world.general) if "Question 2 of" in m.text]
        assert len(posted) == 1
        assert await status_of(bot, round_id_of(q1)) == "finished"


async def test_a_question_post_discord_made_before_failing_is_in_the_channel_once(world: World) -> None:
    fake = world.fake
    async with world.running() as bot:
        ride_out(bot)
        await set_pause(world, 0)
        # Discord makes the message, then a proxy answers 503: the retry must not post question 1 again.
        lost = fake.faults.fail(
            f"POST {messages_of(world.general)}",
            503,
            after=True,
            where=lambda r: "Question 1 of" in json.dumps(r.body),
        )
        await start(world, world.general, world.moderator, questions=1, seconds=60)
        q1 = await play_question(world, world.general, 1)
        await fake.wait_for_message(world.general, is_summary)
        assert lost.spent
        posted = [m for m in fake.channel_messages(world.general) if "Question 1 of" in m.text]
        assert posted == [q1]
        assert is_revealed(1)(q1)  # the retry got back the message Discord had made, and the reveal edited it
        assert await status_of(bot, round_id_of(q1)) == "finished"


async def test_a_503_burst_on_the_summary_is_ridden_out(world: World) -> None:
    fake = world.fake
    async with world.running() as bot:
        q1 = await first_question_answered(world, bot, questions=1)
        burst = fake.faults.fail(f"POST {messages_of(world.general)}", 503, times=3)
        await skip(world, world.general)
        summary = await fake.wait_for_message(world.general, is_summary)
        assert burst.spent
        assert "**100** points, 1/1 right" in summary.text
        assert summary.button(label="Practise what I missed")
        assert await status_of(bot, round_id_of(q1)) == "finished"


async def test_discord_failing_past_the_bound_ends_the_round_with_its_scores(world: World) -> None:
    fake = world.fake
    async with world.running() as bot:
        ride_out(bot, budget=0.3)
        await start(world, world.general, world.moderator, questions=3, seconds=60)
        q1 = await open_question(world, world.general, 1)
        await click(world, q1, world.members[0], right_letter(q1, DECK))
        await click(world, q1, world.members[1], right_letter(q1, DECK))
        outage = fake.faults.fail(f"PATCH {message_path(q1)}", 503, times=None)
        await skip(world, world.general)
        summary = await fake.wait_for_message(world.general, is_summary)
        assert summary.title.startswith("Round over")
        assert "Discord kept failing for 0.3 seconds, so the round ended." in summary.text
        assert summary.text.count("**100** points, 1/1 right") == 2
        assert outage.hits >= 2  # retried, not given up at the first 503
        assert await status_of(bot, round_id_of(q1)) == "interrupted"
        assert not [m for m in fake.channel_messages(world.general) if BROKEN in m.text]
        assert not [m for m in fake.channel_messages(world.general) if "Question 2 of" in m.text]


async def test_a_503_on_a_click_acknowledgement_is_retried(world: World) -> None:
    """Interaction callbacks go through discord.py's webhook client, which retries any 5xx itself."""
    fake = world.fake
    async with world.running() as bot:
        await start(world, world.general, world.moderator, questions=1, seconds=60)
        q1 = await open_question(world, world.general, 1)
        hiccup = fake.faults.fail("POST /interactions/*/*/callback", 503)
        said = await click(world, q1, world.members[0], right_letter(q1, DECK))
        assert said.startswith("Locked in") and hiccup.spent
        assert len(await bot.store.round_answers(round_id_of(q1))) == 1


# -- 429: discord.py waits out retry_after, and nothing of ours adds requests -----------------------


async def test_a_429_mid_round_is_waited_out(world: World) -> None:
    fake = world.fake
    async with world.running() as bot:
        q1 = await first_question_answered(world, bot, questions=2)
        limited = fake.faults.rate_limit(f"POST {messages_of(world.general)}", retry_after=0.2)
        posts_before = len(fake.requests_to("POST /channels/{channel_id}/messages"))
        await skip(world, world.general)
        await play_question(world, world.general, 2)
        await fake.wait_for_message(world.general, is_summary)
        assert limited.spent
        posts = fake.requests_to("POST /channels/{channel_id}/messages")[posts_before:]
        # The refused post, its one retry by discord.py after retry_after, and the summary.
        assert [r.status for r in posts] == [429, 200, 200]
        assert await status_of(bot, round_id_of(q1)) == "finished"


# -- the gateway: a drop, a RECONNECT, an INVALID_SESSION in the middle of a round --------------------


async def _until_connected(world: World, connections: int) -> None:
    gateway = world.fake.gateway
    await wait_until(
        lambda: gateway.connections >= connections and gateway.session_for(world.study.id) is not None,
        timeout=10,
        what=f"the bot's connection number {connections} to be ready",
    )


@pytest.mark.parametrize("trouble", ["drop", "reconnect", "invalid session"])
async def test_the_gateway_fails_mid_round_and_the_round_goes_on(world: World, trouble: str) -> None:
    fake = world.fake
    async with world.running() as bot:
        await set_pause(world, 0)
        await start(world, world.general, world.moderator, questions=2, seconds=60)
        q1 = await open_question(world, world.general, 1)
        assert (await click(world, q1, world.members[0], right_letter(q1, DECK))).startswith("Locked in")
        if trouble == "drop":
            await fake.drop_connections()
        elif trouble == "reconnect":
            await fake.faults.reconnect()
        else:
            await fake.faults.invalidate_session()
        await _until_connected(world, 2)
        # Clicks and commands reach the bot again, and the round takes them.
        assert (await click(world, q1, world.members[1], right_letter(q1, DECK))).startswith("Locked in")
        await skip(world, world.general)
        await fake.wait_for_message(world.general, is_revealed(1))
        await play_question(world, world.general, 2)
        summary = await fake.wait_for_message(world.general, is_summary)
        assert "**200** points, 2/2 right" in summary.text and "**100** points, 1/1 right" in summary.text
        assert await status_of(bot, round_id_of(q1)) == "finished"
    assert fake.gateway.connections == 2


# -- a slow API: every call 400 ms late, clicks still acknowledged within Discord's 3 s -------------


async def test_a_slow_api_still_acknowledges_every_click_in_time(world: World) -> None:
    fake = world.fake
    async with world.running() as bot:
        await set_pause(world, 0)
        fake.faults.slow(0.4)
        await start(world, world.general, world.moderator, questions=1, seconds=60)
        q1 = await open_question(world, world.general, 1)
        right = right_letter(q1, DECK)
        # Everyone clicks at once. Discord's rule is the only clock here: an answer later than 3 s is a
        # violation the fake records (how fast the bot answers is a bench figure, not a test's budget).
        clicks = [await fake.click(q1, member, label=right) for member in world.members]
        answers = await asyncio.gather(*(c.response() for c in clicks))
        assert [a.content for a in answers] == [f"Locked in: {right}."] * len(world.members)
        assert fake.take_violations(records.LATE) == []
        await skip(world, world.general)
        summary = await fake.wait_for_message(world.general, is_summary)
        assert summary.text.count("**100** points, 1/1 right") == len(world.members)
        assert await status_of(bot, round_id_of(q1)) == "finished"


# -- deletions: the round notices at the first 404 and stops calling the dead thing -----------------


async def test_a_deleted_question_message_ends_the_round_with_its_scores(world: World) -> None:
    fake = world.fake
    async with world.running() as bot:
        await start(world, world.general, world.moderator, questions=3, seconds=60)
        q1 = await open_question(world, world.general, 1)
        await click(world, q1, world.members[0], right_letter(q1, DECK))
        fake.faults.delete_message(q1)
        await skip(world, world.general)
        summary = await fake.wait_for_message(world.general, is_summary)
        assert "The question message was deleted, so the round ended." in summary.text
        assert "**100** points, 1/1 right" in summary.text
        assert await status_of(bot, round_id_of(q1)) == "interrupted"
        edits = [r for r in fake.requests if r.method == "PATCH" and r.path == message_path(q1)]
        assert [(r.status, (r.reply or {}).get("code")) for r in edits] == [(404, UNKNOWN_MESSAGE)]
        assert not [m for m in fake.channel_messages(world.general) if "Question 2 of" in m.text]
        assert not [m for m in fake.channel_messages(world.general) if BROKEN in m.text]
        assert bot.round_service.running_in(world.general.id) is None


async def test_a_deleted_channel_ends_the_round_quietly(world: World) -> None:
    fake = world.fake
    world.clock.freeze()
    async with world.running() as bot:
        await start(world, world.annex, world.moderator, questions=3, seconds=60)
        q1 = await open_question(world, world.annex, 1)
        await click(world, q1, world.members[0], right_letter(q1, DECK))
        rid = round_id_of(q1)
        fake.faults.delete_channel(world.annex)
        deleted_at = len(fake.requests)
        # /quiz skip can't be typed in a deleted channel: the round's next call is its live count edit,
        # due two seconds after the answer above, and it meets the 404.
        world.clock.advance(2)

        async def closed() -> bool:
            return await status_of(bot, rid) == "interrupted"

        await wait_until(closed, timeout=5, what="the round in the deleted channel to close")
        after = [r for r in fake.requests[deleted_at:] if f"/channels/{world.annex.id}" in r.path]
        assert [(r.method, r.status, (r.reply or {}).get("code")) for r in after] == [
            ("PATCH", 404, UNKNOWN_CHANNEL)
        ]
        assert len(await bot.store.round_answers(rid)) == 1  # what was answered still counts
        # The bot goes on serving everyone else.
        decks = await (await fake.slash(world.general, world.members[0], "decks")).response()
        assert "Gradient Checkpointing" in decks.text


# -- one channel's trouble never touches another channel's round --------------------------------------


async def test_one_channels_trouble_never_touches_anothers_round(world: World) -> None:
    fake = world.fake
    async with world.running() as bot:
        ride_out(bot, budget=0.3)
        await set_pause(world, 0)
        await start(world, world.general, world.moderator, questions=2, seconds=60)
        await start(world, world.annex, world.moderator, questions=2, seconds=60)
        troubled = await open_question(world, world.general, 1)
        calm = await open_question(world, world.annex, 1)
        # Everything about #general fails from now on; #annex is served as usual.
        fake.faults.fail(f"* /channels/{world.general.id}/*", 503, times=None)
        await click(world, troubled, world.members[0], right_letter(troubled, DECK))
        await click(world, calm, world.members[0], right_letter(calm, DECK))
        await skip(world, world.general)
        await skip(world, world.annex)

        async def troubled_closed() -> bool:
            return await status_of(bot, round_id_of(troubled)) == "interrupted"

        await wait_until(troubled_closed, timeout=5, what="the troubled round to close")
        await play_question(world, world.annex, 2)
        summary = await fake.wait_for_message(world.annex, is_summary)
        assert "**200** points, 2/2 right" in summary.text
        assert await status_of(bot, round_id_of(calm)) == "finished"
        fake.faults.clear()
        assert not [m for m in fake.channel_messages(world.general) if BROKEN in m.text]


# -- the wording for logs: a late callback is a warning line, not an error -----------------


async def test_a_late_callback_is_a_warning_not_an_error(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    fake = world.fake
    async with world.running() as bot:
        await start(world, world.general, world.moderator, questions=1, seconds=60)
        q1 = await open_question(world, world.general, 1)
        fake.faults.fail("POST /interactions/*/*/callback", 404, code=10062)
        with caplog.at_level(logging.WARNING):
            late = await fake.click(q1, world.members[0], label=right_letter(q1, DECK))
            await wait_until(
                lambda: "could no longer be answered" in caplog.text, what="the late callback's warning"
            )
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
        # The answer itself was recorded before the callback failed: it counts.
        assert len(await bot.store.round_answers(round_id_of(q1))) == 1
        await skip(world, world.general)
        await fake.wait_for_message(world.general, is_summary)
    await fake.settle()
    [unanswered] = fake.take_violations("unanswered")
    assert late.describe() in unanswered.message


async def test_the_could_not_resume_notice_rides_out_a_503_burst(world: World, tmp_path: Path) -> None:
    fake = world.fake
    async with world.running():
        await start(world, world.general, world.moderator, questions=2, seconds=60)
        rid = round_id_of(await open_question(world, world.general, 1))
    empty = tmp_path / "no-decks"
    empty.mkdir()
    world.questions = empty  # the round's deck is gone: the restart closes it and says so
    bot = world.bot()
    ride_out(bot)
    burst = fake.faults.fail(f"POST {messages_of(world.general)}", 503, times=3)
    async with world.running(bot):
        note = await fake.wait_for_message(world.general, lambda m: "could not resume" in m.text)
        assert burst.spent
        assert "its deck is no longer loaded" in note.text
        assert await status_of(bot, rid) == "interrupted"
