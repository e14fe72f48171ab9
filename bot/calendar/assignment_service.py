"""Assignments as a service: a moderator's assignment kept, members' attempts and answers, progress and results.

The rules are in bot/calendar/assignments.py (due times, best attempts); this service applies them to
the store and tells the assignment's message when its figures changed, through `AssignmentChannel`
(cogs/calendar/_assign_channel.py on discord.py). Cogs parse, ask this service and render.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Protocol

from bot.bank.models import Deck, Question
from bot.calendar.assignments import (
    LATE_CHOICES,
    MemberResult,
    QuestionResult,
    best_attempts,
    member_results,
    parse_due,
    progress_counts,
    question_results,
)
from bot.calendar.kinds import Given, askable, judge
from bot.calendar.qotd_service import CalendarHost, already_answered
from bot.calendar.repeats import RuleError
from bot.calendar.zones import zone_named
from bot.errors import UserError
from bot.locales import _, n_, slash
from bot.looks.text import clip, stamp
from bot.quiz.shuffle import choice_order, new_seed
from bot.results.asked import assignment_deck, keep_assignment_versions
from bot.reviews import review_assignment_answer
from bot.store import AssignmentAnswer, AssignmentRecord, AttemptRecord, GuildSettings, NewAssignment

if TYPE_CHECKING:
    from zoneinfo import ZoneInfo  # annotations only: bot/calendar/zones.py reads zones

    from bot.store import Store

log = logging.getLogger(__name__)

# The assignment message's progress is edited at most this often (Discord allows 5 edits in 5 s per
# channel; a class starting together would otherwise ask for one edit each).
PROGRESS_EVERY_SECONDS = 3.0


def member_order(record: AssignmentRecord, user_id: int, index: int, question: Question) -> tuple[int, ...]:
    """The member's own order of the question's choices: the same after a restart."""
    return choice_order(record.seed ^ user_id, index, len(question.choices), question.kind)


@dataclass(frozen=True, slots=True)
class Progress:
    """What the assignment's message says of how it is going."""

    started: int
    in_time: int
    late: int
    due_at: datetime
    closed: bool


class AssignmentChannel(Protocol):
    async def show_progress(self, record: AssignmentRecord, title: str, progress: Progress) -> None:
        """Edit the assignment's message with its figures; Discord's refusals are logged there."""
        ...


@dataclass(frozen=True, slots=True)
class Asking:
    """The next question of a member's attempt, in their own order of its choices."""

    record: AssignmentRecord
    attempt: AttemptRecord
    index: int
    question: Question
    order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Finished:
    record: AssignmentRecord
    attempt: AttemptRecord
    right: int
    late: bool
    mine: MemberResult


@dataclass(frozen=True, slots=True)
class Results:
    """An assignment's results as /assign results shows and files them."""

    attempts: Sequence[AttemptRecord]
    answers: Sequence[AssignmentAnswer]
    best: set[int]  # each member's best on-time attempt
    late: set[int]  # and their best late one
    members: list[MemberResult]
    questions: list[QuestionResult]
    deck: Deck | None  # as the assignment asked its questions
    zone: ZoneInfo


@dataclass(frozen=True, slots=True)
class Answered:
    question: Question
    order: tuple[int, ...]
    choice: int | None  # the lettered choice's original index; None for an answer kept as text
    right: bool
    then: Asking | Finished
    said: str = ""  # what the member gave, as they read it back: a letter, the letters picked, their words


# The refusals a member or a moderator reads (bot/ui/assignments.py shows them too).


def was_due(due: datetime) -> str:
    return _(
        "This assignment was due {time}; it takes no more answers, and nothing was recorded.",
        time=stamp(due),
    )


def attempts_used(attempts: int) -> str:
    return n_(
        "You have used your {n} attempt; your best one counts.",
        "You have used your {n} attempts; your best one counts.",
        attempts,
    )


