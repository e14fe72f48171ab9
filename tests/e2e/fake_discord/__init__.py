"""A fake Discord (REST + gateway on 127.0.0.1) for the unmodified discord.py client; checks what it gets.

    fake = FakeDiscord()
    study = fake.add_guild("Study A")
    general = study.add_channel("general")
    mods = study.add_role("Moderators", permissions=discord.Permissions(manage_guild=True))
    alice = study.add_member("alice", roles=[mods])
    async with fake:                                   # or fixtures.fake_discord
        ...start the bot with fake.api_base / fake.gateway_url / fake.token (harness.running_client)...
        asked = await fake.slash(general, alice, "quiz start", deck="gradient-checkpointing", questions=3)
        answer = await asked.response()                # .type .content .embeds .components .ephemeral
        question = await fake.wait_for_message(general, lambda m: "A" in m.text)
        click = await fake.click(question, alice, label="B")
        await click.response()
        assert not fake.violations

Every request is recorded (fake.requests) and checked against Discord's OpenAPI spec and documented limits;
what breaks a rule lands in fake.violations, which the fixture turns into a failed test.

Sharding as Discord does it: GET /gateway/bot recommends fake.shard_count shards; an IDENTIFY with
`shard: [id, count]` gets READY and GUILD_CREATE for the servers with (guild_id >> 22) % count == id only
(a shard id past the count is closed with 4010), and each server's events and interactions go down its
shard's connection. fake.add_guild(name, shard=(id, count)) makes a server id on that shard;
fake.wait_for_bot(shard=(id, count)) waits for that shard's READY.
"""

from tests.e2e.fake_discord.actions import ComponentError, NotConnected
from tests.e2e.fake_discord.commands import CommandError
from tests.e2e.fake_discord.interactions import FakeInteraction, Modal, Response
from tests.e2e.fake_discord.messages import FakeAttachment, FakeMessage
from tests.e2e.fake_discord.models import Channel, DMChannel, Guild, Member, Role, Thread, User
from tests.e2e.fake_discord.records import RecordedRequest, UploadedFile, Violation
from tests.e2e.fake_discord.server import DEFAULT_TOKEN, FakeDiscord, WaitTimeout
from tests.e2e.fake_discord.spec import request_schemas, unavailable_reason

__all__ = [
    "DEFAULT_TOKEN",
    "Channel",
    "CommandError",
    "ComponentError",
    "DMChannel",
    "FakeAttachment",
    "FakeDiscord",
    "FakeInteraction",
    "FakeMessage",
    "Guild",
    "Member",
    "Modal",
    "NotConnected",
    "RecordedRequest",
    "Response",
    "Role",
    "Thread",
    "UploadedFile",
    "User",
    "Violation",
    "WaitTimeout",
    "request_schemas",
    "unavailable_reason",
]
