"""The gateway websocket: HELLO, IDENTIFY -> READY + GUILD_CREATE, heartbeats, RESUME, dispatches."""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import traceback
from typing import TYPE_CHECKING, Any

import aiohttp
from aiohttp import web

if TYPE_CHECKING:
    from tests.e2e.fake_discord.models import Guild
    from tests.e2e.fake_discord.server import FakeDiscord

DISPATCH, HEARTBEAT, IDENTIFY, RESUME, REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = (
    0,
    1,
    2,
    6,
    8,
    9,
    10,
    11,
)
GUILDS, GUILD_MEMBERS, GUILD_PRESENCES, GUILD_MESSAGES, MESSAGE_CONTENT = 1, 1 << 1, 1 << 8, 1 << 9, 1 << 15
PRIVILEGED = GUILD_MEMBERS | GUILD_PRESENCES | MESSAGE_CONTENT
HEARTBEAT_INTERVAL_MS = 41250
# The intent an event needs, for the events the fake sends besides READY and interactions.
EVENT_INTENTS = {
    "GUILD_CREATE": GUILDS,
    "CHANNEL_CREATE": GUILDS,
    "CHANNEL_DELETE": GUILDS,
    "GUILD_ROLE_CREATE": GUILDS,
    "GUILD_MEMBER_ADD": GUILD_MEMBERS,
    "GUILD_MEMBER_REMOVE": GUILD_MEMBERS,
    "MESSAGE_CREATE": GUILD_MESSAGES,
    "MESSAGE_UPDATE": GUILD_MESSAGES,
    "MESSAGE_DELETE": GUILD_MESSAGES,
}


class GatewaySession:
    """One bot connection; frames go out in order through a queue, so sync code can send."""

    def __init__(self, ws: web.WebSocketResponse) -> None:
        self.ws = ws
        self.session_id = secrets.token_hex(16)
        self.sequence = 0
        self.intents = 0
        self.shard = (0, 1)
        self.ready = False  # READY was sent: interactions may be dispatched here
        self._outbox: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self._writer = asyncio.create_task(self._write(), name=f"fake-gateway-writer-{self.session_id[:6]}")

    @property
    def wants_members(self) -> bool:
        # Without the members intent, GUILD_CREATE carries only the bot's own member.
        return bool(self.intents & GUILD_MEMBERS)

    def covers(self, guild_id: int) -> bool:
        shard_id, count = self.shard
        return (guild_id >> 22) % count == shard_id

    def send(self, op: int, data: Any) -> None:
        self._outbox.put_nowait({"op": op, "d": data, "s": None, "t": None})

    def dispatch(self, event: str, data: Any) -> None:
        self.sequence += 1
        self._outbox.put_nowait({"op": DISPATCH, "d": data, "s": self.sequence, "t": event})

    async def _write(self) -> None:
        while (frame := await self._outbox.get()) is not None:
            if self.ws.closed:
                return
            try:
                await self.ws.send_str(json.dumps(frame))
            except (ConnectionError, RuntimeError):
                return

    async def close(self, code: int, reason: str = "") -> None:
        """Flush what is queued, then close with a gateway close code."""
        self._outbox.put_nowait(None)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._writer, timeout=2)
        await self.ws.close(code=code, message=reason.encode())

    def stop_writer(self) -> None:
        self._writer.cancel()


