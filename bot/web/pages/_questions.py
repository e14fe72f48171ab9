"""What the pages about one deck's questions share: the question a path names, the way back to the list."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from bot.bank.models import Deck, Question
from bot.locales import _
from bot.looks.preview import Preview
from bot.web.access import Server
from bot.web.context import context_of
from bot.web.discord_look import spans
from bot.web.pages._decks import deck_url, find_deck
from bot.web.question_pages import Place


async def editable_question(request: web.Request, server: Server) -> tuple[Deck, Question]:
    """The server's own deck and the question of it the path names (404 for either not there)."""
    deck = await find_deck(request, server, editable=True)
    return deck, question_of(deck, request)


def deck_values(request: web.Request, server: Server, deck: Deck) -> dict[str, Any]:
    """What every page about one of a deck's questions shows: the deck, its page and the way back."""
    return {"deck": deck, "deck_url": deck_url(server, deck), "back_url": back(server, deck, request)}


def question_of(deck: Deck, request: web.Request) -> Question:
    question = deck.question(request.match_info["question_id"])
    if question is None:
        raise web.HTTPNotFound(
            text=_(
                "The deck `{deck}` has no question `{question}`.",
                deck=deck.id,
                question=request.match_info["question_id"],
            )
        )
    return question


def back(server: Server, deck: Deck, request: web.Request, page: int | None = None) -> str:
    """The deck's list at the page and search the request carries (`?page=2&q=...`): a path of this
    site by construction, the deck's own path and a query of a number and the search."""
    return Place.of(request.query).url(deck_url(server, deck), page)


def place_query(request: web.Request) -> str:
    """The page and search a question page carries on to its links ("?page=2&q=cell"; "" for none)."""
    query = Place.of(request.query).query()
    return f"?{query}" if query else ""


def preview_values(shown: Preview | None, request: web.Request) -> dict[str, Any]:
    now = context_of(request).clock()
    if shown is None:
        return {"preview": None}
    return {
        "preview": shown,
        "asked_lines": spans(shown.question.embed.description, now),
        "revealed_lines": spans(shown.reveal.embed.description, now),
    }
