"""The fake's fault rules on their own: what they match, how long they last, what they answer."""

from __future__ import annotations

import json

import discord
import pytest

from tests.e2e.fake_discord import FakeDiscord, RecordedRequest
from tests.e2e.fake_discord.faults import UNKNOWN_MESSAGE, Rule
from tests.e2e.fake_discord.fixtures import discord_py_at_fake, fake_discord  # noqa: F401
from tests.e2e.harness import running_client


def request(method: str, path: str, route: str) -> RecordedRequest:
    return RecordedRequest(method, path, route, {}, None, [], 0.0)


EDIT = request("PATCH", "/channels/7/messages/9", "/channels/{channel_id}/messages/{message_id}")
POST = request("POST", "/channels/7/messages", "/channels/{channel_id}/messages")


def test_a_rule_matches_by_method_and_by_template_or_concrete_path() -> None:
    assert Rule("PATCH", "/channels/{channel_id}/messages/{message_id}").matches(EDIT)
    assert Rule("PATCH", "/channels/7/messages/*").matches(EDIT)
    assert not Rule("PATCH", "/channels/8/*").matches(EDIT)
    assert not Rule("POST", "/channels/7/messages/*").matches(EDIT)
    assert Rule("*", "/channels/7/*").matches(EDIT) and Rule("*", "/channels/7/*").matches(POST)
    assert not Rule("*", "*", where=lambda r: r.method == "POST").matches(EDIT)


def test_a_rule_lasts_its_count_or_its_window() -> None:
    counted = Rule("*", "*", 503, times=2)
    counted.served += [EDIT, EDIT]
    assert counted.spent and not counted.live(0.0)
    windowed = Rule("*", "*", 503, times=None, until=10.0)
    windowed.served += [EDIT] * 50
    assert windowed.live(9.9) and not windowed.live(10.0) and not windowed.spent


def test_what_a_rule_answers() -> None:
    limited = Rule("*", "*", 429, retry_after=0.25).response()
    assert limited is not None and limited.status == 429
    assert limited.headers["Via"] and limited.headers["Retry-After"] == "1"
    assert json.loads(bytes(limited.body))["retry_after"] == 0.25  # type: ignore[arg-type]
    gone = Rule("*", "*", 404, code=UNKNOWN_MESSAGE).response()
    assert gone is not None and json.loads(bytes(gone.body)) == {  # type: ignore[arg-type]
        "message": "Unknown Message",
        "code": UNKNOWN_MESSAGE,
    }
    assert Rule("*", "*", delay=0.4).response() is None  # a delay alone lets the route answer


async def test_discord_py_sees_the_injected_answers(discord_py_at_fake: FakeDiscord) -> None:  # noqa: F811
    fake = discord_py_at_fake
    channel = fake.add_guild("Study").add_channel("general")
    client = discord.Client(intents=discord.Intents.none())
    async with running_client(client, fake):
        where = client.get_partial_messageable(channel.id)
        fake.faults.fail(f"POST /channels/{channel.id}/messages", 503)
        with pytest.raises(discord.DiscordServerError):
            await where.send("one")
        fake.faults.rate_limit(f"POST /channels/{channel.id}/messages", retry_after=0.05)
        sent = await where.send("two")  # discord.py waits out the 429 itself
        fake.faults.fail("PATCH *", 404, code=UNKNOWN_MESSAGE)
        with pytest.raises(discord.NotFound) as gone:
            await sent.edit(content="three")
        assert gone.value.code == UNKNOWN_MESSAGE
    posts = fake.requests_to("POST /channels/{channel_id}/messages")
    assert [(r.status, r.injected) for r in posts] == [(503, True), (429, True), (200, False)]


async def test_a_rule_after_the_fact_fails_a_post_the_fake_made_and_the_nonce_finds_it(
    discord_py_at_fake: FakeDiscord,  # noqa: F811
) -> None:
    fake = discord_py_at_fake
    channel = fake.add_guild("Study").add_channel("general")
    client = discord.Client(intents=discord.Intents.none())
    async with running_client(client, fake):
        where = client.get_partial_messageable(channel.id)
        lost = fake.faults.fail(f"POST /channels/{channel.id}/messages", 503, after=True)
        with pytest.raises(discord.DiscordServerError):
            await where.send("one", nonce="n-1")
        assert lost.spent
        assert [m.content for m in fake.channel_messages(channel)] == ["one"]  # made, though it failed
        # discord.py sends enforce_nonce with every nonce: the same nonce again returns that message.
        again = await where.send("one", nonce="n-1")
        other = await where.send("one", nonce="n-2")
    assert [m.id for m in fake.channel_messages(channel)] == [again.id, other.id]


async def test_the_global_limit_answers_429_past_its_requests_a_second(fake_discord: FakeDiscord) -> None:  # noqa: F811
    import aiohttp

    fake_discord.global_limit = 3
    headers = {"Authorization": f"Bot {fake_discord.token}"}
    async with aiohttp.ClientSession() as session:
        statuses = []
        bodies = []
        for _ in range(5):
            async with session.get(f"{fake_discord.api_base}/users/@me", headers=headers) as reply:
                statuses.append(reply.status)
                bodies.append(await reply.json())
    assert statuses == [200, 200, 200, 429, 429]
    assert bodies[3]["global"] is True and 0 < bodies[3]["retry_after"] <= 1.0