class Gateway:
    """The sessions of the bot(s) connected to one fake."""

    def __init__(self, fake: FakeDiscord) -> None:
        self._fake = fake
        self.sessions: list[GatewaySession] = []
        self.connections = 0  # websocket connections ever opened (a reconnect adds one)
        self._resumable: dict[str, GatewaySession] = {}

    def session_for(self, guild_id: int) -> GatewaySession | None:
        """The newest ready connection that serves the guild's shard."""
        ready = [s for s in self.sessions if s.ready and s.covers(guild_id)]
        return ready[-1] if ready else None

    def ready_shards(self) -> list[tuple[int, int]]:
        """(shard id, shard count) of every connection that has had its READY, oldest first."""
        return [s.shard for s in self.sessions if s.ready]

    def dispatch_to_guild(self, guild_id: int, event: str, data: Any) -> None:
        wanted = EVENT_INTENTS.get(event, 0)
        for session in self.sessions:
            if session.ready and session.covers(guild_id) and (session.intents & wanted) == wanted:
                session.dispatch(event, data)

    def send_guild(self, guild: Guild) -> None:
        """GUILD_CREATE for a server the bot joins while connected."""
        for session in self.sessions:
            if session.ready and session.covers(guild.id) and session.intents & GUILDS:
                session.dispatch("GUILD_CREATE", guild.gateway_payload(all_members=session.wants_members))

    async def close_all(self, code: int = 1000) -> None:
        for session in list(self.sessions):
            await session.close(code)

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        session = GatewaySession(ws)
        self.sessions.append(session)
        self.connections += 1
        session.send(HELLO, {"heartbeat_interval": HEARTBEAT_INTERVAL_MS, "_trace": ["fake-discord"]})
        try:
            async for frame in ws:
                if frame.type is aiohttp.WSMsgType.ERROR:
                    break
                if frame.type is not aiohttp.WSMsgType.TEXT:
                    continue
                try:
                    await self._receive(session, json.loads(frame.data))
                except Exception:
                    # A bug in the fake must fail the test, not look like a network hiccup.
                    self._fake.violate("fake-error", traceback.format_exc(), None)
        finally:
            if session in self.sessions:
                self.sessions.remove(session)
            session.stop_writer()
            self._fake.changed()
        return ws

    async def _receive(self, session: GatewaySession, frame: dict[str, Any]) -> None:
        op, data = frame.get("op"), frame.get("d")
        data = data if isinstance(data, dict) else {}
        if op == HEARTBEAT:
            session.send(HEARTBEAT_ACK, None)
        elif op == IDENTIFY:
            await self._identify(session, data)
        elif op == RESUME:
            await self._resume(session, data)
        elif op == REQUEST_MEMBERS:
            self._send_members(session, data)
        # Presence (3) and voice (4) updates need no answer.

    async def _identify(self, session: GatewaySession, data: dict[str, Any]) -> None:
        fake = self._fake
        if data.get("token") != fake.token:
            await session.close(4004, "Authentication failed.")
            return
        session.intents = int(data.get("intents", 0))
        if session.intents & PRIVILEGED & ~fake.privileged_intents:
            await session.close(4014, "Disallowed intent(s).")
            return
        if data.get("shard"):
            shard_id, count = (int(n) for n in data["shard"])
            if count < 1 or not 0 <= shard_id < count:
                await session.close(4010, "Invalid shard.")
                return
            session.shard = (shard_id, count)
        guilds = [g for g in fake.guilds if session.covers(g.id)]
        ready: dict[str, Any] = {
            "v": 10,
            "user": {**fake.bot.payload(), "verified": True, "mfa_enabled": False, "email": None},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.session_id,
            "session_type": "normal",
            "resume_gateway_url": fake.gateway_url,
            "application": {"id": str(fake.application_id), "flags": fake.application_flags},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "user_settings": {},
            "auth": {},
            "_trace": ["fake-discord"],
        }
        if data.get("shard"):
            ready["shard"] = list(session.shard)
        session.dispatch("READY", ready)
        session.ready = True
        for guild in guilds:
            session.dispatch(
                "GUILD_CREATE", guild.gateway_payload(all_members=bool(session.intents & GUILD_MEMBERS))
            )
        self._resumable[session.session_id] = session
        fake.changed()

    async def _resume(self, session: GatewaySession, data: dict[str, Any]) -> None:
        old = self._resumable.get(str(data.get("session_id")))
        if old is None or data.get("token") != self._fake.token:
            session.send(INVALID_SESSION, False)
            return
        # Nothing is replayed: events sent while the bot was away are lost, as a test should expect.
        session.session_id, session.sequence = old.session_id, max(old.sequence, int(data.get("seq") or 0))
        session.intents, session.shard = old.intents, old.shard
        self._resumable[session.session_id] = session
        session.dispatch("RESUMED", {"_trace": ["fake-discord"]})
        session.ready = True
        self._fake.changed()

    def _send_members(self, session: GatewaySession, data: dict[str, Any]) -> None:
        guild = self._fake.guild(int(data["guild_id"]))
        wanted = {int(u) for u in data.get("user_ids") or []}
        query = str(data.get("query") or "").lower()
        members = [
            m
            for m in guild.members.values()
            if (not wanted or m.id in wanted) and m.name.lower().startswith(query)
        ]
        limit = int(data.get("limit") or 0)
        members = members[:limit] if limit else members
        chunk: dict[str, Any] = {
            "guild_id": str(guild.id),
            "members": [m.payload() for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [str(u) for u in wanted - {m.id for m in members}],
        }
        if data.get("nonce") is not None:
            chunk["nonce"] = data["nonce"]
        session.dispatch("GUILD_MEMBERS_CHUNK", chunk)
