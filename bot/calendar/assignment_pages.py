"""Assignments read back for the dashboard: a page of a server's assignments with who finished, started or did
not start and their average points, and one assignment's members with their progress and points.

"Did not start" counts the server's players (members who have answered in its rounds) with no attempt: the
dashboard cannot list a server's members, and they are the group an assignment is meant for. Each member's
score is bot/calendar/assignments.py's: their best attempt made in time, its points here."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING

from bot.bank.models import Deck
from bot.calendar.assignments import MemberResult, best_attempts, member_results
from bot.results.asked import Decks, assignment_deck
from bot.results.calendar_files import assignment_files
from bot.results.result_rows import kept_points
from bot.results.round_files import RoundFiles, server_zone
from bot.store import AssignmentAnswer, AssignmentRecord, AssignmentTally, AttemptRecord

if TYPE_CHECKING:
    import zoneinfo

    from bot.store import Store

# The server's players an assignment is counted against (the latest to play first).
PLAYERS = 1000
PAGE = 25


@dataclass(frozen=True, slots=True)
class MemberProgress:
    result: MemberResult
    state: str  # "done" (finished an attempt in time), "late" (finished only after the due time), "started"
    points: int  # of the best attempt made in time (0 without one)
    late_points: int | None  # of the best late attempt (None: nothing late)


@dataclass(frozen=True, slots=True)
class Progress:
    """An assignment's members: who started (each with their progress), and the players who did not."""

    record: AssignmentRecord
    members: list[MemberProgress]
    not_started: list[int]

    def count(self, state: str) -> int:
        return sum(1 for m in self.members if m.state == state)

    @property
    def finished(self) -> int:
        return self.count("done") + self.count("late")

    @property
    def average_points(self) -> float | None:
        """The mean points of the members with an attempt made in time; None without one."""
        return _average([m.points for m in self.members if not m.result.late])


def _average(points: Sequence[int]) -> float | None:
    return sum(points) / len(points) if points else None


def _state(theirs: Sequence[AttemptRecord], record: AssignmentRecord) -> str:
    finished = [a.finished_at for a in theirs if a.finished_at is not None]
    if any(at <= record.due_at for at in finished):
        return "done"
    return "late" if finished else "started"


def progress_of(
    record: AssignmentRecord,
    attempts: Sequence[AttemptRecord],
    answers: Sequence[AssignmentAnswer],
    players: Sequence[int],
) -> Progress:
    """The assignment's members from its attempts and answers; `players`: whom it counts as not started."""
    on_time, late = best_attempts(attempts, answers, record.due_at)
    points: dict[int, int] = {}
    for answer in answers:
        points[answer.attempt_id] = points.get(answer.attempt_id, 0) + kept_points(
            answer.points, answer.right
        )
    best = {a.user_id: points.get(a.id, 0) for a in attempts if a.id in on_time}
    best_late = {a.user_id: points.get(a.id, 0) for a in attempts if a.id in late}
    members = [
        MemberProgress(
            result,
            _state([a for a in attempts if a.user_id == result.user_id], record),
            best.get(result.user_id, 0),
            best_late.get(result.user_id),
        )
        for result in member_results(attempts, answers, record.due_at)
    ]
    started = {a.user_id for a in attempts}
    return Progress(record, members, [p for p in players if p not in started])


@dataclass(frozen=True, slots=True)
class Summary:
    """An assignment's line in the list: as Progress counts it, from its members' tally alone."""

    record: AssignmentRecord
    finished: int  # members who finished an attempt, in time or late
    started: int  # members who started and finished none
    not_started: int
    average_points: float | None  # as Progress.average_points


def summary_of(record: AssignmentRecord, tally: AssignmentTally | None, players: Sequence[int]) -> Summary:
    """The list's figures of one assignment from its members' tally (the store sums up their attempts by
    the rules progress_of follows); None: nobody started it."""
    if tally is None:
        return Summary(record, 0, 0, len(players), None)
    finished = len(tally.finished)
    missing = len(players) - len(tally.started.intersection(players))  # the players are each one member
    return Summary(record, finished, len(tally.started) - finished, missing, _average(tally.best_points))


@dataclass(frozen=True, slots=True)
class Assignment:
    """One assignment as its page shows it: its questions as asked, its members, the server's zone."""

    progress: Progress
    deck: Deck | None
    attempts: list[AttemptRecord]
    answers: list[AssignmentAnswer]
    zone: zoneinfo.ZoneInfo

    def files(self, names: dict[int, str]) -> RoundFiles:
        """Its results files, as /assign results writes them (bot/results/calendar_files.py)."""
        record = self.progress.record
        best = best_attempts(self.attempts, self.answers, record.due_at)
        members = [asdict(m.result) for m in self.progress.members]
        return assignment_files(
            record, self.attempts, self.answers, best, members, self.deck, names, self.zone
        )


class Assignments:
    """A server's assignments, as the dashboard lists and shows them."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def listed(self, guild_id: int, *, before: int | None) -> list[Summary]:
        """A page of the server's assignments, newest first, each with its members' figures."""
        found = await self.store.assignments_page(guild_id, before=before, limit=PAGE)
        if not found:
            return []
        tallies = await self.store.span_tallies(guild_id, found[-1].id, found[0].id)
        players = await self.store.guild_players(guild_id, limit=PLAYERS)
        by_assignment = {tally.assignment_id: tally for tally in tallies}
        return [summary_of(record, by_assignment.get(record.id), players) for record in found]

    async def zone(self, guild_id: int) -> zoneinfo.ZoneInfo:
        """The zone the server's calendar keeps (UTC until a moderator sets one)."""
        return await server_zone(self.store, guild_id)

    async def of_server(self, guild_id: int, text: str) -> AssignmentRecord | None:
        """The assignment of the path if it is this server's; None for another server's, or none."""
        record = await self.store.assignment(int(text)) if text.isdigit() and len(text) < 19 else None
        return record if record is not None and record.guild_id == guild_id else None

    async def shown(self, record: AssignmentRecord, bank: Decks) -> Assignment:
        attempts = await self.store.assignment_attempts(record.id)
        answers = await self.store.assignment_answers(record.id)
        players = await self.store.guild_players(record.guild_id, limit=PLAYERS)
        deck = await assignment_deck(self.store, bank, record)  # as it asked its questions
        zone = await server_zone(self.store, record.guild_id)
        return Assignment(progress_of(record, attempts, answers, players), deck, attempts, answers, zone)
