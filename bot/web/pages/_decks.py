"""What the deck pages share: finding a server's deck, the edit check, and saving an edited deck."""

from __future__ import annotations

from aiohttp import web

from bot.bank.bank import Bank
from bot.bank.models import Deck
from bot.decks.server_decks import DeckSavedMeanwhile
from bot.locales import N_, _, slash
from bot.web.access import Server
from bot.web.changes import audit
from bot.web.context import context_of

# The hidden field every deck form carries: the server's deck version the page was drawn from.
VERSION_FIELD = "deck_version"
CHANGED_MEANWHILE = N_(
    "This server's decks changed since you opened the page (another moderator, or {cmd}); "
    "nothing was saved. Here they are as they are now: make your change again."
)


def changed_meanwhile() -> str:
    return _(CHANGED_MEANWHILE, cmd=slash("deck import"))


def deck_url(server: Server, deck: Deck | str) -> str:
    return f"/servers/{server.id}/decks/{deck if isinstance(deck, str) else deck.id}"


async def server_bank(request: web.Request, server: Server) -> Bank:
    """The bank with this server's decks as the store has them now."""
    return await context_of(request).fresh_bank(server.id)


async def find_deck(request: web.Request, server: Server, *, editable: bool = False) -> Deck:
    """The deck named in the path, as this server sees it; 404 when there is none, 403 for a built-in
    deck when the page would change it."""
    deck_id = request.match_info["deck_id"]
    deck = (await server_bank(request, server)).get(deck_id, server.id)
    if deck is None or "+" in deck_id:
        raise web.HTTPNotFound(text=_("This server has no deck `{deck}`.", deck=deck_id))
    if editable and deck.guild_id != server.id:
        raise web.HTTPForbidden(
            text=_(
                "Built-in decks are the same in every server and cannot be edited here; "
                "export it and import the file as this server's own deck to change it."
            )
        )
    return deck


async def check_version(request: web.Request, server: Server, sent: object) -> bool:
    """Whether the form was drawn from the server's decks as they are now (nobody saved meanwhile)."""
    return isinstance(sent, str) and sent == str(await current_version(request, server))


async def current_version(request: web.Request, server: Server) -> int:
    return await context_of(request).decks.version(server.id)


async def version_values(request: web.Request, server: Server) -> dict[str, object]:
    """What a page with a deck form gives its template: the version the form carries, and its field's name."""
    return {"version": await current_version(request, server), "version_field": VERSION_FIELD}


async def save_deck(request: web.Request, server: Server, deck: Deck, action: str, detail: str) -> Deck:
    """Keep the edited deck through the decks service, and write the audit log; the deck as kept.

    DeckError when the deck as a whole breaks a rule, ServerDecksFull when the server has no room for it,
    409 when another process saved the deck since the page read it.
    """
    try:
        saved = await context_of(request).decks.save_edit(server.id, deck, by=server.viewer.user_id)
    except DeckSavedMeanwhile as exc:  # saved by another process after the page's version check
        raise web.HTTPConflict(text=changed_meanwhile()) from exc
    await audit(request, server, action, detail)
    return saved.deck
