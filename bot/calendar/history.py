"""What became of a schedule's recent occurrences, in the words `/quiz schedule list` shows them."""

from __future__ import annotations

from datetime import datetime

from bot.calendar.occurrences import LATE_LIMIT
from bot.locales import _
from bot.looks.text import stamp
from bot.store import OccurrenceRecord

# The occurrences `/quiz schedule list` tells about, per schedule (newest first).
RECENT = 3


def became(occurrence: OccurrenceRecord, now: datetime) -> str:
    """One occurrence's fate: started round N, skipped because…, missed, or still starting.

    A claim with no round past LATE_LIMIT will never get one (the process died between the claim and the
    start, and none came back in time): it reads as missed, as an occurrence the bot slept through does.
    """
    when = stamp(occurrence.occurrence_at, "f")
    if occurrence.outcome == "started" and occurrence.round_id is not None:
        return _("{when}: started round {id}", when=when, id=occurrence.round_id)
    if occurrence.outcome == "skipped":
        return _("{when}: skipped because {reason}", when=when, reason=occurrence.detail or "?")
    if occurrence.outcome == "pending" and now - occurrence.occurrence_at <= LATE_LIMIT:
        return _("{when}: starting", when=when)
    return _("{when}: missed (the bot was down)", when=when)


def recent_lines(occurrences: list[OccurrenceRecord], now: datetime) -> list[str]:
    """The schedule's recent occurrences (the store's, newest first), one line each; none kept before
    occurrences had outcomes ("done") are left out."""
    return [became(o, now) for o in occurrences if o.outcome != "done"][:RECENT]
