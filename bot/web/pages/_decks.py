"""What the deck pages share: finding a server's deck, the edit check, and saving an edited deck."""

from __future__ import annotations

import asyncio

from aiohttp import web

from bot.bank import part_sizes
from bot.bank.bank import Bank
from bot.bank.editing import EditError, edited_text
from bot.bank.models import Deck
from bot.locales import N_, _, n_, number, slash
from bot.results.asked import keep_deck_versions
from bot.store import GuildDeckRecord
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
    current = await context_of(request).store.deck_version(server.id)
    return isinstance(sent, str) and sent == str(current)


async def current_version(request: web.Request, server: Server) -> int:
    return await context_of(request).store.deck_version(server.id)


def room_problem(bank: Bank, guild_id: int, deck_id: str, questions: int) -> str | None:
    """Why the server cannot keep a deck of `questions` questions under `deck_id`, as /deck import says it."""
    own = [d for d in bank.decks_for(guild_id) if d.guild_id == guild_id and d.id != deck_id]
    if bank.get(deck_id, guild_id) is None and len(own) >= part_sizes.MAX_DECKS_PER_SERVER:
        return n_(
            "This server has {n} deck, the most it may keep; delete one with {cmd} first.",
            "This server has {n} decks, the most it may keep; delete one with {cmd} first.",
            len(own),
            cmd=slash("deck delete"),
        )
    total = sum(len(d.questions) for d in own) + questions
    if total > part_sizes.MAX_QUESTIONS_PER_SERVER:
        return _(
            "With this deck the server's decks would hold {total} questions; at most {most} are kept "
            "per server. Delete a deck first.",
            total=number(total),
            most=number(part_sizes.MAX_QUESTIONS_PER_SERVER),
        )
    return None


async def save_deck(
    request: web.Request, server: Server, deck: Deck, action: str, detail: str, *, source: str | None = None
) -> Deck:
    """Keep the edited deck (checked as a whole first), tell every process, and write the audit log.

    A round already playing the deck keeps the questions it started with; the next round gets these.
    DeckError when the deck as a whole breaks a rule, EditError when the server has no room for it.
    """
    context = context_of(request)
    # Writing and reading back a deck of thousands of questions takes CPU: off the event loop.
    text, reread = await asyncio.to_thread(edited_text, deck)
    bank = await server_bank(request, server)
    problem = room_problem(bank, server.id, deck.id, len(reread.questions))
    if problem is not None:
        raise EditError(problem)
    await context.store.save_guild_deck(
        GuildDeckRecord(
            guild_id=server.id,
            deck_id=deck.id,
            source_name=(source or deck.source or f"{deck.id}.yaml")[:200],
            text=text,
            uploaded_by=server.viewer.user_id,
            uploaded_at=context.clock(),
        )
    )
    await keep_deck_versions(context.store, [reread], context.clock())  # the day each edit was made
    await context.decks_changed(server.id)
    await audit(request, server, action, detail)
    return reread
