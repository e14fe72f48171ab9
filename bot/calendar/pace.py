"""Pacing a burst of posts under Discord's global limit (50 requests a second per bot), with room to spare."""

from __future__ import annotations

import asyncio

# Each post is one request; the rest of the bot (clicks, rounds) needs the remainder of the 50.
POSTS_PER_SECOND = 40.0


class Pace:
    """At most `rate` starts a second, the first at once: `await pace.wait()` before each post."""

    def __init__(self, rate: float = POSTS_PER_SECOND) -> None:
        self.interval = 1.0 / rate
        self._next = 0.0

    async def wait(self) -> None:
        loop = asyncio.get_running_loop()
        now = loop.time()
        start = max(now, self._next)
        self._next = start + self.interval
        if start > now:
            await asyncio.sleep(start - now)
