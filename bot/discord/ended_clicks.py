"""The garbage of ended clicks, collected every hundred.

An Interaction and its reply hold one another, so an ended click's objects are freed only by a full
collection of the garbage collector, which the frozen start-up heap (BvunzoBot.setup_hook) made rare: a
burst's ended clicks piled up behind it (some 250 of a round of 1,000 still in memory after it, about
17 KiB each), and the allocator keeps that high-water mark. Every COLLECT_EVERY ended clicks a full
collection frees them: a few milliseconds, since the frozen heap is not walked.

Nothing waits for it: the gateway reads every event as it comes and each click is told within its
deadline (bot/ui/replies.py) whatever the database is doing.
"""

from __future__ import annotations

import gc

COLLECT_EVERY = 100  # ended clicks between two full collections of their garbage


class EndedClicks:
    """How many clicks of one client have ended; every COLLECT_EVERY, their garbage collected."""

    __slots__ = ("count",)

    def __init__(self) -> None:
        self.count = 0

    def ended(self) -> None:
        self.count += 1
        if self.count % COLLECT_EVERY == 0:
            gc.collect()
