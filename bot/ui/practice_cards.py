"""Practice's screens (a question, its feedback, the summary) as Components V2 cards, when the server's
card style is "cards" (bot/store/records.py): each embed and its buttons in one card of the deck's accent
colour (bot/ui/round_layout.py's embed_card). An edit keeps the style its message is in."""

from __future__ import annotations

from typing import Any

import discord

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
