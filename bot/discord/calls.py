"""Calls to Discord that ride out its bad days: bounded retries with backoff and jitter, and what a 404 means.

discord.py already waits out 429s (honouring retry_after) and retries 500/502/504 a few times, but it
raises at once on a 503 and gives up on the others after its own tries. RetryPolicy.call goes on from
there for a bounded time; it never sleeps on a 429 discord.py is handling, since that never reaches us.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TypeVar

import aiohttp
import discord

log = logging.getLogger(__name__)

T = TypeVar("T")

# Discord's JSON error codes that say the thing a call was about no longer exists.
UNKNOWN_CHANNEL = 10003
UNKNOWN_MESSAGE = 10008
UNKNOWN_WEBHOOK = 10015
UNKNOWN_INTERACTION = 10062
INVALID_WEBHOOK_TOKEN = 50027
# An interaction's token works for 15 minutes; past that (or past 3 s for its first answer) Discord
# answers with one of these, and there is no one left to tell.
EXPIRED_INTERACTION = frozenset({UNKNOWN_WEBHOOK, UNKNOWN_INTERACTION, INVALID_WEBHOOK_TOKEN})


class DiscordUnavailable(Exception):
    """Discord kept failing (5xx, connection errors) for the whole retry budget."""

    def __init__(self, what: str, seconds: float) -> None:
        super().__init__(f"{what}: Discord kept failing for {seconds:.1f} s")
        self.seconds = seconds


class MessageGone(Exception):
    """The message a call was about was deleted (404, Unknown Message)."""


class ChannelGone(Exception):
    """The channel a call was about was deleted, or the bot was removed from it (404, Unknown Channel)."""


def is_expired_interaction(error: BaseException) -> bool:
    """A late first answer or a follow-up after the token's 15 minutes: nobody is listening any more."""
    return isinstance(error, discord.HTTPException) and error.code in EXPIRED_INTERACTION


def _retry_after(error: discord.HTTPException) -> float:
    response = getattr(error, "response", None)
    header = response.headers.get("Retry-After") if response is not None else None
    try:
        return float(header) if header else 0.0
    except ValueError:
        return 0.0


@dataclass(frozen=True)
class RetryPolicy:
    """Retry transient failures with exponential backoff and jitter, for at most `budget` seconds."""

    budget: float = 30.0
    first_delay: float = 0.5
    max_delay: float = 5.0
    # Injected so tests can run the policy without waiting: sleep, clock, and the jitter's randomness.
    sleep: Callable[[float], Awaitable[None]] = field(default=asyncio.sleep, repr=False)
    monotonic: Callable[[], float] = field(default=time.monotonic, repr=False)
    jitter: Callable[[], float] = field(default=random.random, repr=False)

    def delay(self, attempt: int) -> float:
        """Half the backoff step plus a random half, so many rounds retrying at once do not move in step."""
        step = min(self.max_delay, self.first_delay * 2**attempt)
        return step / 2 + step / 2 * self.jitter()

    async def call(self, what: str, make: Callable[[], Awaitable[T]]) -> T:
        """Await `make()` until it succeeds; raise DiscordUnavailable once the budget is spent.

        404s become MessageGone / ChannelGone (retrying cannot bring those back); any other client error
        (403, 400...) is raised as it is.
        """
        started = self.monotonic()
        attempt = 0
        while True:
            try:
                return await make()
            except discord.NotFound as exc:
                if exc.code == UNKNOWN_MESSAGE:
                    raise MessageGone(what) from exc
                if exc.code == UNKNOWN_CHANNEL:
                    raise ChannelGone(what) from exc
                raise
            except discord.HTTPException as exc:
                if exc.status < 500 and exc.status != 429:
                    raise
                # A 429 reaches us only once discord.py has used up its own tries; wait at least as asked.
                failure: BaseException = exc
                wait = max(self.delay(attempt), _retry_after(exc) if exc.status == 429 else 0.0)
                said = f"{exc.status}"
            except (aiohttp.ClientError, OSError, TimeoutError) as exc:
                failure = exc
                wait = self.delay(attempt)
                said = type(exc).__name__
            spent = self.monotonic() - started
            if spent + wait > self.budget:
                raise DiscordUnavailable(what, spent) from failure
            log.warning("%s: Discord answered %s; trying again in %.1f s", what, said, wait)
            await self.sleep(wait)
            attempt += 1
