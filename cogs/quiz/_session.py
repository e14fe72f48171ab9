"""A running round in one channel: the task that posts, times, reveals and closes its questions."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, TypeVar

import discord

from bot.bank.mixed import origin
from bot.bank.models import Deck
from bot.quiz import RoundState, Verdict, reviewed
from bot.quiz.errors import AlreadyAnsweredError
from bot.quiz.standings import Standings
from bot.store import Answer, Memory, PollVote, Recorded, RoundRecord, StoreUnavailable
from bot.ui import round as render
from cogs.quiz._buttons import question_view, reveal_view, summary_view, teams_view
from cogs.quiz._channel import RoundChannel, RoundCutShort

if TYPE_CHECKING:
    from bot.app import BvunzoBot

log = logging.getLogger(__name__)

# The live "N answered" edit happens at most once per this many seconds per message, so the edits of a
# question stay constant however many people play (Discord rate-limits message edits per channel).
LIVE_EDIT_INTERVAL = timedelta(seconds=2)
# What a channel hears, above the scores so far, when a bug inside Bvunzo ends its round.
BROKEN = "This round hit an error inside Bvunzo and was closed; every answer given so far counts."
# How long the round's own writes (a question posted, revealed, the round closed) wait out a database
# that cannot be reached before the round ends with its scores so far; the store resumes it at the next start.
WEATHER_SECONDS = 600.0
UNREACHABLE = (
    "Bvunzo could not reach its database for 10 minutes, so this round stops here; every answer given "
    "so far counts, and it resumes when the bot next starts."
)

T = TypeVar("T")


@dataclass(slots=True)
class Outcome:
    recorded: Recorded
    verdict: Verdict


class RoundSession:
    def __init__(
        self,
        bot: BvunzoBot,
        record: RoundRecord,
        deck: Deck,
        state: RoundState,
        channel: discord.abc.Messageable,
        *,
        pause_seconds: int,
        resumed: bool,
        on_end: Callable[[RoundSession], Awaitable[None]],
    ) -> None:
        self.bot = bot
        self.record = record
        self.deck = deck
        self.state = state
        self.channel = channel
        # Every Discord call of the round, its edits paced on the bot's clock.
        self.posts = RoundChannel(channel, bot.discord_retry, record.id, bot.clock)
        self.pause_seconds = pause_seconds
        self.resumed = resumed
        self.on_end = on_end
        self.writing = 0  # answers being written to the store now
        self.written = asyncio.Event()
        self.written.set()
        self.wake = asyncio.Event()
        self.message: discord.Message | None = None
        self.task: asyncio.Task[None] | None = None

    @property
    def round_id(self) -> int:
        return self.record.id

    def start(self) -> None:
        self.task = asyncio.create_task(self._run_or_cut_short(), name=f"bvunzo-round-{self.round_id}")
        self.task.add_done_callback(self._task_done)
        self.bot.telemetry.round_started(self.record, resumed=self.resumed)

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

    # -- answers ------------------------------------------------------------------------------------

    async def answer(
        self, user_id: int, question_index: int, *, slot: int | None = None, text: str | None = None
    ) -> Outcome:
        """Judge, store (committed) and count one answer; raises QuizError for what the member did wrong.

        Answers are written concurrently (the store batches those that arrive together); a reveal first
        closes the door and waits for the answers already being written, so its counts include them.
        """
        now = self.bot.clock()
        verdict = self.state.judge(user_id, question_index, now, slot=slot, text=text)
        question = self.state.question(question_index)
        deck_id, question_id = origin(self.deck.id, question.id)  # a mixed round keeps each deck's own
        self.writing += 1
        self.written.clear()
        try:
            if question_index in self.state.polls:
                recorded = await self._vote(verdict)
            else:
                recorded = await self.bot.store.record_answer(
                    Answer(
                        guild_id=self.record.guild_id,
                        round_id=self.round_id,
                        question_index=question_index,
                        question_id=question_id,
                        deck_id=deck_id,
                        user_id=user_id,
                        choice=verdict.choice,
                        text=verdict.text,
                        right=verdict.right,
                        ms=verdict.ms,
                        points=verdict.points,
                        answered_at=now,
                    )
                )
            if recorded.first:
                self.state.accept(verdict)
                self.bot.telemetry.answer_recorded("round")
            elif recorded.previous is not None and self.state.accept(
                _as_stored(verdict, recorded.previous, self.state.order(question_index))
            ):
                # The store holds an answer the round never counted: a COMMIT that went through while its
                # connection broke (the member was told it may not have been recorded). It counts as stored.
                self.bot.telemetry.answer_recorded("round")
        finally:
            self.writing -= 1
            if self.writing == 0:
                self.written.set()
        self.wake.set()
        return Outcome(recorded, verdict)

    async def join_team(self, user_id: int, team: int) -> None:
        """Put the member on a team (TeamError-free: the cog checked the round has teams)."""
        assert self.state.roster is not None
        self.state.roster.join(user_id, team)
        await self.bot.store.save_teams(self.round_id, {user_id: team})

    async def place_late(self, user_id: int) -> int | None:
        """A member who answered without a team joins the smallest; None if they had one (or no teams)."""
        roster = self.state.roster
        if roster is None or roster.team_of(user_id) is not None:
            return None
        team = roster.place_late(user_id)
        await self.bot.store.save_teams(self.round_id, {user_id: team})
        return team

    async def balance_teams(self) -> list[int]:
        assert self.state.roster is not None
        await self.bot.store.save_teams(self.round_id, self.state.roster.balance())
        return self.state.roster.sizes()

    async def _vote(self, verdict: Verdict) -> Recorded:
        """A poll's vote: kept apart from the answers that score (no points, no accuracy)."""
        assert verdict.choice is not None, "a poll is answered with a button"
        before = await self.bot.store.record_vote(
            PollVote(
                self.record.guild_id,
                self.round_id,
                verdict.question_index,
                verdict.user_id,
                verdict.choice,
                verdict.answered_at,
            )
        )
        if before is None:
            return Recorded(first=True, previous=None)
        order = self.state.order(verdict.question_index)
        raise AlreadyAnsweredError(order.index(before.choice) if before.choice in order else None)

    # -- the round's task ---------------------------------------------------------------------------

    async def _run_or_cut_short(self) -> None:
        try:
            await self._run()
        except RoundCutShort as cut:
            await self._finish(cut)

    async def _run(self) -> None:
        total = self.state.question_count
        if self.resumed:
            await self.posts.send(
                "the resume notice",
                content=f"Bvunzo restarted: resuming this round at question {self.state.resuming_at} of {total}. "
                "Every answer given before the restart still counts.",
            )
        else:
            intro = await self.posts.send(
                "the intro",
                embed=render.intro_embed(
                    self.deck,
                    total,
                    self.record.seconds,
                    self.record.mode,
                    self.record.started_by,
                    untimed=self.state.untimed,
                    reading=self.state.reading_seconds,
                ),
            )
            await self._weathered(lambda: self.bot.store.set_intro_message(self.round_id, intro.id))
            if self.state.roster is not None:
                await self.posts.send(
                    "the team message",
                    embed=render.teams_embed(self.state.roster.teams),
                    view=teams_view(self.round_id, self.state.roster.teams),
                )
                await self._pause()  # a moment to pick a team; whoever comes later still can
        index = self.state.next_index
        while index is not None:
            await self._post_question(index)
            await self._wait_for_reveal()
            await self._reveal()
            if self.state.next_index is not None:
                await self._pause()  # a stop during the pause ends the round here
            index = self.state.next_index
        await self._finish()

    def _question_embed(self, *, reading: bool) -> discord.Embed:
        index = self.state.current
        return render.question_embed(
            self.state.question(index),
            self.state.order(index),
            index=index,
            total=self.state.question_count,
            deadline=self.state.deadline,
            answered=self.state.answered_count,
            deck_title=self.deck.title,
            opens_at=self.state.opens_at if reading else None,
            untimed=self.state.untimed,
        )

    def _question_view(self, *, reading: bool) -> discord.ui.View:
        index = self.state.current
        question, order = self.state.question(index), self.state.order(index)
        return question_view(
            self.round_id, index, question, order, reading=reading, untimed=self.state.untimed
        )

    async def _post_question(self, index: int) -> None:
        posted_at = self.bot.clock()
        self.state.open_question(index, posted_at)
        reading = self.state.reading(posted_at)
        embed, view = self._question_embed(reading=reading), self._question_view(reading=reading)
        question = self.state.question(index)
        self.message = await self.posts.send_with_file(
            f"question {index + 1}", lambda: render.question_file(question, index), embed=embed, view=view
        )
        message_id = self.message.id
        await self._weathered(
            lambda: self.bot.store.post_question(self.round_id, index, message_id, posted_at)
        )
        if reading:
            await self._open_buttons()

    async def _open_buttons(self) -> None:
        """Wait out the reading time (a skip or stop ends it), then enable the buttons: one edit."""
        while True:
            now = self.bot.clock()
            if self.state.reveal_due(now):
                return  # skipped or stopped while being read: straight to the reveal
            opens_at = self.state.opens_at
            if opens_at is None or now >= opens_at:
                break
            self.wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.wake.wait(), timeout=max(0.02, (opens_at - now).total_seconds()))
        if self.message is not None:
            await self.posts.edit(
                f"opening the buttons of question {self.state.current + 1}",
                self.message,
                embed=self._question_embed(reading=False),
                view=self._question_view(reading=False),
            )

    async def _wait_for_reveal(self) -> None:
        shown = self.state.answered_count
        # On the bot's clock, like the question's timer, so that a test can drive it.
        next_edit = self.bot.clock() + LIVE_EDIT_INTERVAL
        while True:
            now = self.bot.clock()
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
            waits = [] if (deadline := self.state.deadline) is None else [(deadline - now).total_seconds()]
            if pending:
                waits.append((next_edit - now).total_seconds())
            # No await between the checks above and clear(): an answer cannot slip in unseen.
            self.wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.wake.wait(), timeout=max(0.02, min(waits)) if waits else None)

    async def _edit_live_count(self) -> bool:
        """False when the channel's edit pace left it out: it is tried again after the interval."""
        if self.message is None:
            return True
        return await self.posts.edit_in_passing(
            "the live count", self.message, embed=self._question_embed(reading=False)
        )

    async def _reveal(self) -> None:
        self.state.close()
        with contextlib.suppress(TimeoutError):  # the store retries a busy file for a few seconds at most
            await asyncio.wait_for(self.written.wait(), timeout=10)
        now = self.bot.clock()
        index = self.state.current
        reveal = self.state.reveal(now)
        await self._weathered(lambda: self.bot.store.reveal_question(self.round_id, index, now))
        await self._review(index, now)
        question = self.state.question(index)
        order = self.state.order(index)
        standings = self.record.standings
        embed = render.reveal_embed(
            question,
            order,
            reveal,
            index=index,
            total=self.state.question_count,
            deck_title=self.deck.title,
            names=standings != Standings.HIDDEN,
            # Worked out once per question, at the reveal it is shown in: no edit of its own.
            standings=self.state.scores() if standings == Standings.LIVE else (),
            teams=self.state.team_results() if standings == Standings.LIVE else (),
        )
        reported = origin(self.deck.id, question.id)  # a mixed round's question is reported in its own deck
        view = reveal_view(self.round_id, index, question, order, reveal, reported)
        if self.message is not None:
            await self.posts.edit(f"the reveal of question {index + 1}", self.message, embed=embed, view=view)

    async def _review(self, index: int, now: datetime) -> None:
        """Round answers are reviews too: move each player's spaced-repetition memory of the question.

        Done once per question at its reveal (one read, one write), not on every click.
        """
        if index in self.state.polls:
            return  # a poll has no right answer to remember
        deck_id, question_id = origin(self.deck.id, self.state.question(index).id)
        rights = {user_id: verdict.right for user_id, verdict in self.state.answers(index).items()}
        try:
            kept = await self.bot.store.question_memories(deck_id, question_id, list(rights))
            before = {user_id: memory.as_state() for user_id, memory in kept.items()}
            retentions = await self.bot.store.member_retentions(list(rights))
            after = reviewed(f"{deck_id}/{question_id}", rights, before, now, retentions=retentions)
            await self.bot.store.save_memories(
                [Memory.from_state(user_id, deck_id, question_id, state) for user_id, state in after.items()]
            )
        except StoreUnavailable:  # weather, already logged by the store: the schedules stay as they were
            log.info("round %s: review schedules of question %s left unchanged", self.round_id, index)
        except Exception:
            log.exception(
                "round %s: could not update the review schedules of question %s", self.round_id, index
            )

    async def _weathered(self, write: Callable[[], Awaitable[T]]) -> T:
        """One of the round's own writes, waiting out a database that cannot be reached (the store logs it)."""
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
        self.wake.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._until_stopped(), timeout=self.pause_seconds)

    async def _until_stopped(self) -> None:
        while not self.state.stopped:
            self.wake.clear()
            await self.wake.wait()

    async def _finish(self, cut: RoundCutShort | None = None) -> None:
        """Close the round in the store, then post its summary (saying why, when Discord cut it short)."""
        status = "interrupted" if cut else "stopped" if self.state.stopped else "finished"
        note = cut.why if cut else None
        ended = self.bot.clock()
        await self._weathered(lambda: self.bot.store.finish_round(self.round_id, status, ended, note))
        self.bot.telemetry.round_ended(self.record, status, self.state.questions_played)
        await self._say_summary(note)

    async def _say_summary(self, note: str | None) -> None:
        scores = self.state.scores()
        embed = render.summary_embed(
            self.deck,
            scores,
            questions_played=self.state.questions_played,
            note=note,
            round_id=self.round_id,
            podium_size=self.record.podium,
            teams=self.state.team_results(),
        )
        await _say_summary_in(self.posts, embed, scores=bool(scores), round_id=self.round_id)
        if self.record.parent_channel_id is not None:
            await self._summary_in_parent(embed, scores=bool(scores))

    async def _summary_in_parent(self, embed: discord.Embed, *, scores: bool) -> None:
        """A round in a thread tells the channel the thread is under how it ended, buttons included."""
        parent = self.bot.get_channel(self.record.parent_channel_id or 0)
        if not isinstance(parent, discord.abc.Messageable):
            return
        # A channel of its own: a deleted thread must not keep the parent from hearing how it ended.
        posts = RoundChannel(parent, self.bot.discord_retry, self.round_id, self.bot.clock)
        await _say_summary_in(
            posts, embed, scores=scores, round_id=self.round_id, where=" in the parent channel"
        )

    def _task_done(self, task: asyncio.Task[None]) -> None:
        asyncio.get_running_loop().create_task(self._after(task))

    async def _after(self, task: asyncio.Task[None]) -> None:
        try:
            if task.cancelled():
                return  # shutting down: the round stays "running" in the store and resumes on restart
            error = task.exception()
            if isinstance(error, StoreUnavailable):
                # Weather the store has logged: the scores so far, and the round left to resume.
                log.warning("round %s in channel %s stops: %s", self.round_id, self.record.channel_id, error)
                await self.on_end(self)
                try:
                    await self._say_summary(UNREACHABLE)
                except Exception:
                    log.exception("round %s: could not sum up after losing the database", self.round_id)
            elif error is not None:
                log.error(
                    "round %s in channel %s failed", self.round_id, self.record.channel_id, exc_info=error
                )
                try:
                    await self.bot.store.finish_round(
                        self.round_id, "interrupted", self.bot.clock(), "an error inside the bot"
                    )
                    self.bot.telemetry.round_ended(self.record, "interrupted", self.state.questions_played)
                    # Closed in the store: free the channel now, not after a send that may be slow or refused.
                    await self.on_end(self)
                    try:
                        await self._say_summary(BROKEN)  # the scores so far, with the one sentence
                    except Exception:  # the bug may be in the scores themselves: the sentence alone then
                        log.exception("round %s: could not sum up after a failure", self.round_id)
                        await self.posts.last_word("the error notice", content=BROKEN)
                except Exception:
                    log.exception("round %s: could not close after a failure", self.round_id)
        finally:
            await self.on_end(self)


async def _say_summary_in(
    posts: RoundChannel, embed: discord.Embed, *, scores: bool, round_id: int, where: str = ""
) -> None:
    """The summary, with its buttons when someone played (nobody to practise or look up otherwise)."""
    if scores:
        await posts.last_word(f"the summary{where}", embed=embed, view=summary_view(round_id))
    else:
        await posts.last_word(f"the summary{where}", embed=embed)


def _as_stored(verdict: Verdict, stored: Answer, order: tuple[int, ...]) -> Verdict:
    """The member's answer as the store kept it (`order`: the question's choices as shown), in place of
    the click that found it there."""
    return dataclasses.replace(
        verdict,
        choice=stored.choice,
        text=stored.text,
        right=stored.right,
        ms=stored.ms,
        points=stored.points,
        answered_at=stored.answered_at,
        slot=order.index(stored.choice) if stored.choice in order else None,
        streak=verdict.streak if stored.right else 0,
    )
