"""Which calendar messages were posted as Components V2 cards: an edit keeps the style of its message."""

from __future__ import annotations

import discord


class PostedStyles:
    """The style each calendar message (a day's question, an assignment) was posted in, noted at its post.

    An edit must keep its message's style: a card cannot become an embed again, and a classic message stays
    classic when the server's card style changes. Noting it at the post spares each edit (the reveal, every
    progress line) a request to Discord to read the message first; only a message this process did not
    post (before a restart) is read, once.
    """

    # A day's question waits a day for its reveal, in each server this process holds: room for many.
    LIMIT = 10_000

    def __init__(self) -> None:
        self._cards: dict[int, bool] = {}

    def posted(self, message_id: int, *, cards: bool) -> None:
        self._cards[message_id] = cards
        while len(self._cards) > self.LIMIT:
            del self._cards[next(iter(self._cards))]

    async def in_cards(self, message: discord.PartialMessage) -> bool:
        """Whether `message` was posted as a card (asked of Discord only when it was not noted here)."""
        cards = self._cards.get(message.id)
        if cards is None:
            cards = (await message.fetch()).flags.components_v2
            self.posted(message.id, cards=cards)
        return cards
