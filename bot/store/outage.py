"""Whether the database answers, as its last calls found: one WARNING per outage, /healthz failing during it."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

log = logging.getLogger(__name__)

# While an outage lasts, one WARNING line this often says how many requests it refused meanwhile.
REPEAT_SECONDS = 60.0
# An outage nobody has run into for this long (no call since) no longer fails /healthz on its own.
FORGET_SECONDS = 30.0


class Outage:
    """What a backend's calls found: trouble (a refused connection, a lock), refusals, and the recovery.

    The first trouble of an outage is one WARNING; later troubles and refusals are counted, and logged
    again only every REPEAT_SECONDS; the first call that gets through ends the outage with one INFO line.
    """

    def __init__(self, where: str, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.where = where
        self._clock = clock
        self.since: float | None = None  # when the outage began (None: the database answers)
        self.detail = ""
        self._last_trouble = 0.0
        self._last_said = 0.0
        self.refused = 0  # requests refused during this outage
        self._refused_said = 0

    @property
    def down(self) -> bool:
        return self.since is not None and self._clock() - self._last_trouble < FORGET_SECONDS

    def trouble(self, detail: str) -> None:
        """The database did not answer (or was locked): the first time in an outage, one WARNING."""
        now = self._clock()
        self._last_trouble = now
        self.detail = detail
        if self.since is None:
            self.since, self._last_said, self.refused, self._refused_said = now, now, 0, 0
            log.warning(
                "database %s unavailable: %s; rounds wait for it, members are told to send again what it "
                "cannot take (said again once a minute while it lasts)",
                self.where,
                detail,
            )
        elif now - self._last_said >= REPEAT_SECONDS:
            self._last_said = now
            log.warning(
                "database %s still unavailable after %.0f s: %s; %d requests refused in the last minute",
                self.where,
                now - self.since,
                detail,
                self.refused - self._refused_said,
            )
            self._refused_said = self.refused

    def refuse(self, detail: str) -> None:
        """A request was given up on: counted (and the outage begun, when this is its first sign)."""
        self.trouble(detail)
        self.refused += 1

    def answered(self) -> None:
        """A call got through: the outage, if there was one, is over."""
        if self.since is None:
            return
        log.info(
            "database %s answers again after %.0f s (%d requests refused meanwhile)",
            self.where,
            self._clock() - self.since,
            self.refused,
        )
        self.since = None
