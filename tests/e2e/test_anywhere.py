"""Practice anywhere: user-installable commands in DMs and in servers without the bot; server-only ones refused."""

from __future__ import annotations

import pytest

from bot.discord.client import BvunzoBot
from tests.e2e.conftest import World
from tests.e2e.fake_discord import CommandError, DMChannel, FakeMessage, Member
from tests.e2e.fake_discord.messages import COMPONENTS_V2
from tests.e2e.rounds import DECKS, right_letter, stats_of, wrong_letter

DECK = DECKS["gradient-checkpointing"]
UPDATE = 7
EVERYWHERE = "/practice, /stats, /preferences and /mistakes work anywhere"


async def practise_in(world: World, channel: object, member: Member, rights: list[bool]) -> FakeMessage:
    """A whole /practice of new questions in `channel`, answered right or wrong in turn; its last message."""
    asked = await world.fake.slash(channel, member, "practice", deck=DECK.id, count=len(rights), mode="new")  # type: ignore[arg-type]
    answer = await asked.response()
    assert answer.ephemeral and answer.message is not None, answer.content
    message = answer.message
    for number, right in enumerate(rights, start=1):
        assert f"Practice {number} of {len(rights)}" in message.text
        letter = right_letter(message, DECK) if right else wrong_letter(message, DECK)
        feedback = await (await world.fake.click(message, member, label=letter)).response()
        assert feedback.type == UPDATE and ("✅ Right" if right else "❌ Not quite") in feedback.text
        await (await world.fake.click(message, member, label=message.buttons()[0]["label"])).response()
    assert "Practice done" in message.text
    return message


async def test_commands_say_where_they_work(world: World, bot: BvunzoBot) -> None:
    synced = {c["name"]: c for c in world.fake.commands()}
    for name in ("practice", "stats", "preferences", "language", "mistakes", "decks"):
        assert synced[name]["integration_types"] == [0, 1], name
        assert synced[name]["contexts"] == [0, 1, 2], name
    for name in ("quiz", "leaderboard"):
        assert synced[name]["integration_types"] == [0], name
        assert synced[name]["contexts"] == [0], name
    assert world.fake.violations == []  # every body the bot synced is valid by Discord's OpenAPI spec


async def test_a_practice_in_direct_messages_is_the_same_members_progress(
    world: World, bot: BvunzoBot
) -> None:
    alice = world.members[0]
    dm = world.fake.dm(alice)
    assert isinstance(dm, DMChannel)
    message = await practise_in(world, dm, alice, [True, False, True])
    assert message.channel is dm and "2 of 3" in message.text
    assert message.flags & COMPONENTS_V2 and not message.embeds  # a DM's practice is on cards, the default
    # /stats in the DM: practice and mastery, no server's rounds; the same numbers in the server.
    asked = await world.fake.slash(dm, alice, "stats")
    first = await asked.response()
    shown = await asked.wait_original() if first.type == 5 else first.message
    assert shown is not None
    fields = {f["name"]: f["value"] for f in shown.embeds[0]["fields"]}
    assert "Points" not in fields and "Rounds" not in fields
    assert fields["Practice"] == "2/3 right · 2 learned · 1 due for review"
    assert fields["Mastery (recall at least 90%)"] == "**Gradient Checkpointing** — 2/8 learned (25%) · 1 due"
    in_server = await stats_of(world, alice)
    server_fields = {f["name"]: f["value"] for f in in_server.embeds[0]["fields"]}
    assert server_fields["Practice"] == fields["Practice"] and server_fields["Points"] == "0"
    # Someone else's stats are a server's business.
    other = await (await world.fake.slash(dm, alice, "stats", member=world.members[1])).response()
    assert other.ephemeral
    assert other.content == "Outside a server with Bvunzo, /stats shows only your own; leave `member` empty."
    # Preferences and mistakes work in the DM too.
    said = await (await world.fake.slash(dm, alice, "preferences", retention=0.95)).response()
    assert said.ephemeral and "95%" in said.content
    assert await bot.store.member_retention(alice.id) == 0.95
    mistakes = await (await world.fake.slash(dm, alice, "mistakes", deck=DECK.id)).response()
    assert mistakes.ephemeral and mistakes.message is not None
    assert sorted(a.filename for a in mistakes.message.attachments) == [
        "gradient-checkpointing-mistakes.csv",
        "gradient-checkpointing-mistakes.yaml",
    ]


async def test_server_commands_are_not_offered_in_dms_and_refused_if_sent(
    world: World, bot: BvunzoBot
) -> None:
    alice = world.members[0]
    dm = world.fake.dm(alice)
    with pytest.raises(CommandError, match="not offered in DMs with the bot"):
        await world.fake.slash(dm, alice, "quiz start", deck=DECK.id)
    with pytest.raises(CommandError, match="not offered in DMs with the bot"):
        await world.fake.slash(dm, alice, "leaderboard")
    # A client with a stale list of commands may still send one: one clear sentence.
    for command in ("leaderboard", "quiz stop"):
        refused = await (await world.fake.forge_slash(dm, alice, command)).response()
        assert refused.ephemeral
        assert (
            refused.content
            == f"This command works in a server with Bvunzo, not in direct messages; {EVERYWHERE}."
        )


async def test_a_server_without_the_bot(world: World, bot: BvunzoBot) -> None:
    """A member who installed Bvunzo for themselves uses it in a server that never added the bot."""
    elsewhere = world.fake.add_guild("Study C", with_bot=False)
    hall = elsewhere.add_channel("hall")
    alice = elsewhere.add_member(world.members[0].user)
    message = await practise_in(world, hall, alice, [True, True])
    assert "2 of 2" in message.text
    memories = await bot.store.memories(alice.id, DECK.id)
    assert len(memories) == 2  # the same member's memory, wherever they practise
    # /stats there: practice and mastery, as in a DM (the bot keeps no rounds of a server it is not in).
    asked = await world.fake.slash(hall, alice, "stats")
    first = await asked.response()
    shown = await asked.wait_original() if first.type == 5 else first.message
    assert shown is not None
    fields = {f["name"]: f["value"] for f in shown.embeds[0]["fields"]}
    assert "Points" not in fields and fields["Practice"] == "2/2 right · 2 learned · 0 due for review"
    with pytest.raises(CommandError, match="a server without the bot: its integration_types are \\[0\\]"):
        await world.fake.slash(hall, alice, "leaderboard")
    refused = await (await world.fake.forge_slash(hall, alice, "leaderboard")).response()
    assert (
        refused.content
        == f"Bvunzo isn't in this server, so it has no rounds or leaderboard here; {EVERYWHERE}."
    )
