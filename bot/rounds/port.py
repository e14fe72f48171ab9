"""The channel port: the only way the round service reaches Discord (bot/discord/round_port.py and
round_channel.py implement it).

Narrow on purpose: post a card (uploading its image), edit it, open a thread, say a last word, and
say whether Bvunzo may post in a channel at all. Retries, Discord's edit limit and what counts as
gone are the implementation's; it tells the service only that the round was cut short, and why.
"""

from __future__ import annotations

from typing import Protocol

from bot.rounds.cards import Card, Said


class RoundCutShort(Exception):
    """Discord left the round no way on; `why` is the sentence its summary gives (written when shown)."""

    def __init__(self, why: Said) -> None:
        super().__init__(why)
        self.why = why


class RoundPosts(Protocol):
    """One round's messages in one channel. Each call names `what` it posts, for the log."""

    async def post(self, what: str, card: Card) -> int:
        """Post the card (with its image, if it has one); its message id. RoundCutShort if cut short."""
        ...

    async def edit(self, what: str, message_id: int, card: Card) -> None:
        """An edit that must be seen (a reveal, buttons opening): waits for Discord's edit limit."""
        ...

    async def edit_in_passing(self, what: str, message_id: int, card: Card) -> bool:
        """An edit the next one makes up for (the live count); False when the limit left it out."""
        ...

    async def last_word(self, what: str, card: Card) -> None:
        """A summary or notice: still said after a failure or a deleted message; never raises."""
        ...


class RoundPort(Protocol):
    def posts(self, channel_id: int, round_id: int) -> RoundPosts | None:
        """The round's posts in that channel; None when the bot knows no such channel to post in."""
        ...

    def refusal(self, channel_id: int, *, thread: bool) -> str | None:
        """Why Bvunzo may not run a round there (in a new thread under it, when `thread`); None: it may."""
        ...

    async def open_thread(self, channel_id: int, name: str) -> int:
        """A new public thread under the channel; its id. CannotPostHere-style UserError when refused."""
        ...