def too_few_questions(deck_title: str, found: int) -> str:
    return n_(
        "“{deck}” has {n} question with an answer; ask for {n} or fewer.",
        "“{deck}” has {n} questions with an answer; ask for {n} or fewer.",
        found,
        deck=clip(deck_title, 80),
    )


class Assignments:
    def __init__(
        self,
        host: CalendarHost,
        channel: AssignmentChannel,
        *,
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
    ) -> None:
        self.host = host
        self.channel = channel
        self.sleep = sleep  # what a progress edit waits with (a test's own)
        self._progress: dict[int, asyncio.Task[None]] = {}

    @property
    def store(self) -> Store:
        return self.host.store

    async def shut_down(self) -> None:
        for task in list(self._progress.values()):
            task.cancel()

    async def edits_done(self) -> None:
        """Wait for the progress edits under way (a test's, or a shutdown's, last look)."""
        await asyncio.gather(*list(self._progress.values()), return_exceptions=True)

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """The server's settings (who its quiz masters are)."""
        return await self.store.guild_settings(guild_id)

    # -- a moderator's assignment -------------------------------------------------------------------

    async def add(
        self,
        guild_id: int,
        channel_id: int,
        by: int,
        deck: Deck,
        count: int,
        due: str,
        attempts: int,
        late: str,
    ) -> AssignmentRecord:
        """Check what a moderator asked for and keep the assignment; a UserError says what is wrong."""
        zone = zone_named((await self.store.calendar_settings(guild_id)).timezone)
        now = self.host.clock()
        try:
            due_at = parse_due(due, now, zone)
        except RuleError as exc:
            raise UserError(str(exc)) from exc
        if late not in LATE_CHOICES:
            raise UserError(_("late is allow or refuse."))
        ids = [q.id for q in deck.questions if askable(q)]
        if len(ids) < count:
            raise UserError(too_few_questions(deck.title, len(ids)))
        seed = new_seed()
        new = NewAssignment(
            guild_id=guild_id,
            channel_id=channel_id,
            deck_id=deck.id,
            question_ids=tuple(random.Random(seed).sample(ids, count)),
            seed=seed,
            due_at=due_at,
            attempts=attempts,
            late=late,
            created_by=by,
            created_at=now,
        )
        record = await self.store.add_assignment(new)
        await keep_assignment_versions(self.store, record, deck, now)  # what it asks, kept as asked
        return record

    async def posted(self, record: AssignmentRecord, message_id: int) -> None:
        await self.store.set_assignment_message(record.id, message_id)

    async def of_server(self, guild_id: int, assignment_id: int) -> AssignmentRecord:
        record = await self.store.assignment(assignment_id)
        if record is None or record.guild_id != guild_id:
            raise UserError(
                _(
                    "There is no assignment #{id} in this server; {cmd} shows them.",
                    id=assignment_id,
                    cmd=slash("assign list"),
                )
            )
        return record

    async def latest(self, guild_id: int) -> list[tuple[AssignmentRecord, str, Progress]]:
        """The server's latest assignments, each with its deck's title and progress."""
        found = await self.store.guild_assignments(guild_id)
        if not found:
            raise UserError(
                _("No assignments yet; a moderator posts one with {cmd}.", cmd=slash("assign start"))
            )
        return [(record, self.title(record), await self.progress(record)) for record in found]

    async def close(self, guild_id: int, assignment_id: int) -> None:
        if not await self.store.close_assignment(guild_id, assignment_id, self.host.clock()):
            raise UserError(
                _(
                    "There is no open assignment #{id} in this server; {cmd} shows them.",
                    id=assignment_id,
                    cmd=slash("assign list"),
                )
            )
        record = await self.store.assignment(assignment_id)
        if record is not None:
            self._progress_soon(record)

    async def results(self, record: AssignmentRecord) -> Results:
        attempts = await self.store.assignment_attempts(record.id)
        answers = await self.store.assignment_answers(record.id)
        best, late = best_attempts(attempts, answers, record.due_at)
        return Results(
            attempts=attempts,
            answers=answers,
            best=best,
            late=late,
            members=member_results(attempts, answers, record.due_at),
            questions=question_results(record.question_ids, answers, best),
            # As it asked them, whatever the deck says now.
            deck=await assignment_deck(self.store, self.host.bank, record),
            zone=zone_named((await self.store.calendar_settings(record.guild_id)).timezone),
        )

    # -- members' attempts ---------------------------------------------------------------------------

    async def _question(self, record: AssignmentRecord, index: int) -> Question | None:
        deck = await assignment_deck(self.store, self.host.bank, record)  # as the assignment asks it
        return None if deck is None else deck.question(record.question_ids[index])

    def _refuse_if_shut(self, record: AssignmentRecord) -> None:
        """A UserError when the assignment takes no Start or answer now."""
        if record.closed_at is not None:
            raise UserError(_("This assignment is closed; nothing was recorded."))
        if record.late == "refuse" and self.host.clock() >= record.due_at:
            raise UserError(was_due(record.due_at))

    async def _asking(self, record: AssignmentRecord, attempt: AttemptRecord, index: int) -> Asking:
        question = await self._question(record, index)
        if question is None:
            raise UserError(_("This assignment's deck no longer has its questions; tell a moderator."))
        return Asking(
            record, attempt, index, question, member_order(record, attempt.user_id, index, question)
        )

    async def start(self, guild_id: int | None, assignment_id: int, user_id: int) -> Asking:
        """The member's open attempt (a new one if they have attempts left) at its next question."""
        record = await self.store.assignment(assignment_id)
        if record is None or record.guild_id != guild_id:
            raise UserError(_("That assignment is not one of this server's; nothing was recorded."))
        self._refuse_if_shut(record)
        theirs = await self.store.member_attempts(record.id, user_id)
        attempt = next((a for a in theirs if a.finished_at is None), None)
        if attempt is None:
            attempt = await self.store.start_attempt(record.id, user_id, self.host.clock(), record.attempts)
            if attempt is None:
                raise UserError(attempts_used(record.attempts))
            self._progress_soon(record)
        answered = {a.question_index for a in await self.store.attempt_answers(attempt.id)}
        index = next(i for i in range(len(record.question_ids)) if i not in answered)
        return await self._asking(record, attempt, index)

    async def _own_attempt(
        self, guild_id: int | None, attempt_id: int, user_id: int
    ) -> tuple[AttemptRecord, AssignmentRecord]:
        attempt = await self.store.attempt(attempt_id)
        record = None if attempt is None else await self.store.assignment(attempt.assignment_id)
        if attempt is None or record is None or record.guild_id != guild_id:
            raise UserError(_("That assignment question is not one of this server's; nothing was recorded."))
        if attempt.user_id != user_id:
            raise UserError(
                _("That is someone else's assignment; press Start on the assignment for your own.")
            )
        self._refuse_if_shut(record)
        if attempt.finished_at is not None:
            raise UserError(
                _("That attempt is finished; press Start on the assignment for another, if you have one.")
            )
        return attempt, record

    async def asking_at(self, guild_id: int | None, attempt_id: int, index: int, user_id: int) -> Asking:
        """Question `index` of the member's own open attempt (its typed-answer form shows it)."""
        attempt, record = await self._own_attempt(guild_id, attempt_id, user_id)
        if not 0 <= index < len(record.question_ids):
            raise UserError(_("That question is not part of this assignment; nothing was recorded."))
        return await self._asking(record, attempt, index)

    async def answer(
        self, guild_id: int | None, attempt_id: int, index: int, slot: int, user_id: int
    ) -> Answered:
        """A click on a lettered button: `answer_given` with that slot."""
        return await self.answer_given(guild_id, attempt_id, index, Given(slot=slot), user_id)

    async def answer_given(
        self, guild_id: int | None, attempt_id: int, index: int, given: Given, user_id: int
    ) -> Answered:
        """Keep a member's one answer to a question of their attempt, judged as a round judges it; what
        comes next (or their summary)."""
        attempt, record = await self._own_attempt(guild_id, attempt_id, user_id)
        question = await self._question(record, index) if index < len(record.question_ids) else None
        if question is None:
            raise UserError(_("That question is not part of this assignment; nothing was recorded."))
        order = member_order(record, attempt.user_id, index, question)
        if given.slot is not None and given.slot >= len(order):
            raise UserError(_("That button isn't one this question has; nothing was recorded."))
        verdict = judge(question, order, given)
        given_before = await self.store.attempt_answers(attempt.id)
        now = self.host.clock()
        shown_at = max((a.answered_at for a in given_before), default=attempt.started_at)
        ms = max(0, int((now - shown_at).total_seconds() * 1000))
        answer = AssignmentAnswer(
            attempt.id,
            index,
            question.id,
            verdict.choice,
            verdict.right,
            ms,
            now,
            verdict.text,
            verdict.points,
        )
        before = await self.store.record_assignment_answer(answer)
        if before is not None:
            raise UserError(already_answered(question, order, before.choice, before.text))
        await review_assignment_answer(self.store, record.deck_id, attempt.user_id, answer)
        then = await self._next(record, attempt, given_before, answer, now)
        return Answered(question, order, verdict.choice, verdict.right, then, verdict.words)

    async def _next(
        self,
        record: AssignmentRecord,
        attempt: AttemptRecord,
        given_before: Sequence[AssignmentAnswer],
        answer: AssignmentAnswer,
        now: datetime,
    ) -> Asking | Finished:
        """The first question the attempt has not answered yet, or its end when `answer` was the last."""
        answered = {a.question_index for a in given_before} | {answer.question_index}
        left = [i for i in range(len(record.question_ids)) if i not in answered]
        if left:
            return await self._asking(record, attempt, left[0])
        return await self._finish(record, attempt, sum(a.right for a in given_before) + answer.right, now)

    async def _finish(
        self, record: AssignmentRecord, attempt: AttemptRecord, right: int, now: datetime
    ) -> Finished:
        await self.store.finish_attempt(attempt.id, now)
        theirs = await self.store.member_attempts(record.id, attempt.user_id)
        mine = member_results(theirs, await self.store.assignment_answers(record.id), record.due_at)[0]
        self._progress_soon(record)
        return Finished(record, attempt, right, now > record.due_at, mine)

    # -- the assignment message's progress ---------------------------------------------------------

    def title(self, record: AssignmentRecord) -> str:
        deck = self.host.bank.get(record.deck_id, record.guild_id)
        return deck.title if deck else record.deck_id

    async def progress(self, record: AssignmentRecord) -> Progress:
        started, in_time, late = progress_counts(
            await self.store.assignment_attempts(record.id), record.due_at
        )
        return Progress(started, in_time, late, record.due_at, record.closed_at is not None)

    def _progress_soon(self, record: AssignmentRecord) -> None:
        # No check of record.message_id here: a member can press Start before the post's id is stored
        # (the click racing the post's own reply); the edit reads the record again when it runs.
        if record.id in self._progress:
            return  # an edit is on its way and will read the latest figures
        self._progress[record.id] = asyncio.create_task(self._edit_progress(record.id))

    async def _edit_progress(self, assignment_id: int) -> None:
        try:
            await self.sleep(PROGRESS_EVERY_SECONDS)
            record = await self.store.assignment(assignment_id)
            if record is None or record.message_id is None:
                return
            self._progress.pop(assignment_id, None)  # figures read from here on need a later edit
            await self.channel.show_progress(record, self.title(record), await self.progress(record))
        except Exception:
            log.exception("assignment %s: the progress edit failed", assignment_id)
        finally:
            self._progress.pop(assignment_id, None)
