"""A server's decks changed in another process (the web dashboard, another shard): take the new ones.

Every change to a server's decks counts the store's deck version for that server up by one (the
dashboard's pages do). Before a command runs in a server, the bot compares the version it holds with
the store's and, when the store's is newer, loads that server's decks again. A round already playing a
deck keeps the deck it started with; the next round plays the new one.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

from bot.bank.bank import Bank
from bot.bank.loader import DeckError, load_deck_text
from bot.bank.models import Deck
from bot.store import GuildDeckRecord, Store, StoreError

log = logging.getLogger(__name__)

# How often one server's version is asked for at most, and how long the bot waits for the answer:
# a command must still be answered within Discord's 3 s when the database is slow.
CHECK_EVERY_SECONDS = 1.0
PATIENCE_SECONDS = 0.5


def _load(records: list[GuildDeckRecord]) -> list[Deck]:
    decks = []
    for record in records:
        try:
            decks.append(
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
    return decks


class DeckVersions:
    """The version of each server's decks the bank holds, and the reload when the store's is newer."""

    def __init__(self, store: Store, bank: Bank, *, monotonic: Callable[[], float] = time.monotonic) -> None:
        self.store = store
        self.bank = bank
        self._monotonic = monotonic
        self.held: dict[int, int] = {}
        self._checked: dict[int, float] = {}
        self._locks: dict[int, asyncio.Lock] = {}

    async def note_loaded(self, guild_ids: list[int]) -> None:
        """Read the versions of the servers whose decks are about to be loaded (before loading, so a
        change made meanwhile is seen as newer at the next check)."""
        for guild_id in guild_ids:
            self.held[guild_id] = await self.store.deck_version(guild_id)

    async def changed_here(self, guild_id: int) -> None:
        """This process changed the server's decks (and its bank): count the version up for the others."""
        try:
            version = await self.store.bump_deck_version(guild_id)
        except StoreError as exc:
            log.warning("server %s: could not count its decks' version up: %s", guild_id, exc)
            return
        # Held as ours only when no other process changed them in between (else the next check reloads).
        if self.held.get(guild_id, 0) == version - 1:
            self.held[guild_id] = version

    async def refresh(self, guild_id: int, *, eager: bool = False) -> bool:
        """Load the server's decks again when the store holds a newer version; True when it did.

        Asked at most once a second per server unless `eager` (a command or a schedule about to use a deck:
        one indexed read, so an edit made a moment ago elsewhere is never missed); autocomplete, which
        asks at every keystroke, is not eager. A database that does not answer in time leaves the decks as
        they are (the next command asks again).
        """
        now = self._monotonic()
        if not eager and now - self._checked.get(guild_id, -CHECK_EVERY_SECONDS) < CHECK_EVERY_SECONDS:
            return False
        self._checked[guild_id] = now
        lock = self._locks.setdefault(guild_id, asyncio.Lock())
        async with lock:
            try:
                version = await asyncio.wait_for(self.store.deck_version(guild_id), PATIENCE_SECONDS)
                if version == self.held.get(guild_id, 0):
                    return False
                records = await self.store.guild_decks(guild_id)
            except (StoreError, TimeoutError) as exc:
                log.warning("server %s: could not check its decks' version: %s", guild_id, exc)
                return False
            # Parsing a server's decks takes CPU: off the event loop, so rounds keep running.
            decks = await asyncio.to_thread(_load, records)
            for deck in list(self.bank.decks_for(guild_id)):
                if deck.guild_id == guild_id:
                    self.bank.remove(deck.id, guild_id)
            for deck in decks:
                self.bank.add(deck)
            self.held[guild_id] = version
            log.info("server %s: decks reloaded at version %s (%d decks)", guild_id, version, len(decks))
            return True
