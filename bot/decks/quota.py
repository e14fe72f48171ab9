"""How much a server may keep of its own decks: a number of decks, and of questions in all of them."""

from __future__ import annotations

from collections.abc import Iterable

from bot.bank.models import Deck
from bot.bank.part_sizes import MAX_DECKS_PER_SERVER, MAX_QUESTIONS_PER_SERVER
from bot.errors import UserError
from bot.locales import n_, slash


class ServerDecksFull(UserError):
    """The server's decks would go past its quota; the sentence says which and what to do."""


def check_room(decks: Iterable[Deck], guild_id: int, deck_id: str, adding: int = 0) -> None:
    """Refuse a deck `deck_id` of `adding` questions that the server's own `decks` leave no room for.

    `decks` may hold any decks: only the server's own count, and not `deck_id` itself, which the new
    one replaces. `adding` 0 asks before the file is read: is there room for this deck at all?
    Every save of a server's deck asks here (bot/decks/server_decks.py), whoever saves it.
    """
    mine = [d for d in decks if d.guild_id == guild_id]
    own = [d for d in mine if d.id != deck_id]
    if len(own) == len(mine) and len(own) >= MAX_DECKS_PER_SERVER:  # a new deck, not a replacement
        raise ServerDecksFull(
            n_(
                "This server has {n} deck, the most it may keep; delete one first ({cmd} in Discord, or "
                "Delete on the deck's page of the dashboard).",
                "This server has {n} decks, the most it may keep; delete one first ({cmd} in Discord, or "
                "Delete on the deck's page of the dashboard).",
                len(own),
                cmd=slash("deck delete"),
            )
        )
    total = sum(len(d.questions) for d in own) + adding
    if total > MAX_QUESTIONS_PER_SERVER:
        raise ServerDecksFull(
            n_(
                "With this deck the server's decks would hold {n} question; at most {most} are kept per "
                "server. Delete a deck first.",
                "With this deck the server's decks would hold {n} questions; at most {most} are kept per "
                "server. Delete a deck first.",
                total,
                n=total,
                most=MAX_QUESTIONS_PER_SERVER,
            )
        )
