"""Discord's bad days on purpose: rules that answer matching requests with errors or delays, gateway trouble.

    rule = fake.faults.fail("PATCH /channels/{channel_id}/messages/{message_id}", 503, times=3)
    fake.faults.rate_limit("POST /channels/*/messages", retry_after=0.3)
    fake.faults.slow(0.4)                                   # every REST call takes 400 ms longer
    fake.faults.fail("PATCH *", 404, code=UNKNOWN_MESSAGE)  # as if the message were gone
    fake.faults.fail("POST /channels/*/messages", 503, after=True)  # made it, then failed on the way back
    await fake.wait_until(lambda: rule.spent or None, 5, lambda: "the burst to be served")
    await fake.faults.reconnect() / .invalidate_session() / fake.drop_connections()
    fake.faults.delete_message(message) / .delete_channel(channel) / .remove_member(guild, member)
    fake.faults.tamper(lambda payload: payload.pop("member"))  # the next interaction comes malformed

A rule's route is "METHOD pattern"; the pattern is a shell-style pattern matched against both the route
template (/channels/{channel_id}/messages) and the concrete path (/channels/123/messages), so a test can
aim at one kind of call or at one channel. A rule serves `times` requests (None: any number) within
`seconds` of its creation (None: for ever). The first rule that matches a request decides it. A rule
made with after=True lets the fake carry the request out first and then answers with its error instead,
as when Discord did the work but the answer was lost on its way back (a 503 from a proxy).
"""

from __future__ import annotations

import asyncio
import fnmatch
import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import web

from tests.e2e.fake_discord.gateway import INVALID_SESSION
from tests.e2e.fake_discord.records import RecordedRequest

if TYPE_CHECKING:
    from tests.e2e.fake_discord.messages import FakeMessage
    from tests.e2e.fake_discord.models import Channel, Guild, Member
    from tests.e2e.fake_discord.server import FakeDiscord

RECONNECT = 7
# Discord's JSON error codes a round can meet.
UNKNOWN_CHANNEL, UNKNOWN_MESSAGE, UNKNOWN_WEBHOOK, UNKNOWN_INTERACTION = 10003, 10008, 10015, 10062
INVALID_WEBHOOK_TOKEN = 50027
STATUS_TEXT = {
    401: "401: Unauthorized",
    403: "Missing Access",
    404: "404: Not Found",
    500: "500: Internal Server Error",
    502: "502: Bad Gateway",
    503: "503: Service Unavailable",
    504: "504: Gateway Timeout",
}
CODE_TEXT = {
    UNKNOWN_CHANNEL: "Unknown Channel",
    UNKNOWN_MESSAGE: "Unknown Message",
    UNKNOWN_WEBHOOK: "Unknown Webhook",
    UNKNOWN_INTERACTION: "Unknown interaction",
    INVALID_WEBHOOK_TOKEN: "Invalid Webhook Token",
}


@dataclass
class Rule:
    """What the fake does to the requests it matches: an error status (with a JSON code), a delay, or both."""

    method: str
    pattern: str
    status: int | None = None  # None: answer normally (after the delay)
    code: int = 0
    retry_after: float | None = None  # for 429
    delay: float = 0.0
    times: int | None = 1
    until: float | None = None  # loop time after which the rule is over
    where: Callable[[RecordedRequest], bool] | None = None
    after: bool = False  # carry the request out, then answer with the error anyway
    served: list[RecordedRequest] = field(default_factory=list)

    @property
    def hits(self) -> int:
        return len(self.served)

    @property
    def spent(self) -> bool:
        """Served all its `times` (a rule without a count is never spent)."""
        return self.times is not None and self.hits >= self.times

    def live(self, now: float) -> bool:
        return not self.spent and (self.until is None or now < self.until)

    def matches(self, record: RecordedRequest) -> bool:
        if self.method not in ("*", record.method):
            return False
        if not (
            fnmatch.fnmatchcase(record.path, self.pattern)
            or (record.route and fnmatch.fnmatchcase(record.route, self.pattern))
        ):
            return False
        return self.where is None or self.where(record)

    def response(self) -> web.Response | None:
        if self.status is None:
            return None
        if self.status == 429:
            after = self.retry_after if self.retry_after is not None else 1.0
            body = {"message": "You are being rate limited.", "retry_after": after, "global": False}
            # discord.py takes a 429 without Via for a Cloudflare ban and gives up; Discord's carry it.
            headers = {
                "Content-Type": "application/json",
                "Via": "1.1 google",
                "Retry-After": str(math.ceil(after)),
                "X-RateLimit-Scope": "user",
            }
            return web.Response(status=429, body=json.dumps(body).encode(), headers=headers)
        message = CODE_TEXT.get(self.code) or STATUS_TEXT.get(self.status, f"{self.status}: error")
        return web.Response(
            status=self.status,
            body=json.dumps({"message": message, "code": self.code}).encode(),
            headers={"Content-Type": "application/json"},
        )


