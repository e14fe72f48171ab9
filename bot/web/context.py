"""What every page can reach: the settings, the store, the decks, Discord, the clock, and the bot when in-process."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from aiohttp import web

from bot.bank.bank import Bank
from bot.bank.loader import load_folder
from bot.bank.models import Deck
from bot.decks.deck_versions import ParsedDecks
from bot.decks.pictures import DeckPictures
from bot.decks.server_decks import ServerDecks
from bot.decks.whole_decks import WholeDecks
from bot.faces.book import MemberFaces
from bot.host.config import WebSettings
from bot.results.item_worker import ItemWorker
from bot.web.discord_api import DiscordApi
from bot.web.rate_limits import WriteLimiter

if TYPE_CHECKING:
    from bot.store import Store

log = logging.getLogger(__name__)

Clock = Callable[[], datetime]


def utcnow() -> datetime:
    return datetime.now(UTC)


@dataclass
class WebContext:
    """The dashboard's dependencies, made once per process and kept on the app (request.app[CONTEXT])."""

    settings: WebSettings
    store: Store
    # A server's own decks: every deck page asks it. Inside the bot, the bot's own (its bank, its
    # versions, its parsed decks), so a change made on a page is the bot's at once.
    decks: ServerDecks
    discord: DiscordApi
    # Computes the decks' item figures in the background (started and stopped with the server): the
    # analysis page reads what it kept and nudges it, never computes.
    item_worker: ItemWorker
    clock: Clock = utcnow
    limiter: WriteLimiter = field(default_factory=WriteLimiter)

    @property
    def bank(self) -> Bank:
        return self.decks.bank

    @property
    def whole_decks(self) -> WholeDecks:
        """Decks made, renamed, copied and deleted, over the same decks (it keeps nothing of its own)."""
        return WholeDecks(self.decks)

    @property
    def pictures(self) -> DeckPictures:
        """The pictures uploaded for the server decks' questions."""
        return DeckPictures(self.store, self.clock)

    @property
    def faces(self) -> MemberFaces:
        """The members' faces a page lists: the store's, Discord's for the ids it does not know."""
        return MemberFaces(self.store, self.discord, self.clock)

    @property
    def parsed(self) -> ParsedDecks:
        """Every server deck parsed once per text, off the event loop."""
        return self.decks.versions.parsed

    async def fresh_bank(self, guild_id: int) -> Bank:
        """The bank, with the server's decks as the store has them now (another process may have changed them)."""
        return await self.decks.fresh(guild_id)


async def load_decks(settings: WebSettings, store: Store, clock: Clock) -> ServerDecks:
    """The built-in decks and every server's, as the bot loads them at its start."""
    decks, problems = await asyncio.to_thread(load_folder, settings.questions_path)
    for problem in problems:
        log.warning("deck problem: %s", problem)
    server_decks = ServerDecks(store, Bank(decks), clock)
    await server_decks.versions.load_every()
    return server_decks


def item_worker(store: Store, decks: ServerDecks, clock: Clock) -> ItemWorker:
    """The item figures' worker on these decks: a server's own as the store has them now."""

    async def find_deck(guild_id: int, deck_id: str) -> Deck | None:
        return None if "+" in deck_id else (await decks.fresh(guild_id)).get(deck_id, guild_id)

    return ItemWorker(store, find_deck, clock)


CONTEXT = web.AppKey("context", WebContext)


def context_of(request: web.Request) -> WebContext:
    return request.app[CONTEXT]
