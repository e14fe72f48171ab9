"""What a schedule does at a moment: announce its next round, start it, or skip one missed while down."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Literal

from bot.calendar.repeats import Rule

if TYPE_CHECKING:
    import zoneinfo  # annotations only: bot/calendar/zones.py reads zones

# A process that was down still starts an occurrence this late; an older one is skipped as missed.
LATE_LIMIT = timedelta(minutes=10)

Step = Literal["wait", "announce", "start", "missed"]


@dataclass(frozen=True, slots=True)
class Decision:
    """What to do about the occurrence at `occurrence`, and where the schedule goes next."""

    step: Step
    occurrence: datetime
    # The schedule's next occurrence once this step is done (None: a `once` schedule that is over);
    # for "wait" and "announce", the occurrence itself.
    next_occurrence: datetime | None


def decide(
    rule: Rule,
    zone: zoneinfo.ZoneInfo,
    occurrence: datetime,
    now: datetime,
    *,
    announce_minutes: int,
    announced: bool,
) -> Decision:
    """The step due at `now` for a schedule whose next occurrence is `occurrence`.

    Before it: announce once its lead time is reached (when it has one and has not yet), else wait. From
    it up to LATE_LIMIT past it: start. Later: missed. When several showings passed (a process down for
    days), the decision is about the latest of them and the next occurrence is the first still ahead.
    """
    if now < occurrence:
        lead = timedelta(minutes=announce_minutes)
        if announce_minutes > 0 and not announced and now >= occurrence - lead:
            return Decision("announce", occurrence, occurrence)
        return Decision("wait", occurrence, occurrence)
    latest, after = occurrence, None if rule.repeat == "once" else rule.next_after(occurrence, zone)
    # Several showings passed while the process was down: only the latest may still start.
    while after is not None and after <= now:
        latest, after = after, rule.next_after(after, zone)
    if now - latest > LATE_LIMIT:
        return Decision("missed", latest, after)
    return Decision("start", latest, after)


def wake_at(occurrence: datetime, announce_minutes: int, announced: bool) -> datetime:
    """When the runner should next look at the schedule: its announcement, else its start."""
    if announce_minutes > 0 and not announced:
        return occurrence - timedelta(minutes=announce_minutes)
    return occurrence