def _split(route: str) -> tuple[str, str]:
    method, _, pattern = route.strip().partition(" ")
    if not pattern:  # "*" alone, or a bare pattern: every method
        return "*", method
    return method.upper(), pattern


class Faults:
    """The fault rules of one fake, and the gateway and world troubles a test can cause."""

    def __init__(self, fake: FakeDiscord) -> None:
        self._fake = fake
        self.rules: list[Rule] = []
        self._tampering: list[Callable[[dict[str, Any]], None]] = []

    # -- REST rules ---------------------------------------------------------------------------------

    def add(self, rule: Rule) -> Rule:
        self.rules.append(rule)
        return rule

    def fail(
        self,
        route: str,
        status: int,
        *,
        code: int = 0,
        times: int | None = 1,
        seconds: float | None = None,
        where: Callable[[RecordedRequest], bool] | None = None,
        after: bool = False,
    ) -> Rule:
        """Answer matching requests with `status` (and Discord's JSON error `code`); with after=True,
        only once the fake has carried them out."""
        method, pattern = _split(route)
        return self.add(
            Rule(
                method,
                pattern,
                status,
                code,
                times=times,
                until=self._until(seconds),
                where=where,
                after=after,
            )
        )

    def rate_limit(
        self, route: str, *, retry_after: float, times: int | None = 1, seconds: float | None = None
    ) -> Rule:
        """429 with retry_after, as Discord's per-route limit does."""
        method, pattern = _split(route)
        return self.add(
            Rule(method, pattern, 429, retry_after=retry_after, times=times, until=self._until(seconds))
        )

    def slow(
        self, delay: float, route: str = "*", *, times: int | None = None, seconds: float | None = None
    ) -> Rule:
        """Answer matching requests `delay` seconds late (a slow API), otherwise normally."""
        method, pattern = _split(route)
        return self.add(Rule(method, pattern, delay=delay, times=times, until=self._until(seconds)))

    def clear(self) -> None:
        self.rules.clear()

    def _until(self, seconds: float | None) -> float | None:
        return None if seconds is None else self._fake.loop_time() + seconds

    async def answer(self, record: RecordedRequest, *, after: bool = False) -> web.Response | None:
        """The injected answer for the request (after its delay), or None to let the route answer it.

        Asked twice per request: before the route (rules without `after`) and after it (rules with).
        """
        now = self._fake.loop_time()
        rule = next((r for r in self.rules if r.after == after and r.live(now) and r.matches(record)), None)
        if rule is None:
            return None
        rule.served.append(record)
        record.injected = True
        self._fake.changed()
        if rule.delay:
            await asyncio.sleep(rule.delay)  # the network being slow, not the test waiting
        return rule.response()

    # -- interactions -------------------------------------------------------------------------------

    def tamper(self, edit: Callable[[dict[str, Any]], None]) -> None:
        """Change the next interaction's INTERACTION_CREATE payload before it goes out (a malformed one)."""
        self._tampering.append(edit)

    def tampered(self, payload: dict[str, Any]) -> dict[str, Any]:
        if self._tampering:
            self._tampering.pop(0)(payload)
        return payload

    # -- the gateway --------------------------------------------------------------------------------

    async def reconnect(self) -> None:
        """Op 7 RECONNECT on every connection: discord.py closes it, reconnects and resumes."""
        for session in list(self._fake.gateway.sessions):
            session.send(RECONNECT, None)

    async def invalidate_session(self) -> None:
        """Op 9 INVALID_SESSION (not resumable) on every connection: discord.py identifies anew."""
        for session in list(self._fake.gateway.sessions):
            session.ready = False  # no interactions reach it until the new IDENTIFY
            session.send(INVALID_SESSION, False)

    # -- the world changing under the bot -----------------------------------------------------------

    def delete_message(self, message: FakeMessage) -> None:
        """A moderator deletes a message (the bot, without the message intent, is not told)."""
        self._fake.delete_message(message)

    def delete_channel(self, channel: Channel) -> None:
        """A moderator deletes the channel: later calls about it or its messages get 404 10003."""
        guild = channel.guild
        guild.channels.remove(channel)
        for message in self._fake.messages.values():
            if message.channel is channel:
                message.deleted = True
        self._fake.gateway.dispatch_to_guild(guild.id, "CHANNEL_DELETE", channel.payload())
        self._fake.changed()

    def remove_member(self, guild: Guild, member: Member) -> None:
        """The member leaves the server; the user stays known to Discord (and to slash options)."""
        del guild.members[member.id]
        payload: dict[str, Any] = {"guild_id": str(guild.id), "user": member.user.payload()}
        self._fake.gateway.dispatch_to_guild(guild.id, "GUILD_MEMBER_REMOVE", payload)
        self._fake.changed()
