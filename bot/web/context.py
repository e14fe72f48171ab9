"""What every page can reach: the settings, the store, the decks, Discord, the clock, and the bot when in-process."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime

from aiohttp import web

from bot.bank.bank import Bank
from bot.bank.loader import DeckError, load_deck_text, load_folder
from bot.config import WebSettings
from bot.store import Store
from bot.web.discord_api import DiscordApi
from bot.web.limits import WriteLimiter

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

    async def decks_changed(self, guild_id: int) -> None:
        """A page changed the server's decks in the store: count a new version and tell the bot."""
        self.deck_versions[guild_id] = await self.store.bump_deck_version(guild_id)
        await self.reload_guild_decks(guild_id)
        if self.on_decks_changed is not None:
            await self.on_decks_changed(guild_id)

    async def fresh_bank(self, guild_id: int) -> Bank:
        """The bank, with the server's decks as the store has them now (another process may have changed them)."""
        version = await self.store.deck_version(guild_id)
        if self.deck_versions.get(guild_id, 0) != version:
            await self.reload_guild_decks(guild_id)
            self.deck_versions[guild_id] = version
        return self.bank

    async def reload_guild_decks(self, guild_id: int) -> None:
        """Replace the server's decks in the bank with those in the store."""
        await reload_guild_decks(self.bank, self.store, guild_id)


async def reload_guild_decks(bank: Bank, store: Store, guild_id: int) -> None:
    for deck in list(bank.decks_for(guild_id)):
        if deck.guild_id == guild_id:
            bank.remove(deck.id, guild_id)
    for record in await store.guild_decks(guild_id):
        try:
            bank.add(
                load_deck_text(
                    record.text,
                    record.source_name,
                    guild_id=record.guild_id,
                    default_id=record.deck_id,
                    keep_valid=True,
                )
            )
        except DeckError as exc:
            log.warning("server %s deck %s no longer loads: %s", record.guild_id, record.deck_id, exc)


async def load_bank(settings: WebSettings, store: Store) -> Bank:
    """The built-in decks and every server's, as the bot loads them at its start."""
    decks, problems = load_folder(settings.questions_path)
    for problem in problems:
        log.warning("deck problem: %s", problem)
    bank = Bank(decks)
    for guild_id in {record.guild_id for record in await store.guild_decks()}:
        await reload_guild_decks(bank, store, guild_id)
    return bank


CONTEXT = web.AppKey("context", WebContext)


def context_of(request: web.Request) -> WebContext:
    return request.app[CONTEXT]
