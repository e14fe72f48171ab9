"""A server's decks changed in another process (the web dashboard, another shard): take the new ones.

Every change to a server's decks counts the store's deck version for that server up by one (the
dashboard's pages do). Before a command runs in a server, the bot compares the version it holds with
the store's and, when the store's is newer, loads that server's decks again. A round already playing a
deck keeps the deck it started with; the next round plays the new one.

Every stored deck, the bot's and the dashboard's alike, is parsed through `ParsedDecks`, in a worker
thread, and only when its text is new to this process. `DeckVersions.load_every` is the one loading of
every server's decks into a bank, at the bot's start and the dashboard's alike.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.bank.bank import Bank
from bot.bank.deck_cache import DeckCache, entry_key
from bot.bank.models import Deck
from bot.bank.problems import DeckError
from bot.store import GuildDeckRecord, StoreError

if TYPE_CHECKING:
    from bot.store import Store

log = logging.getLogger(__name__)

# How often one server's version is asked for at most, and how long the bot waits for the answer:
# a command must still be answered within Discord's 3 s when the database is slow.
CHECK_EVERY_SECONDS = 1.0
PATIENCE_SECONDS = 0.5


@dataclass(frozen=True, slots=True)
class _Parsed:
    digest: bytes  # of the record's source name and text
    deck: Deck | None  # None: the text does not load (its reason logged once)


def record_digest(record: GuildDeckRecord) -> bytes:
    """What tells one stored text of a deck from another (its file name and text), in 16 bytes."""
    return hashlib.blake2b(f"{record.source_name}\n{record.text}".encode(), digest_size=16).digest()


class ParsedDecks:
    """Each server deck as last parsed, kept by (server, deck id) with the digest of its stored text.

    Loading a server's decks parses only the texts it has not parsed before: twelve pages asking at once
    for a deck that did not change parse it at most once, and an edit of one deck leaves the server's
    other decks as they were. `load` parses: call it in a worker thread (asyncio.to_thread), never on the
    event loop, where a deck of thousands of questions would stall every round for a moment.
    """

    def __init__(self) -> None:
        self.parses = 0  # texts parsed so far (what the cache saved is what this does not count)
        self._kept: dict[tuple[int, str], _Parsed] = {}
        self._lock = threading.Lock()  # the bot's checks and the dashboard's pages may load at once

    def load(
        self, guild_id: int | None, records: Sequence[GuildDeckRecord], cache: DeckCache | None = None
    ) -> list[Deck]:
        """The decks of `records`, all of one server's (or, with None, every server's) decks.

        A deck the server no longer has is forgotten. With `cache` (the bot's start), a text it kept is
        not parsed but read from it (bot/bank/deck_cache.py).
        """
        decks = []
        seen = set()
        for record in records:
            seen.add((record.guild_id, record.deck_id))
            deck = self.deck_of(record, cache)
            if deck is not None:
                decks.append(deck)
        with self._lock:
            for key in [k for k in self._kept if k not in seen and guild_id in (None, k[0])]:
                del self._kept[key]
        return decks

    def deck_of(self, record: GuildDeckRecord, cache: DeckCache | None = None) -> Deck | None:
        """What `record` loads to (None: its text does not load), parsed only when its text is new here.

        Parses: call it in a worker thread, as `load`."""
        key = (record.guild_id, record.deck_id)
        digest = record_digest(record)
        with self._lock:
            kept = self._kept.get(key)
        if kept is None or kept.digest != digest:
            kept = _Parsed(digest, _parse(record) if cache is None else _through(cache, record))
            with self._lock:
                self._kept[key] = kept
                self.parses += 1
        return kept.deck

    def digest(self, guild_id: int, deck_id: str) -> bytes | None:
        """The record_digest of the text the deck was last parsed from here (None: not parsed here)."""
        with self._lock:
            kept = self._kept.get((guild_id, deck_id))
        return None if kept is None else kept.digest

    def note(self, record: GuildDeckRecord, deck: Deck) -> None:
        """`deck` is what `record`, just saved by this process, loads to: it need not be parsed again."""
        with self._lock:
            self._kept[(record.guild_id, record.deck_id)] = _Parsed(record_digest(record), deck)


def _through(cache: DeckCache, record: GuildDeckRecord) -> Deck | None:
    """The stored deck from the cache when its text is the one kept, else parsed (and kept)."""
    key = entry_key(record.text.encode(), f"{record.source_name}\0{record.guild_id}\0{record.deck_id}")
    found = cache.deck(key, None)
    if found is not None:
        return found[0]
    deck = _parse(record)
    if deck is not None:
        cache.keep(key, deck, 0)
    return deck


def _parse(record: GuildDeckRecord) -> Deck | None:
    from bot.bank.reader import read_stored_deck  # with PyYAML: loaded by the first server deck read

    began = time.perf_counter()
    try:
        deck = read_stored_deck(
            record.text,
            record.source_name,
            guild_id=record.guild_id,
            default_id=record.deck_id,
            keep_valid=True,
        )
    except DeckError as exc:
        log.warning("server %s deck %s no longer loads: %s", record.guild_id, record.deck_id, exc)
        return None
    log.debug(
        "server %s deck %s parsed: %d questions in %.1f ms",
        record.guild_id,
        record.deck_id,
        len(deck.questions),
        (time.perf_counter() - began) * 1000,
    )
    return deck


def replace_guild_decks(bank: Bank, guild_id: int, decks: Sequence[Deck]) -> None:
    """The server's own decks in `bank` become `decks` (on the loop: no parsing here, only the swap)."""
    for deck in list(bank.decks_for(guild_id)):
        if deck.guild_id == guild_id:
            bank.remove(deck.id, guild_id)
    for deck in decks:
        bank.add(deck)


class DeckVersions:
    """The version of each server's decks the bank holds, and the reload when the store's is newer."""

    def __init__(
        self,
        store: Store,
        bank: Bank,
        *,
        monotonic: Callable[[], float] = time.monotonic,
        parsed: ParsedDecks | None = None,
    ) -> None:
        self.store = store
        self.bank = bank
        self.parsed = parsed if parsed is not None else ParsedDecks()
        self._monotonic = monotonic
        self.held: dict[int, int] = {}
        self._checked: dict[int, float] = {}
        self._locks: dict[int, asyncio.Lock] = {}

    async def load_every(self, cache: DeckCache | None = None) -> int:
        """Add every server's stored decks to the bank (at a start: the built-in ones are there); how many.

        Each server's version is read before its decks, so a change made meanwhile is seen as newer. With
        `cache` (the bot's start), a text kept there is read from it, not parsed; call its `save` after.
        """
        await self.note_loaded(sorted({r.guild_id for r in await self.store.guild_decks()}))
        # Parsed in a worker thread, through the cache a dashboard in this process shares (BVUNZO_WEB).
        records = await self.store.guild_decks()
        decks = await asyncio.to_thread(self.parsed.load, None, records, cache)
        for deck in decks:
            self.bank.add(deck)
        return len(decks)

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
            decks = await asyncio.to_thread(self.parsed.load, guild_id, records)
            replace_guild_decks(self.bank, guild_id, decks)
            self.held[guild_id] = version
            log.info("server %s: decks reloaded at version %s (%d decks)", guild_id, version, len(decks))
            return True
