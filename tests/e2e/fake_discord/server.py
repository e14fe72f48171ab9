"""FakeDiscord: the state of the fake, its aiohttp server on 127.0.0.1, and what tests read from it."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from collections import deque
from collections.abc import Callable
from types import TracebackType
from typing import Any, TypeVar

from aiohttp import web

from tests.e2e.fake_discord import records
from tests.e2e.fake_discord.actions import Actions
from tests.e2e.fake_discord.commands import CommandStore
from tests.e2e.fake_discord.faults import Faults
from tests.e2e.fake_discord.gateway import PRIVILEGED, Gateway
from tests.e2e.fake_discord.interactions import FakeInteraction, interaction_metadata
from tests.e2e.fake_discord.messages import LOADING, FakeAttachment, FakeMessage
from tests.e2e.fake_discord.models import (
    DEFAULT_BOT,
    Channel,
    Directory,
    DMChannel,
    Guild,
    Member,
    PermissionsLike,
    User,
    permission_value,
)
from tests.e2e.fake_discord.oauth import FakeOAuth
from tests.e2e.fake_discord.records import RecordedRequest, UploadedFile, Violation
from tests.e2e.fake_discord.rest import API_PREFIX, RestApi
from tests.e2e.fake_discord.rest_messages import MessageRoutes

# Shaped like a real token (three base64url parts), since the bot checks the shape before connecting.
DEFAULT_TOKEN = "MTAwMDAwMDAwMDAwMDAwMDA.RmFrZQ.ZmFrZS1kaXNjb3JkLWJvdC10b2tlbg"
# Discord's bucket for editing messages: 5 edits per 5 seconds per channel.
EDITS_PER_WINDOW, EDIT_WINDOW = 5, 5.0
# How long Discord remembers a message's nonce for enforce_nonce ("the past few minutes").
NONCE_MEMORY = 300.0

T = TypeVar("T")


class WaitTimeout(AssertionError):
    """Something a test waited for did not happen in time; the message says what and what there was."""


class FakeDiscord(Actions):
    """Discord's REST API and gateway for one bot, on 127.0.0.1. See tests/e2e/fake_discord/__init__.py."""

    def __init__(
        self,
        *,
        token: str = DEFAULT_TOKEN,
        bot_name: str = "Bvunzo",
        response_deadline: float = 3.0,
        privileged_intents: int = PRIVILEGED,
    ) -> None:
        self.token = token
        self.response_deadline = response_deadline
        # Send interactions with only the fields discord.py needs (LIMITS.md), as a sparse emulator would.
        self.minimal_interactions = False
        self.privileged_intents = privileged_intents  # what the app may ask for; others close with 4014
        self.application_flags = 0
        # The shard count GET /gateway/bot recommends; a bot may connect with more, each its own IDENTIFY.
        self.shard_count = 1
        self.directory = Directory()
        self.bot: User = self.directory.user(bot_name, bot=True)
        self.owner: User = self.directory.user(f"{bot_name.lower()}-owner")
        self.application_id = self.bot.id  # for bots made since 2018 the application id is the bot's user id
        self.guilds: list[Guild] = []
        self.guilds_without_bot: list[Guild] = []
        self.dm_channels: dict[int, DMChannel] = {}  # by user id
        self.command_store = CommandStore(self.application_id, self.directory.new_id)
        self.messages: dict[int, FakeMessage] = {}
        self.attachments: dict[int, FakeAttachment] = {}
        self.interactions: dict[int, FakeInteraction] = {}
        self.interactions_by_token: dict[str, FakeInteraction] = {}
        self.requests: list[RecordedRequest] = []
        self.violations: list[Violation] = []
        # Discord's global limit (requests a second per bot, interactions' webhooks aside), when a test or a
        # benchmark sets it; past it the fake answers 429 with global: true, as Discord does.
        self.global_limit: int | None = None
        self._global_times: deque[float] = deque()
        # Roles a test's moderator chose to have pinged (a schedule's ping:); any other ping is a violation.
        self.wanted_pings: set[int] = set()
        self.gateway = Gateway(self)
        self.faults = Faults(self)  # Discord's bad days, played on purpose
        self.oauth = FakeOAuth(self)  # a web login with Discord (tests/e2e/fake_discord/oauth.py)
        self._channel_edits: dict[int, deque[float]] = {}
        # The seconds Discord's edit limit is judged in; a world whose bot runs on a test clock sets it to
        # that clock, so that time the test moves by hand counts as time passed.
        self.rate_clock: Callable[[], float] = self.loop_time
        self._nonces: dict[tuple[int, str], tuple[float, FakeMessage]] = {}  # (channel, nonce) → when, what
        self._change = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self._port = 0
        self._delivered: set[int] = set()  # guilds the bot was told about (READY or GUILD_CREATE)

    # -- life cycle ---------------------------------------------------------------------------------

    async def start(self) -> None:
        app = web.Application(
            middlewares=[self.oauth.middleware, (rest := RestApi(self)).middleware],
            client_max_size=64 * 1024 * 1024,
        )
        app.add_routes(
            [
                web.get("/", self.gateway.handle),
                *MessageRoutes(self).routes(),
                *rest.routes(),
                *self.oauth.routes(),
            ]
        )
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self._port = self._runner.addresses[0][1]
        self.directory.announce = self._announce
        self._delivered = {g.id for g in self.guilds}

    async def stop(self) -> None:
        self.directory.announce = lambda guild, event, payload: None
        await self.gateway.close_all(1000)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.stop()

    @property
    def http_base(self) -> str:
        if not self._port:
            raise RuntimeError("the fake Discord is not started")
        return f"http://127.0.0.1:{self._port}"

    @property
    def api_base(self) -> str:
        """For discord.http.Route.BASE (DISCORD_API_BASE)."""
        return self.http_base + API_PREFIX

    @property
    def gateway_url(self) -> str:
        """For DiscordWebSocket.DEFAULT_GATEWAY (DISCORD_GATEWAY_URL)."""
        return f"ws://127.0.0.1:{self._port}/"

    def env(self) -> dict[str, str]:
        """The environment that points the bot at this fake."""
        return {
            "DISCORD_TOKEN": self.token,
            "DISCORD_API_BASE": self.api_base,
            "DISCORD_GATEWAY_URL": self.gateway_url,
        }

    def loop_time(self) -> float:
        return asyncio.get_running_loop().time()

    # -- the world ----------------------------------------------------------------------------------

    def add_guild(
        self,
        name: str,
        *,
        owner: User | None = None,
        bot_permissions: PermissionsLike = DEFAULT_BOT,
        with_bot: bool = True,
        shard: tuple[int, int] | None = None,
    ) -> Guild:
        """A server; `with_bot=False`: one the bot is not in, where members use the app they installed;
        shard=(id, count) gives it an id that lands on that shard."""
        guild = Guild(
            self.directory,
            name=name,
            bot=self.bot,
            bot_permissions=permission_value(bot_permissions),
            owner=owner,
            with_bot=with_bot,
            shard=shard,
        )
        if not with_bot:
            self.guilds_without_bot.append(guild)  # never sent to the bot, unknown to its REST calls
            return guild
        self.guilds.append(guild)
        if self._runner is not None:
            self._delivered.add(guild.id)
            self.gateway.send_guild(guild)
        return guild

    def dm(self, who: User | Member) -> DMChannel:
        """The user's direct-message channel with the bot (created on first use)."""
        user = who.user if isinstance(who, Member) else who
        if user.id not in self.dm_channels:
            self.dm_channels[user.id] = DMChannel(id=self.directory.new_id(), recipient=user)
        return self.dm_channels[user.id]

    def user(self, name: str) -> User:
        """The user with that username, created on first use (add it to servers with Guild.add_member)."""
        return self.directory.user(name)

    @property
    def users(self) -> dict[int, User]:
        return self.directory.users

    @property
    def guilds_by_id(self) -> dict[int, Guild]:
        return {g.id: g for g in self.guilds}

    def guild(self, guild_id: int) -> Guild:
        return self.guilds_by_id[guild_id]

    @property
    def channels(self) -> dict[int, Channel]:
        return {c.id: c for g in self.guilds for c in (*g.channels, *g.threads)}

    def attachment(self, filename: str, data: bytes, content_type: str | None = None) -> FakeAttachment:
        """A file a member uploads, for an attachment option of a slash command."""
        attachment = FakeAttachment(self.directory.new_id(), filename, data, content_type, self.http_base)
        self.attachments[attachment.id] = attachment
        return attachment

    def _announce(self, guild: Guild, event: str, payload: dict[str, Any]) -> None:
        if guild.id in self._delivered:
            self.gateway.dispatch_to_guild(guild.id, event, payload)

    # -- messages (called by the REST handlers) -----------------------------------------------------

    def post_message(
        self,
        channel: Channel | DMChannel,
        body: dict[str, Any],
        files: list[UploadedFile],
        *,
        type: int = 0,
        flags: int = 0,
        interaction: FakeInteraction | None = None,
    ) -> FakeMessage:
        message = FakeMessage(id=self.directory.new_id(), channel=channel, author=self.bot, type=type)
        message.apply(body, self._store_uploads(files))
        message.flags = flags
        if interaction is not None:
            message.webhook_id = self.application_id
            message.interaction_metadata = interaction_metadata(interaction)
            message.interaction_user_id = interaction.member.id
        self.messages[message.id] = message
        if not message.ephemeral and self._seen_by_bot(channel):
            self.gateway.dispatch_to_guild(channel.guild.id, "MESSAGE_CREATE", self.message_payload(message))
        self.changed()
        return message

    def member_posts(
        self,
        channel: Channel | DMChannel,
        who: Member | User,
        content: str = "",
        *,
        embeds: list[dict[str, Any]] | None = None,
        attachments: list[FakeAttachment] | None = None,
    ) -> FakeMessage:
        """A message a member (or, in a DM, the user) wrote. The bot asks for no message intent, so no
        MESSAGE_CREATE reaches it: it sees the message only when a message command brings it."""
        author = who.user if isinstance(who, Member) else who
        message = FakeMessage(id=self.directory.new_id(), channel=channel, author=author, content=content)
        message.embeds = list(embeds or [])
        message.attachments = list(attachments or [])
        self.messages[message.id] = message
        self.changed()
        return message

    def edit_message(
        self,
        message: FakeMessage,
        body: dict[str, Any],
        files: list[UploadedFile],
        *,
        counts_as_edit: bool = True,
    ) -> None:
        message.apply(body, self._store_uploads(files))
        if counts_as_edit and not message.loading:
            message.mark_edited(self.loop_time())
        else:
            # Completing a deferred answer's "thinking..." placeholder is its first content, not an edit.
            message.flags &= ~LOADING
        if not message.ephemeral and self._seen_by_bot(message.channel):
            self.gateway.dispatch_to_guild(
                message.channel.guild.id, "MESSAGE_UPDATE", self.message_payload(message)
            )
        self.changed()

    @staticmethod
    def _seen_by_bot(channel: Channel | DMChannel) -> bool:
        """Whether the bot gets the channel's message events: a server's with the bot (it asks for no DMs)."""
        return channel.guild is not None and channel.guild.has_bot

    def delete_message(self, message: FakeMessage) -> None:
        message.deleted = True
        if not message.ephemeral and self._seen_by_bot(message.channel):
            event = {
                "id": str(message.id),
                "channel_id": str(message.channel.id),
                "guild_id": str(message.channel.guild.id),
            }
            self.gateway.dispatch_to_guild(message.channel.guild.id, "MESSAGE_DELETE", event)
        self.changed()

    def over_global_limit(self) -> web.Response | None:
        """A 429 when this request would be past the global limit in the last second; None otherwise."""
        if self.global_limit is None:
            return None
        now = self.loop_time()
        times = self._global_times
        while times and now - times[0] >= 1.0:
            times.popleft()
        if len(times) >= self.global_limit:
            after = max(0.001, 1.0 - (now - times[0]))
            body = {"message": "You are being rate limited.", "retry_after": after, "global": True}
            headers = {
                "Retry-After": f"{after:.3f}",
                "X-RateLimit-Global": "true",
                "X-RateLimit-Scope": "global",
                "Via": "1.1 google",
            }
            return web.Response(
                status=429, body=json.dumps(body).encode(), headers=headers, content_type="application/json"
            )
        times.append(now)
        return None

    def note_channel_edit(self, channel: Channel, record: RecordedRequest) -> None:
        """Count REST edits per channel, as Discord's rate limit bucket does."""
        times = self._channel_edits.setdefault(channel.id, deque())
        now = self.rate_clock()
        if times and now < times[-1]:
            times.clear()  # the test set its clock back: what came before says nothing about now
        # Any 5 seconds: an edit exactly 5 s after another is outside that one's window.
        while times and now - times[0] >= EDIT_WINDOW:
            times.popleft()
        if len(times) >= EDITS_PER_WINDOW:
            self.violate(
                records.RATE, f"more than {EDITS_PER_WINDOW} edits in #{channel.name} within 5 s", record
            )
        times.append(now)

    def nonce_message(self, channel: Channel | DMChannel, nonce: object) -> FakeMessage | None:
        """The message posted in the channel with this nonce in the past few minutes (enforce_nonce)."""
        remembered = self._nonces.get((channel.id, str(nonce)))
        if remembered is None or self.loop_time() - remembered[0] > NONCE_MEMORY:
            return None
        return remembered[1]

    def remember_nonce(self, message: FakeMessage, nonce: object) -> None:
        self._nonces[(message.channel.id, str(nonce))] = (self.loop_time(), message)

    def _store_uploads(self, files: list[UploadedFile]) -> list[FakeAttachment]:
        stored = []
        for upload in files:
            attachment = FakeAttachment(
                self.directory.new_id(), upload.filename, upload.data, upload.content_type, self.http_base
            )
            self.attachments[attachment.id] = attachment
            stored.append(attachment)
        return stored

    def message_payload(self, message: FakeMessage) -> dict[str, Any]:
        return message.payload(self.users)

    # -- what tests read ----------------------------------------------------------------------------

    def channel_messages(self, channel: Channel | DMChannel, *, ephemeral: bool = False) -> list[FakeMessage]:
        """The channel's messages in posting order, current state; ephemeral ones only if asked."""
        return [
            m
            for m in self.messages.values()
            if m.channel is channel and not m.deleted and (ephemeral or not m.ephemeral)
        ]

    def message(self, message_id: int) -> FakeMessage:
        return self.messages[message_id]

    def edits(self, message: FakeMessage | int) -> list[float]:
        """Loop times at which the message was edited (REST, @original, or an update callback)."""
        return list(self.messages[message if isinstance(message, int) else message.id].edit_times)

    def commands(self, guild: Guild | None = None) -> list[dict[str, Any]]:
        """The commands the bot synced globally (or to that server), as Discord stored them (with ids)."""
        return self.command_store.listing(guild.id if guild is not None else None)

    def requests_to(self, key: str) -> list[RecordedRequest]:
        """Requests by `METHOD /template`, e.g. "PUT /applications/{application_id}/commands"."""
        return [r for r in self.requests if r.key == key]

    def violate(self, kind: str, message: str, record: RecordedRequest | None) -> None:
        violation = Violation(kind, message, record)
        self.violations.append(violation)
        if record is not None:
            record.violations.append(violation)

    def take_violations(self, kind: str | None = None, match: str | None = None) -> list[Violation]:
        """Remove and return the violations a test provoked on purpose (so teardown does not fail on them)."""
        taken = [
            v
            for v in self.violations
            if (kind is None or v.kind == kind) and (match is None or re.search(match, v.message))
        ]
        self.violations = [v for v in self.violations if v not in taken]
        return taken

    def report(self) -> str:
        return "\n".join(v.describe() for v in self.violations)

    async def settle(self) -> None:
        """Wait until every interaction is answered or past its deadline; flag the unanswered ones."""
        for interaction in list(self.interactions.values()):
            left = interaction.dispatched_at + self.response_deadline - self.loop_time()
            if not interaction.responded and left > 0:
                with contextlib.suppress(WaitTimeout):
                    await interaction.response(timeout=left)
            if not interaction.responded and not interaction.reported_unanswered:
                interaction.reported_unanswered = True
                self.violate(records.UNANSWERED, f"{interaction.describe()} was never answered", None)

    # -- waiting ------------------------------------------------------------------------------------

    def changed(self) -> None:
        """Wake everything waiting on the fake's state."""
        self._change.set()
        self._change = asyncio.Event()

    async def wait_until(
        self, probe: Callable[[], T | None], timeout: float, describe: Callable[[], str]
    ) -> T:
        """The first non-None result of probe, re-checked on every change; WaitTimeout says what lacked."""
        deadline = self.loop_time() + timeout
        while True:
            change = self._change
            found = probe()
            if found is not None:
                return found
            left = deadline - self.loop_time()
            if left <= 0:
                raise WaitTimeout(f"timed out after {timeout:g} s waiting for {describe()}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(change.wait(), left)

    async def wait_for_message(
        self,
        channel: Channel | DMChannel,
        predicate: Callable[[FakeMessage], bool] | None = None,
        *,
        timeout: float = 5.0,
        ephemeral: bool = False,
    ) -> FakeMessage:
        """The first message of the channel that matches, now or after a post or an edit."""

        def probe() -> FakeMessage | None:
            found = (
                m
                for m in self.channel_messages(channel, ephemeral=ephemeral)
                if predicate is None or predicate(m)
            )
            return next(found, None)

        def describe() -> str:
            shown = (
                "\n".join(f"  {m!r}" for m in self.channel_messages(channel, ephemeral=ephemeral))
                or "  (none)"
            )
            return f"a matching message in #{channel.name}; the channel has:\n{shown}"

        return await self.wait_until(probe, timeout, describe)

    async def wait_for_bot(self, timeout: float = 10.0, *, shard: tuple[int, int] | None = None) -> None:
        """Until a bot has identified on the gateway (READY sent); with shard=(id, count), as that shard."""

        def connected() -> bool | None:
            ready = self.gateway.ready_shards()
            return True if (shard in ready if shard is not None else ready) else None

        wanted = f" as shard {shard[0]} of {shard[1]}" if shard is not None else ""
        await self.wait_until(
            connected,
            timeout,
            lambda: f"a bot to connect{wanted} (connected: {self.gateway.ready_shards() or 'none'})",
        )

    async def drop_connections(self, code: int = 4000) -> None:
        """Close every gateway connection as Discord does on a hiccup; discord.py reconnects and resumes."""
        await self.gateway.close_all(code)
