"""One running round: the task that posts, times, reveals and closes its questions, and its answers.

It waits on the host's clock (a question's deadline, the pause, the live count's next edit) and on
`wake` (an answer, a skip, a stop), whichever comes first, so a test that moves its clock drives it.
Its posts go through the channel port as cards; the round never sees a Discord object.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TypeVar, Unpack

from bot.achievements import award_round
from bot.bank.mixed import origin
from bot.bank.models import Deck
from bot.locales import N_, SOURCE, _, number, speaking
from bot.quiz import AlreadyAnsweredError, RoundState, Verdict
from bot.quiz.achievements import RoundBadges
from bot.quiz.given import AnswerGiven
from bot.quiz.standings import Standings
from bot.reviews import Reviews, save_reviews
from bot.rounds import cards
from bot.rounds.host import RoundHost
from bot.rounds.port import RoundCutShort, RoundPort, RoundPosts
from bot.rounds.stored import answer_to_keep, restored_answer
from bot.store import Answer, PollVote, RoundRecord, StoreUnavailable

log = logging.getLogger(__name__)

# The live "N answered" edit happens at most once per this many seconds per message, so the edits of a
# question stay constant however many people play (Discord rate-limits message edits per channel).
LIVE_EDIT_INTERVAL = timedelta(seconds=2)
# What a channel hears, above the scores so far, when a bug inside Bvunzo ends its round.
BROKEN = N_("This round hit an error inside Bvunzo and was closed; every answer given so far counts.")
# How long a reveal waits for the answers being written (the store retries a busy file for a few seconds).
WRITES_BOUND = 10.0
# How long the round's own writes (a question posted, revealed, the round closed) wait out a database
# that cannot be reached before the round ends with its scores so far; the store resumes it at the next start.
WEATHER_SECONDS = 600.0
UNREACHABLE = N_(
    "Bvunzo could not reach its database for 10 minutes, so this round stops here; every answer given "
    "so far counts, and it resumes when the bot next starts."
)

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Locked:
    """An answer the store committed: the verdict, and the team a member without one was placed on."""

    verdict: Verdict
    placed_on: int | None


class RunningRound:
    def __init__(
        self,
        host: RoundHost,
        port: RoundPort,
        record: RoundRecord,
        deck: Deck,
        state: RoundState,
        posts: RoundPosts,
        *,
        pause_seconds: int,
        resumed: bool,
        on_end: Callable[[RunningRound], None],
    ) -> None:
        self.host = host
        self.port = port
        self.record = record
        self.deck = deck
        self.state = state
        self.posts = posts
        self.pause_seconds = pause_seconds
        self.resumed = resumed
        self._on_end = on_end
        self._ended = False
        self.writing = 0  # answers being written to the store now
        self.written = asyncio.Event()
        self.written.set()
        self.wake = asyncio.Event()
        self.message_id: int | None = None  # the current question's message
        self.task: asyncio.Task[None] | None = None

    @property
    def round_id(self) -> int:
        return self.record.id

    def start(self) -> None:
        self.task = asyncio.create_task(self._life(), name=f"bvunzo-round-{self.round_id}")
        self.host.telemetry.round_started(self.record, resumed=self.resumed)

    def skip(self) -> None:
        self.state.skip()
        self.wake.set()

    def stop(self) -> None:
        self.state.stop()
        self.wake.set()

    async def shut_down(self) -> None:
        """Leave the round running in the store so the next start resumes it."""
        if self.task is not None and not self.task.done():
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)

    async def ended(self) -> None:
        """Until the round's task is over (its summary said)."""
        if self.task is not None:
            await asyncio.gather(self.task, return_exceptions=True)

    # -- answers ------------------------------------------------------------------------------------

    async def answer(self, user_id: int, question_index: int, **given: Unpack[AnswerGiven]) -> Locked:
        """Judge, store (committed) and count one answer (`given`: its slot, text or slots); QuizError for
        what the member did wrong.

        Answers are written concurrently (the store batches those that arrive together); a reveal first
        closes the door and waits for the answers already being written, so its counts include them.
        """
        store = self.host.store
        now = self.host.clock()
        verdict = self.state.judge(user_id, question_index, now, **given)
        self.writing += 1
        self.written.clear()
        try:
            if question_index in self.state.polls:
                await self._vote(verdict)
            else:
                await self._record(verdict)
            self.state.accept(verdict)
            self.host.telemetry.answer_recorded("round")
        finally:
            self.writing -= 1
            if self.writing == 0:
                self.written.set()
        self.wake.set()
        placed = self.state.place_late(user_id)
        if placed is not None:
            await store.save_teams(self.round_id, {user_id: placed})
        return Locked(verdict, placed)

    async def _record(self, verdict: Verdict) -> None:
        """Store an answer that scores; a member's second is refused with their first (counted if the
        round had missed it)."""
        deck_id, question_id = origin(self.deck.id, self.state.question(verdict.question_index).id)
        recorded = await self.host.store.record_answer(
            answer_to_keep(
                verdict,
                guild_id=self.record.guild_id,
                round_id=self.round_id,
                deck_id=deck_id,
                question_id=question_id,
            )
        )
        if not recorded.first:
            before = recorded.previous
            if before is not None and self.state.accept(_as_stored(verdict, before, state=self.state)):
                # The store holds an answer the round never counted: a COMMIT that went through while
                # its connection broke (the member was told it may not have been recorded).
                self.host.telemetry.answer_recorded("round")
            if before is None:
                raise AlreadyAnsweredError
            raise self.state.already_answered(verdict.question_index, before.choice, before.text)

    async def hint(self, user_id: int, question_index: int) -> int:
        """One press of Hint, kept before it is shown: how many presses the member has made now."""
        hints = self.state.next_hint(user_id, question_index, self.host.clock())
        await self.host.store.save_hints(self.round_id, question_index, user_id, hints)
        self.state.note_hints(user_id, question_index, hints)
        return hints

    async def _vote(self, verdict: Verdict) -> None:
        """A poll's vote: kept apart from the answers that score (no points, no accuracy)."""
        assert verdict.choice is not None, "a poll is answered with a button"
        before = await self.host.store.record_vote(
            PollVote(
                self.record.guild_id,
                self.round_id,
                verdict.question_index,
                verdict.user_id,
                verdict.choice,
                verdict.answered_at,
            )
        )
        if before is not None:
            raise AlreadyAnsweredError(self.state.slot_of(verdict.question_index, before.choice))

    async def join_team(self, user_id: int, team: int) -> None:
        self.state.join_team(user_id, team)
        await self.host.store.save_teams(self.round_id, {user_id: team})

    async def balance_teams(self) -> list[int]:
        """Even the teams out; each team's size after."""
        await self.host.store.save_teams(self.round_id, self.state.balance_teams())
        assert self.state.roster is not None
        return self.state.roster.sizes()

    # -- waiting ------------------------------------------------------------------------------------

    async def _sleep(self, until: datetime | None) -> None:
        """Until `until` on the clock (None: no limit), or a wake, whichever comes first.

        The caller clears `wake` right after its checks, with no await between: nothing slips in unseen.
        """
        waker = asyncio.ensure_future(self.wake.wait())
        if until is None:
            await waker
            return
        sleeper = asyncio.ensure_future(self.host.clock.sleep_until(until))
        try:
            await asyncio.wait((waker, sleeper), return_when=asyncio.FIRST_COMPLETED)
        finally:
            waker.cancel()
            sleeper.cancel()

    async def _weathered(self, write: Callable[[], Awaitable[T]]) -> T:
        """One of the round's own writes, waiting out a database that cannot be reached (the store logs it).

        Real time, not the host's clock: the weather passes on the world's clock, and a test's frozen one
        would never let it.
        """
        loop = asyncio.get_running_loop()
        gives_up = loop.time() + WEATHER_SECONDS
        pause = 1.0
        while True:
            try:
                return await write()
            except StoreUnavailable:
                if loop.time() + pause > gives_up:
                    raise
            await asyncio.sleep(pause)
            pause = min(pause * 2, 10.0)

    async def _pause(self) -> None:
        """The pause between questions; a stop ends it."""
        until = self.host.clock() + timedelta(seconds=self.pause_seconds)
        while not self.state.stopped and self.host.clock() < until:
            self.wake.clear()
            await self._sleep(until)

    # -- the round's task ---------------------------------------------------------------------------

    async def _life(self) -> None:
        try:
            try:
                await self._run()
            except RoundCutShort as cut:
                await self._finish(cut)
        except asyncio.CancelledError:
            raise  # shutting down: the round stays "running" in the store and resumes on restart
        except StoreUnavailable as error:
            # Weather the store has logged: the scores so far, and the round left to resume at the next start.
            log.warning("round %s in channel %s stops: %s", self.round_id, self.record.channel_id, error)
            self._end()
            try:
                await self._say_summary(cards.Sentence(lambda: _(UNREACHABLE)))
            except Exception:
                log.exception("round %s: could not sum up after losing the database", self.round_id)
        except Exception as error:
            log.error("round %s in channel %s failed", self.round_id, self.record.channel_id, exc_info=error)
            await self._close_after_bug()
        finally:
            self._end()

    def _end(self) -> None:
        """Free the round's channel, once."""
        if not self._ended:
            self._ended = True
            self._on_end(self)

    async def _run(self) -> None:
        if self.resumed:
            at, total = self.state.resuming_at, self.state.question_count
            resuming = cards.Sentence(
                lambda: _(
                    "Bvunzo restarted: resuming this round at question {at} of {total}. "
                    "Every answer given before the restart still counts.",
                    at=number(at),
                    total=number(total),
                )
            )
            await self.posts.post("the resume notice", cards.Notice(resuming))  # i18n: not shown
        else:
            await self._introduce()
        index = self.state.next_index
        while index is not None:
            await self._post_question(index)
            await self._wait_for_reveal()
            await self._reveal()
            if self.state.next_index is not None:
                await self._pause()  # a stop during the pause ends the round here
            index = self.state.next_index
        await self._finish()

    async def _introduce(self) -> None:
        started_by = self.record.started_by or None
        intro = cards.IntroCard(
            self.round_id, self.deck, self.state.question_count, self.state.options, started_by
        )
        intro_id = await self.posts.post("the intro", intro)  # i18n: not shown
        await self._weathered(lambda: self.host.store.set_intro_message(self.round_id, intro_id))
        if self.state.roster is not None:
            teams = cards.TeamsCard(self.round_id, self.state.roster.teams)
            await self.posts.post("the team message", teams)  # i18n: not shown
            await self._pause()  # a moment to pick a team; whoever comes later still can

    def _question_card(self, *, reading: bool) -> cards.QuestionCard:
        state = self.state
        index = state.current
        return cards.QuestionCard(
            round_id=self.round_id,
            index=index,
            total=state.question_count,
            question=state.question(index),
            order=state.order(index),
            deck_title=self.deck.title,
            deadline=state.deadline,
            answered=state.answered_count,
            opens_at=state.opens_at if reading else None,
            untimed=state.untimed,
            hints=state.hints_on,
        )

    async def _post_question(self, index: int) -> None:
        posted_at = self.host.clock()
        self.state.open_question(index, posted_at)
        reading = self.state.reading(posted_at)
        self.message_id = await self.posts.post(f"question {index + 1}", self._question_card(reading=reading))
        message_id = self.message_id
        await self._weathered(
            lambda: self.host.store.post_question(self.round_id, index, message_id, posted_at)
        )
        if reading:
            await self._open_buttons()

    async def _open_buttons(self) -> None:
        """Wait out the reading time (a skip or stop ends it), then enable the buttons: one edit."""
        while True:
            now = self.host.clock()
            if self.state.reveal_due(now):
                return  # skipped or stopped while being read: straight to the reveal
            opens_at = self.state.opens_at
            if opens_at is None or now >= opens_at:
                break
            self.wake.clear()
            await self._sleep(opens_at)
        if self.message_id is not None:
            await self.posts.edit(
                f"opening the buttons of question {self.state.current + 1}",  # i18n: not shown
                self.message_id,
                self._question_card(reading=False),
            )

    async def _wait_for_reveal(self) -> None:
        shown = self.state.answered_count
        next_edit = self.host.clock() + LIVE_EDIT_INTERVAL
        while True:
            now = self.host.clock()
            if self.state.reveal_due(now):
                return
            pending = self.state.answered_count != shown
            if pending and now >= next_edit:
                counted = self.state.answered_count
                next_edit = now + LIVE_EDIT_INTERVAL
                if await self._edit_live_count():
                    shown = counted
                continue
            # An untimed question has no deadline: it waits for answers (each wakes this loop) or a Reveal.
            moments = [] if (deadline := self.state.deadline) is None else [deadline]
            if pending:
                moments.append(next_edit)
            self.wake.clear()
            await self._sleep(min(moments) if moments else None)

    async def _edit_live_count(self) -> bool:
        """False when the channel's edit pace left it out: it is tried again after the interval."""
        if self.message_id is None:
            return True
        card = self._question_card(reading=False)
        return await self.posts.edit_in_passing("the live count", self.message_id, card)  # i18n: not shown

    async def _reveal(self) -> None:
        state = self.state
        state.close()
        try:
            await asyncio.wait_for(self.written.wait(), timeout=WRITES_BOUND)
        except TimeoutError:
            log.warning("round %s: the reveal went on without answers still being written", self.round_id)
        now = self.host.clock()
        index = state.current
        reveal = state.reveal(now)
        await self._weathered(lambda: self.host.store.reveal_question(self.round_id, index, now))
        await self._review(index, now)
        question = state.question(index)
        live = self.record.standings == Standings.LIVE
        card = cards.RevealCard(
            round_id=self.round_id,
            index=index,
            total=state.question_count,
            question=question,
            order=state.order(index),
            reveal=reveal,
            deck_title=self.deck.title,
            names=self.record.standings != Standings.HIDDEN,
            # Worked out once per question, at the reveal it is shown in: no edit of its own.
            standings=tuple(state.scores()) if live else (),
            teams=tuple(state.team_results()) if live else (),
            reported=origin(self.deck.id, question.id),  # a mixed round's question, in its own deck
        )
        if self.message_id is not None:
            what = f"the reveal of question {index + 1}"  # i18n: not shown
            await self.posts.edit(what, self.message_id, card)

    async def _review(self, index: int, now: datetime) -> None:
        """Round answers are reviews too: once per question, at its reveal (not on every click)."""
        if index in self.state.polls:
            return  # a poll has no right answer to remember
        deck_id, question_id = origin(self.deck.id, self.state.question(index).id)
        reviews = Reviews(deck_id, question_id, now)
        for user_id, verdict in self.state.answers(index).items():
            reviews.add(user_id, verdict.right, verdict.share, hints=verdict.hints)
        try:
            await save_reviews(self.host.store, reviews)
        except StoreUnavailable:  # weather, already logged by the store: the schedules stay as they were
            log.info("round %s: review schedules of question %s left unchanged", self.round_id, index)
        except Exception:
            log.exception(
                "round %s: could not update the review schedules of question %s", self.round_id, index
            )

    # -- the end ------------------------------------------------------------------------------------

    async def _finish(self, cut: RoundCutShort | None = None) -> None:
        """Close the round in the store, free its channel, then post its summary (saying why, if cut)."""
        status = "interrupted" if cut else "stopped" if self.state.stopped else "finished"
        note = cut.why if cut else None
        ended = self.host.clock()
        reason = _in_english(note)
        await self._weathered(lambda: self.host.store.finish_round(self.round_id, status, ended, reason))
        self.host.telemetry.round_ended(self.record, status, self.state.questions_played)
        self._end()
        badges = await self._award(ended)
        await self._say_summary(note, badges)

    async def _award(self, now: datetime) -> tuple[RoundBadges, ...]:
        """The badges the round's players newly earned; none when the store cannot say (the round ended)."""
        try:
            return await award_round(self.host.store, self.record.guild_id, self.state, now)
        except StoreUnavailable:  # weather, logged by the store: the next round awards what this one missed
            log.info("round %s: badges left for the next round", self.round_id)
        except Exception:
            log.exception("round %s: could not award its badges", self.round_id)
        return ()

    async def _close_after_bug(self) -> None:
        """A bug inside Bvunzo: close the round with its scores so far and one sentence; nothing more."""
        try:
            await self.host.store.finish_round(
                self.round_id,
                "interrupted",
                self.host.clock(),
                "an error inside the bot",  # i18n: not shown (the stored reason, for the host)
            )
            self.host.telemetry.round_ended(self.record, "interrupted", self.state.questions_played)
            self._end()  # closed in the store: free the channel now, not after a send that may be slow
            try:
                await self._say_summary(cards.Sentence(lambda: _(BROKEN)))
            except Exception:  # the bug may be in the scores themselves: the sentence alone then
                log.exception("round %s: could not sum up after a failure", self.round_id)
                broken = cards.Notice(cards.Sentence(lambda: _(BROKEN)))
                await self.posts.last_word("the error notice", broken)  # i18n: not shown
        except Exception:
            log.exception("round %s: could not close after a failure", self.round_id)

    async def _say_summary(self, note: cards.Said | None, badges: tuple[RoundBadges, ...] = ()) -> None:
        summary = self.summary(note, badges)
        await self.posts.last_word("the summary", summary)  # i18n: not shown
        parent_id = self.record.parent_channel_id
        if parent_id is not None:
            # A round in a thread tells the channel the thread is under how it ended, buttons included;
            # posts of its own, so a deleted thread does not keep the parent from hearing it.
            parent = self.port.posts(parent_id, self.round_id)
            if parent is not None:
                await parent.last_word("the summary in the parent channel", summary)  # i18n: not shown

    def summary(
        self, note: cards.Said | None = None, badges: tuple[RoundBadges, ...] = ()
    ) -> cards.SummaryCard:
        state = self.state
        return cards.SummaryCard(
            round_id=self.round_id,
            deck=self.deck,
            scores=tuple(state.scores()),
            questions_played=state.questions_played,
            note=note,
            podium=self.record.podium,
            teams=tuple(state.team_results()),
            badges=badges,
        )


def _in_english(said: cards.Said | None) -> str | None:
    """What the store keeps of why a round ended: the host's language, English."""
    if said is None:
        return None
    with speaking(SOURCE):
        return str(said)


def _as_stored(verdict: Verdict, stored: Answer, *, state: RoundState) -> Verdict:
    """The member's answer as the store kept it, in place of the click that found it there."""
    return state.verdict_of(restored_answer(stored), streak=verdict.streak if stored.right else 0)
