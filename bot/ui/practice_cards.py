"""Practice's screens (a question, its feedback, the summary) as Components V2 cards, when the server's
card style is "cards" (bot/store/records.py): each embed and its buttons in one card of the deck's accent
colour (bot/ui/round_layout.py's embed_card). An edit keeps the style its message is in."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.ui import custom_ids as ids
from bot.ui.round_layout import accent_of, embed_card


def practice_screen(
    embed: discord.Embed, view: discord.ui.View | None, deck_title: str, *, cards: bool
) -> dict[str, Any]:
    """A practice message's arguments: the embed and its view, or (`cards`) one card holding both."""
    if not cards:
        return {"embed": embed, "view": view}
    return {"view": embed_card(embed, view, accent_of(deck_title))}


def in_cards(interaction: discord.Interaction[Any]) -> bool:
    """Whether the message the member clicked on is a card: its next screen is one too."""
    message = interaction.message
    return message is not None and message.flags.components_v2


def from_picker(interaction: discord.Interaction[Any]) -> bool:
    """Whether the click is an order picker's Submit (bot/ui/order_picker.py): a message of its own, not
    the practice's or the attempt's."""
    data: Any = interaction.data or {}
    custom_id = data.get("custom_id")
    return isinstance(custom_id, str) and ids.ORDER_SUBMIT.parse(custom_id) is not None


async def next_in_cards(
    interaction: discord.Interaction[Any], servers_style: Callable[[], Awaitable[bool]]
) -> bool:
    """Whether the screen after this click is a card: as the message clicked is, but after an order
    picker's Submit (the picker is an embed whatever the style) as the server's style says."""
    if from_picker(interaction):
        return await servers_style()
    return in_cards(interaction)


def cleared_picker(interaction: discord.Interaction[Any], shown: dict[str, Any]) -> dict[str, Any]:
    """A card put in an order picker's place drops the picker's own words (an embed): a card holds none."""
    if from_picker(interaction) and "embed" not in shown and "embeds" not in shown:
        return {**shown, "embeds": []}
    return shown
