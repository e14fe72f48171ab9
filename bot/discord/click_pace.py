"""How many clicks the bot works on at once: past 100, the gateway's next event waits (briefly) for one to end.

discord.py reads the gateway as fast as events come and parses each click into an Interaction (its payload,
message, member, reply and the tasks that run it) at once, whatever the number already waiting for the
event loop or the database. In a burst a machine under load cannot keep up with (500 members clicking one
question within a second), some 500 clicks were alive together, about 17 KiB each, and the allocator keeps
that high-water mark after the burst (bench/README.md, Memory). Held at the gateway, the clicks still to
come wait as bytes in the connection, in their order, and are read as soon as one in work ends.

An Interaction and its reply hold one another, so an ended click's objects wait for a full collection of
the garbage collector, which the frozen start-up heap (BvunzoBot.setup_hook) made rare: a burst's ended
clicks piled up behind it (some 250 after a round of 1,000). Every COLLECT_EVERY ended clicks the pace
collects them (a few milliseconds: the frozen heap is not walked).

A hold never stalls the bot: when no click has ended for HOLD_SECONDS (their handlers wait on something
slow, such as a database behind another program's lock), the gateway reads on freely until one ends, so
every click is still read, told within its deadline (bot/ui/replies.py) and recorded.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc

IN_WORK_LIMIT = 100  # clicks in work at once before the gateway waits for one to end
HOLD_SECONDS = 0.25  # at most this long without any click ending, then the gateway reads on
COLLECT_EVERY = 100  # ended clicks between two full collections of their garbage


class ClickPace:
    """The clicks one client has in work, and the gateway's wait for room among them."""

    __slots__ = ("_ended", "_room", "_stalled", "in_work", "limit")

    def __init__(self, limit: int = IN_WORK_LIMIT) -> None:
        self.limit = limit
        self.in_work = 0
        self._ended = 0  # clicks ended so far: whether any ended during a wait
        self._stalled = False  # no click ended during the last wait: read on until one does
        self._room = asyncio.Event()

    def began(self) -> None:
        self.in_work += 1

    def ended(self) -> None:
        self.in_work -= 1
        self._ended += 1
        if self._ended % COLLECT_EVERY == 0:
            gc.collect()
        self._stalled = False
        if self.in_work < self.limit:
            self._room.set()

    async def room(self, hold: float = HOLD_SECONDS) -> None:
        """Until fewer than `limit` clicks are in work, or `hold` seconds pass with none ending."""
        while self.in_work >= self.limit and not self._stalled:
            ended = self._ended
            self._room.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._room.wait(), hold)
            if self._ended == ended:
                self._stalled = True
