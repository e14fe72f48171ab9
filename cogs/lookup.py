"""Finding a deck a member named, and offering decks as they type."""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord import app_commands

from bot.bank.models import Deck
from bot.errors import UserError
from bot.locales import _, n_, slash
from bot.ui.text import AUTOCOMPLETE_CHOICES, CHOICE_NAME, clip

if TYPE_CHECKING:
    from bot.discord.client import BvunzoBot


def deck_choices(bot: BvunzoBot, guild_id: int | None, current: str) -> list[app_commands.Choice[str]]:
    needle = current.casefold().strip()
    found = []
    for deck in bot.bank.decks_for(guild_id):
        if needle in deck.id.casefold() or needle in deck.title.casefold():
            name = clip(
                n_(
                    "{title} · {n} question", "{title} · {n} questions", len(deck.questions), title=deck.title
                ),
                CHOICE_NAME,
            )
            found.append(app_commands.Choice(name=name, value=deck.id))
    return found[:AUTOCOMPLETE_CHOICES]


def find_deck(bot: BvunzoBot, deck_id: str, guild_id: int | None) -> Deck:
    deck = bot.bank.get(deck_id.strip(), guild_id)
    if deck is None:
        raise UserError(
            _(
                "There is no deck called “{deck}” in this server; {cmd} lists them.",
                deck=clip(deck_id, 60),
                cmd=slash("decks"),
            )
        )
    return deck
