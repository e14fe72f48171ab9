"""A round's posts and edits through Discord's bad days: retried for a while, or the round is cut short.

Every Discord call a round makes goes through RoundChannel. A transient failure (5xx, a dropped
connection) is retried with the bot's RetryPolicy; once that gives up, or once Discord says the
question message or the channel is gone (404), the call raises RoundCutShort with the sentence the
round's summary gives, and nothing more is sent to a message or a channel known to be dead.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import discord

from bot.discord_calls import ChannelGone, DiscordUnavailable, MessageGone, RetryPolicy

log = logging.getLogger(__name__)

T = TypeVar("T")

MESSAGE_GONE = "The question message was deleted, so the round ended."
CHANNEL_GONE = "The channel was deleted, so the round ended."
NO_ACCESS = "Bvunzo may no longer post in this channel, so the round ended."
UNAVAILABLE = "Discord kept failing for {seconds} seconds, so the round ended."


class RoundCutShort(Exception):
    """Discord left the round no way on; `why` is the sentence its summary gives."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


class RoundChannel:
    """The channel a round talks in; remembers what Discord said is gone so it is not called again."""

    def __init__(self, channel: discord.abc.Messageable, policy: RetryPolicy, round_id: int) -> None:
        self.channel = channel
        self.policy = policy
        self.round_id = round_id
        self.cut: RoundCutShort | None = None
        self.channel_gone = False

    async def send(self, what: str, **content: Any) -> discord.Message:
        return await self._call(what, lambda: self.channel.send(**content))

    async def send_with_file(
        self, what: str, make_file: Callable[[], discord.File | None], **content: Any
    ) -> discord.Message:
        """A post that may upload a file (a question's image): each try opens the file anew, since
        discord.py closes a file once a try has sent it."""

        def attempt() -> Awaitable[discord.Message]:
            file = make_file()
            return self.channel.send(**content) if file is None else self.channel.send(file=file, **content)

        return await self._call(what, attempt)

    async def edit(self, what: str, message: discord.Message, **content: Any) -> None:
        await self._call(what, lambda: message.edit(**content))

    async def edit_in_passing(self, what: str, message: discord.Message, **content: Any) -> None:
        """An edit the next one makes up for (the live count): one try, but a deleted message still counts."""
        if self.cut is not None:
            raise self.cut
        try:
            await RetryPolicy(budget=0).call(
                f"round {self.round_id}: {what}", lambda: message.edit(**content)
            )
        except DiscordUnavailable:
            log.warning("round %s: %s failed; the next edit catches up", self.round_id, what)
        except (MessageGone, ChannelGone, discord.Forbidden) as exc:
            raise self._cut_by(what, exc) from exc

    async def last_word(self, what: str, **content: Any) -> None:
        """The summary: still said after a deleted message or a failure, never into a deleted channel."""
        if self.channel_gone:
            return
        try:
            await self.policy.call(f"round {self.round_id}: {what}", lambda: self.channel.send(**content))
        except (discord.HTTPException, DiscordUnavailable, MessageGone, ChannelGone) as exc:
            log.warning("round %s: could not post %s: %s", self.round_id, what, exc)

    async def _call(self, what: str, make: Callable[[], Awaitable[T]]) -> T:
        if self.cut is not None:
            raise self.cut
        try:
            return await self.policy.call(f"round {self.round_id}: {what}", make)
        except (MessageGone, ChannelGone, discord.Forbidden, DiscordUnavailable) as exc:
            raise self._cut_by(what, exc) from exc

    def _cut_by(self, what: str, error: Exception) -> RoundCutShort:
        if isinstance(error, MessageGone):
            why = MESSAGE_GONE
        elif isinstance(error, ChannelGone):
            self.channel_gone = True
            why = CHANNEL_GONE
        elif isinstance(error, discord.Forbidden):
            why = NO_ACCESS
        else:
            why = UNAVAILABLE.format(seconds=f"{self.policy.budget:g}")
        log.warning("round %s: %s failed (%s): %s", self.round_id, what, error, why)
        self.cut = RoundCutShort(why)
        return self.cut
