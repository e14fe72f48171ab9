"""How many changes a member may make on the dashboard per minute, counted per process and member.

A write counts when it changes something (a preview, a refused form, a move to where a question already
is change nothing): bot/web/security.py takes a place in the window before the page runs, so writes sent
at once cannot all slip past a full window, and gives it back when the page changed nothing.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable

from bot.bank.part_sizes import MAX_EXPORT_BYTES

# Generous for a moderator at work (a form a second for half a minute), tight for a script.
WRITES_PER_WINDOW = 30
WINDOW_SECONDS = 60.0
# Uploads (a deck file, an import) are read whole: at most this many bytes, as for /deck import (a
# platform's export; a text file is held to the smaller deck cap once its format is known).
MAX_UPLOAD_BYTES = MAX_EXPORT_BYTES


class WriteLimiter:
    """A sliding window of each member's recent writes."""

    def __init__(
        self,
        writes: int = WRITES_PER_WINDOW,
        window: float = WINDOW_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.writes = writes
        self.window = window
        self.clock = clock
        self._recent: dict[int, deque[float]] = {}

    def allow(self, user_id: int) -> float | None:
        """Count one write; None when allowed, else the seconds until the member may write again."""
        now = self.clock()
        recent = self._recent.setdefault(user_id, deque())
        while recent and now - recent[0] >= self.window:
            recent.popleft()
        if len(recent) >= self.writes:
            return self.window - (now - recent[0])
        recent.append(now)
        if len(self._recent) > 10_000:  # forget members with nothing recent, so memory stays small
            for quiet in [
                u for u, times in self._recent.items() if not times or now - times[-1] >= self.window
            ]:
                del self._recent[quiet]
        return None

    def give_back(self, user_id: int) -> None:
        """Uncount the member's newest write (the request changed nothing after all)."""
        recent = self._recent.get(user_id)
        if recent:
            recent.pop()
