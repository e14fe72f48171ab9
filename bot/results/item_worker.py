"""The item figures' worker: computes decks' kept item figures in the background, so no page ever does.

It runs where the dashboard runs (bot/web/server.py starts and stops it, in the bot's process or in
`bvunzo web`). It is nudged when a round ends in a server (that server's decks whose kept figures no
longer match their first tries) and when a page finds a deck's figures stale or missing; a slow sweep
finds every stale deck, so figures made stale by another process (or before a restart) catch up. One
deck at a time, at most once a minute per deck (bot/results/item_figures.py: due_at), the arithmetic
off the event loop. Its clock is the caller's, so a test moves time by hand and calls work() itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from bot.bank.models import Deck
from bot.host.background import BackgroundLoop
from bot.results.item_figures import compute_figures, due_at
from bot.store import RoundRecord

if TYPE_CHECKING:
    from bot.store import Store

log = logging.getLogger(__name__)

# How often (seconds) the sweep looks for stale decks it was not told of: other processes' rounds.
SWEEP_SECONDS = 300.0

DeckKey = tuple[int, str]  # (server, deck)
FindDeck = Callable[[int, str], Awaitable[Deck | None]]


class ItemWorker(BackgroundLoop):
    """Keeps decks' item figures computed; nudge() and round_ended() ask, work() does one pass."""

    task_name = "bvunzo-item-figures"

    def __init__(
        self,
        store: Store,
        find_deck: FindDeck,
        clock: Callable[[], datetime],
        *,
        sweep_seconds: float = SWEEP_SECONDS,
    ) -> None:
        self._store = store
        self._find_deck = find_deck
        self._clock = clock
        self._sweep_every = timedelta(seconds=sweep_seconds)
        self._asked: set[DeckKey] = set()  # decks to look at in the next pass
        self._servers: set[int] = set()  # servers whose stale decks to look at (a round ended there)
        self._waiting: dict[DeckKey, datetime] = {}  # decks computed within the minute: when they may be
        self._swept_at: datetime | None = None
        self._wake = asyncio.Event()
        self._one_pass = asyncio.Lock()  # one deck at a time, whoever calls work()

    def nudge(self, guild_id: int, deck_id: str) -> None:
        """A page found this deck's figures stale or missing: look at it soon."""
        self._asked.add((guild_id, deck_id))
        self._wake.set()

    def round_ended(self, record: RoundRecord) -> None:
        """A round ended: its server's decks whose first tries changed are computed again."""
        self._servers.add(record.guild_id)
        self._wake.set()

    async def sweep(self) -> None:
        """Look at every deck, in every server, whose kept figures no longer match its first tries."""
        self._swept_at = self._clock()
        self._asked.update(await self._store.stale_item_figures())

    async def work(self) -> int:
        """One pass: every deck asked for (or waiting) whose time has come, one after the other; how
        many were computed. A deck computed within the minute waits for its minute to pass."""
        async with self._one_pass:
            for guild_id in sorted(self._servers):
                self._servers.discard(guild_id)
                self._asked.update(await self._store.stale_item_figures(guild_id))
            now = self._clock()
            ripe = {key for key, at in self._waiting.items() if at <= now}
            keys, self._asked = sorted(self._asked | ripe), set()
            done = 0
            for key in keys:
                self._waiting.pop(key, None)
                try:
                    done += await self._look_at(key)
                except Exception:  # one deck's failure (a store outage) leaves the others' turn
                    log.exception("item figures of deck %s in server %s failed", key[1], key[0])
            return done

    async def _look_at(self, key: DeckKey) -> bool:
        guild_id, deck_id = key
        deck = await self._find_deck(guild_id, deck_id)
        if deck is None:  # deleted since, or a built-in deck no longer loaded
            return False
        due = await due_at(self._store, guild_id, deck)
        now = self._clock()
        if due is None:
            return False
        if due > now:
            self._waiting[key] = due
            return False
        await compute_figures(self._store, guild_id, deck, now)
        log.debug("item figures of deck %s in server %s computed", deck_id, guild_id)
        return True

    # -- running in the background -------------------------------------------------------------------

    async def _run(self) -> None:
        while True:
            try:
                now = self._clock()
                if self._swept_at is None or now - self._swept_at >= self._sweep_every:
                    await self.sweep()
                await self.work()
            except Exception:
                log.exception("item figures: a pass failed; the next one tries again")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self._seconds_to_wait())
            self._wake.clear()

    def _seconds_to_wait(self) -> float:
        """Until the next deck waiting for its minute, or the next sweep; at least a second (the clock
        may be a test's, standing still) and at most a sweep's interval."""
        now = self._clock()
        swept = self._swept_at or now
        moments = [*self._waiting.values(), swept + self._sweep_every]
        seconds = (min(moments) - now).total_seconds()
        return min(max(seconds, 1.0), self._sweep_every.total_seconds())
