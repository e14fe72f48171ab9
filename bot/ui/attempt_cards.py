"""A member's private assignment attempt as Components V2 cards, when the server's card style is "cards"
(bot/store/records.py): the question and its buttons in one card of the deck's accent colour, then the
feedback with the next question (or the summary) in one card (bot/ui/round_layout.py's embeds_card).
The first screen follows the server's setting, each later one the message clicked; the order picker is
a message of its own, so its Submit follows the server's setting (its picker, an embed, becomes a card)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.ui.round_layout import accent_of, embeds_card


def attempt_screen(
    embeds: Sequence[discord.Embed], view: discord.ui.View | None, deck_title: str, *, cards: bool
) -> dict[str, Any]:
    """An attempt's message arguments: the embeds and their view, or (`cards`) one card holding all."""
    if not cards:
        return {"embeds": list(embeds), "view": view}
    return {"view": embeds_card(embeds, view, accent_of(deck_title))}
