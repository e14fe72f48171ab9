"""What every page can reach: the settings, the store, the decks, Discord, the clock, and the bot when in-process."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime

from aiohttp import web

from bot.bank.bank import Bank
from bot.bank.loader import load_folder
from bot.decks.deck_versions import ParsedDecks, load_guild_decks
from bot.host.config import WebSettings
from bot.store import Store
from bot.web.discord_api import DiscordApi
from bot.web.rate_limits import WriteLimiter

log = logging.getLogger(__name__)

Clock = Callable[[], datetime]
DecksChanged = Callable[[int], Awaitable[None]]


def utcnow() -> datetime:
    return datetime.now(UTC)


@dataclass
class WebContext:
    """The dashboard's dependencies, made once per process and kept on the app (request.app[CONTEXT])."""

    settings: WebSettings
    store: Store
    bank: Bank
    discord: DiscordApi
    clock: Clock = utcnow
    limiter: WriteLimiter = field(default_factory=WriteLimiter)
    # In the bot's own process, the bot's hook to take a server's changed decks at once; elsewhere None
    # and the bot sees the store's deck version go up instead.
    on_decks_changed: DecksChanged | None = None
    deck_versions: dict[int, int] = field(
        default_factory=dict
    )  # the version of each server's decks in `bank`
    # Every server deck parsed once per text, off the event loop; inside the bot, the bot's own cache.
    parsed: ParsedDecks = field(default_factory=ParsedDecks)
    _reloading: dict[int, asyncio.Lock] = field(default_factory=dict, repr=False)

    async def decks_changed(self, guild_id: int) -> None:
        """A page changed the server's decks in the store: count a new version and tell the bot."""
        async with self._lock(guild_id):
            version = await self.store.bump_deck_version(guild_id)
            await self.reload_guild_decks(guild_id)
            self.deck_versions[guild_id] = version
        if self.on_decks_changed is not None:
            await self.on_decks_changed(guild_id)

    async def fresh_bank(self, guild_id: int) -> Bank:
        """The bank, with the server's decks as the store has them now (another process may have changed them).

        Pages asking at once for a server whose decks changed wait for one reload: the first reads and
        parses, the others find the version it loaded.
        """
        version = await self.store.deck_version(guild_id)
        if self.deck_versions.get(guild_id, 0) != version:
            async with self._lock(guild_id):
                if self.deck_versions.get(guild_id, 0) != version:
                    await self.reload_guild_decks(guild_id)
                    self.deck_versions[guild_id] = version
        return self.bank

    async def reload_guild_decks(self, guild_id: int) -> None:
        """Replace the server's decks in the bank with those in the store (parsed in a worker thread)."""
        await load_guild_decks(self.bank, self.store, self.parsed, guild_id)

    def _lock(self, guild_id: int) -> asyncio.Lock:
        return self._reloading.setdefault(guild_id, asyncio.Lock())


async def load_bank(settings: WebSettings, store: Store, parsed: ParsedDecks) -> Bank:
    """The built-in decks and every server's, as the bot loads them at its start."""
    decks, problems = await asyncio.to_thread(load_folder, settings.questions_path)
    for problem in problems:
        log.warning("deck problem: %s", problem)
    bank = Bank(decks)
    for deck in await asyncio.to_thread(parsed.load, None, await store.guild_decks()):
        bank.add(deck)
    return bank


CONTEXT = web.AppKey("context", WebContext)


def context_of(request: web.Request) -> WebContext:
    return request.app[CONTEXT]
