"""What a stale command tree, a forged client or an expired token can send: one sentence or a quiet line.

Malformed interactions and option values the commands do not allow get one ephemeral sentence naming the
problem, change nothing and log no error; an answer Discord no longer accepts is a warning line.
"""

from __future__ import annotations

import gc
import logging
import warnings
from typing import Any

import pytest

from bot.discord.client import BvunzoBot
from tests.e2e.conftest import World
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.fake_discord.faults import INVALID_WEBHOOK_TOKEN
from tests.e2e.harness import wait_until
from tests.e2e.rounds import DECKS, open_question, play_round, right_letter, round_id_of, start, stats_of

DECK = DECKS["gradient-checkpointing"]
NO_SENDER = "Discord didn't say who sent this, so Bvunzo can't act on it; nothing was changed."
UNKNOWN_BUTTON = "That button isn't one Bvunzo recognises; nothing was changed."
STRING, INTEGER, SUBCOMMAND, USER = 3, 4, 1, 6


def command(fake: FakeDiscord, name: str, *options: dict[str, Any], sub: str | None = None) -> dict[str, Any]:
    """The data of a slash command as a stale or forged client may send it: values are not checked."""
    synced = next(c for c in fake.commands() if c["name"] == name)
    given = [{"type": SUBCOMMAND, "name": sub, "options": list(options)}] if sub else list(options)
    return {"id": synced["id"], "name": name, "type": 1, "options": given}


def option(name: str, kind: int, value: Any) -> dict[str, Any]:
    return {"name": name, "type": kind, "value": value}


def drop_sender(payload: dict[str, Any]) -> None:
    payload.pop("member", None)
    payload.pop("user", None)


async def test_an_interaction_without_member_or_user_gets_one_sentence(world: World, bot: BvunzoBot) -> None:
    fake = world.fake
    await start(world, world.general, world.moderator, questions=1, seconds=60)
    q1 = await open_question(world, world.general, 1)
    fake.faults.tamper(drop_sender)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        click = await (await fake.click(q1, world.members[0], label=right_letter(q1, DECK))).response()
        gc.collect()  # a dropped coroutine says it was never awaited when it is collected
    assert click.ephemeral and click.content == NO_SENDER
    # The click's work, which never started, was closed rather than dropped half made.
    assert [str(w.message) for w in caught if "never awaited" in str(w.message)] == []
    assert await bot.store.round_answers(round_id_of(q1)) == []
    fake.faults.tamper(drop_sender)
    stats = await (await fake.slash(world.general, world.members[0], "stats")).response()
    assert stats.ephemeral and stats.content == NO_SENDER
    # The same click with its sender counts.
    said = await (await fake.click(q1, world.members[0], label=right_letter(q1, DECK))).response()
    assert said.content.startswith("Locked in")


async def test_a_component_type_the_bot_does_not_know_gets_a_sentence(world: World, bot: BvunzoBot) -> None:
    fake = world.fake
    await start(world, world.general, world.moderator, questions=1, seconds=60)
    q1 = await open_question(world, world.general, 1)
    button = q1.button(label="A")
    for kind in (3, 99):  # a string select, and a type Discord may add one day
        data = {"custom_id": button["custom_id"], "component_type": kind, "values": ["0"]}
        answer = await (await fake.raw_interaction(3, world.general, world.members[0], data, q1)).response()
        assert answer.ephemeral and answer.content == UNKNOWN_BUTTON
    assert await bot.store.round_answers(round_id_of(q1)) == []


async def test_option_values_a_stale_tree_can_send_get_one_sentence(world: World, bot: BvunzoBot) -> None:
    fake = world.fake
    deck = option("deck", STRING, "gradient-checkpointing")
    cases = [
        (
            command(fake, "quiz", deck, option("questions", INTEGER, 0), sub="start"),
            "`questions` must be a whole number from 1 to 50.",
        ),
        (
            command(fake, "quiz", deck, option("seconds", INTEGER, -5), sub="start"),
            "`seconds` must be a whole number from 5 to 120.",
        ),
        (command(fake, "quiz", option("deck", INTEGER, 5), sub="start"), "`deck` must be text."),
        (command(fake, "quiz", option("questions", INTEGER, 3), sub="start"), "`deck` is required."),
        (
            command(fake, "stats", option("member", USER, "12345")),
            "`member` must be a member or user picked from the list.",
        ),
        (
            command(fake, "quiz", option("pause", INTEGER, 61), sub="settings"),
            "`pause` must be a whole number from 0 to 60.",
        ),
        (
            command(fake, "leaderboard", option("period", STRING, "yesterday")),
            "`period` must be one of: all, month, week, today.",
        ),
        (
            command(fake, "practice", option("count", INTEGER, 0)),
            "`count` must be a whole number from 1 to 50.",
        ),
    ]
    for data, sentence in cases:
        answer = await (await fake.raw_interaction(2, world.general, world.moderator, data)).response()
        assert answer.ephemeral, data
        assert answer.content == sentence
    # No round started from any of them, and the settings did not move.
    assert fake.channel_messages(world.general) == []
    assert await bot.store.running_rounds() == []
    assert (await bot.store.guild_settings(world.study.id)).pause_seconds != 61


async def test_stats_of_someone_who_has_left_the_server(world: World, bot: BvunzoBot) -> None:
    alice = world.members[0]
    await play_round(world, world.general, world.moderator, {alice: [True]})
    world.fake.faults.remove_member(world.study, alice)
    shown = await stats_of(world, world.members[1], member=alice.user)
    assert shown.text.startswith("Stats — Alice")
    assert f"<@{alice.id}>" in shown.text and "Points\n100\n" in shown.text


async def test_an_expired_token_on_a_follow_up_is_a_quiet_warning(
    world: World, bot: BvunzoBot, caplog: pytest.LogCaptureFixture
) -> None:
    fake = world.fake
    alice = world.members[0]
    await play_round(world, world.general, world.moderator, {alice: [True]})
    # /stats draws a chart first (a deferred answer); by the time its follow-up goes, the token is dead.
    expired = fake.faults.fail("POST /webhooks/*", 401, code=INVALID_WEBHOOK_TOKEN)
    before = len(fake.requests)
    with caplog.at_level(logging.WARNING):
        asked = await fake.slash(world.general, alice, "stats")
        first = await asked.response()
        assert first.type == 5  # deferred
        # The chart is drawn first, which on a busy machine takes seconds (matplotlib's first figure).
        await wait_until(
            lambda: "could no longer be answered" in caplog.text, timeout=30, what="the warning line"
        )
    assert expired.spent
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    # Nothing else is attempted with the dead token.
    assert len([r for r in fake.requests[before:] if r.path.startswith("/webhooks/")]) == 1
