"""The round service: starts, runs, resumes and ends rounds for any caller, with no interaction needed.

A command, a schedule, an assignment or a web page calls the same methods; the service decides (with
the engine), keeps the store up to date, and speaks to Discord only through the channel port as
render-neutral cards (bot/rounds/cards.py). Why cards and not embeds: bot/ui builds discord.py
objects and bot.rounds may not import discord, so the port's implementation (bot/discord/round_port.py,
round_channel.py) turns each card into its embed (bot/ui) and buttons; the service and its tests stay
free of Discord.

Who may do what (Manage Server, the quiz-master role, the round's starter) is the caller's to check:
only a caller knows who is asking. The service refuses what no caller may do, with one sentence.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Unpack

from bot.bank.mixed import mix
from bot.bank.models import Deck
from bot.errors import UserError
from bot.locales import N_, _, slash
from bot.quiz import (
    EmptyDeckError,
    MissingQuestionError,
    OptionsError,
    RestoredAnswer,
    RoundOptions,
    RoundPlan,
    RoundState,
    plan_round,
)
from bot.quiz.choosing import TooFewQuestionsError
from bot.quiz.given import AnswerGiven
from bot.quiz.hints import Hint, hint_for
from bot.results.asked import round_deck, versions_asked
from bot.rounds.cards import Notice, Sentence
from bot.rounds.errors import (
    BadOptions,
    CannotPostHere,
    ChannelBusy,
    NoSuchRound,
    NotEnoughQuestions,
    ShuttingDown,
)
from bot.rounds.host import RoundHost
from bot.rounds.port import RoundPort
from bot.rounds.running import Locked, RunningRound
from bot.rounds.stored import default_options, new_round, restored_answer, round_options
from bot.store import GuildSettings, RoundAlreadyRunning, RoundRecord

log = logging.getLogger(__name__)

# The started_by a stored round keeps when no member started it (a schedule): no Discord id is 0.
NOBODY = 0
# Seconds a shutdown waits for closed rounds to post their summaries (the bot gives its cogs 3 s).
CLOSING_GRACE = 2.0
# Why a round was closed, as the store keeps it (for the host: English).
CHANNEL_GONE = "its channel is gone"  # i18n: not shown
DECK_GONE = "its deck is no longer loaded"  # i18n: not shown
NOT_RESUMED = "it could not be resumed after a restart"  # i18n: not shown
# What the channel hears of a round that could not resume (its channel is there: so its deck is gone).
COULD_NOT_RESUME = N_(
    "The round that was running here could not resume after a restart (its deck is no longer loaded); "
    "every answer given counts on the leaderboard."
)


class RoundService:
    def __init__(self, host: RoundHost, port: RoundPort) -> None:
        self.host = host
        self.port = port
        self._rounds: dict[int, RunningRound] = {}  # by round id
        # Rounds whose channel is free again but whose last posts (the summary) are still going out:
        # a shutdown must still wait for or cancel them, or they outlive the HTTP session.
        self._closing: set[RunningRound] = set()
        self._by_channel: dict[int, RunningRound] = {}
        self._resuming = asyncio.Lock()
        # Set once the first resume pass is over (every round it could resume running again).
        self.resumed = asyncio.Event()
        self._when_ended: list[Callable[[RoundRecord], None]] = []

    def when_ended(self, listener: Callable[[RoundRecord], None]) -> None:
        """Call `listener` with each round's record as it ends, however it ends (the dashboard's item
        figures worker: the round's answers changed its decks' first tries)."""
        self._when_ended.append(listener)

    # -- what is running ----------------------------------------------------------------------------

    def running(self, round_id: int) -> RunningRound | None:
        return self._rounds.get(round_id)

    def running_in(self, channel_id: int) -> RunningRound | None:
        return self._by_channel.get(channel_id)

    def running_ids(self) -> frozenset[int]:
        return frozenset(self._rounds)

    async def round_record(self, round_id: int) -> RoundRecord | None:
        """The round as it is now: the running one's record, else the store's (None: no such round)."""
        running = self._rounds.get(round_id)
        return running.record if running else await self.host.store.get_round(round_id)

    async def defaults(self, guild_id: int) -> RoundOptions:
        """The server's round options (/quiz settings), as a new round would play with them."""
        return default_options(await self.host.store.guild_settings(guild_id))

    # -- starting -----------------------------------------------------------------------------------

    async def start(
        self,
        *,
        guild_id: int,
        channel_id: int,
        decks: Sequence[Deck],
        options: RoundOptions,
        started_by: int | None,
        thread_name: str | None = None,
        exact: bool = False,
        occurrence: tuple[int, datetime] | None = None,
        settings: GuildSettings | None = None,
    ) -> RoundRecord:
        """Start a round in the channel; its stored record (status "running", its task under way).

        With `options.thread`, or a `thread_name`, it plays in a new public thread under the channel,
        named `thread_name` (default: the deck's title); the record's channel_id is then the thread's.

        `started_by` is the member who started it (None: a schedule or another program). `exact`: the
        caller asked for exactly `options.questions` questions, so a filter keeping fewer is refused
        (otherwise a smaller deck plays all it has). Refusals are UserErrors of bot/rounds/errors.py.
        `occurrence` (schedule id, time): a schedule's claimed occurrence, given its round once
        (OccurrenceTaken from the store when it has one). `settings`: the server's settings when the
        caller has just read them (for its options), so that a start reads them once.
        """
        if self.host.closing:
            raise ShuttingDown(_("Bvunzo is restarting; start the round again in a minute."))
        if thread_name is not None:
            options = replace(options, thread=True)  # a thread's name asks for a thread
        chosen = _mixed(decks)
        self._refuse_start(channel_id, options)
        plan = _plan(chosen, options, exact=exact)
        place = await self._place(channel_id, options, thread_name or chosen.title)
        record = await self._store_new(options, guild_id, place, chosen, plan, started_by, occurrence)
        state = _state_of(record, chosen)
        pause = None if settings is None else settings.pause_seconds
        await self._launch(record, chosen, state, resumed=False, pause=pause)
        return record

    async def _store_new(
        self,
        options: RoundOptions,
        guild_id: int,
        place: tuple[int, int | None],
        chosen: Deck,
        plan: RoundPlan,
        started_by: int | None,
        occurrence: tuple[int, datetime] | None,
    ) -> RoundRecord:
        """The new round's record as the store keeps it (a channel's second round refused there)."""
        new = new_round(
            options,
            guild_id=guild_id,
            channel_id=place[0],
            parent_channel_id=place[1],
            deck_id=plan.deck_id,
            started_by=NOBODY if started_by is None else started_by,
            question_ids=plan.question_ids,
            seed=plan.seed,
            started_at=self.host.clock(),
            asked=_kept(versions_asked(chosen, plan.question_ids)),
        )
        try:
            return await self.host.store.start_round(new, occurrence)
        except RoundAlreadyRunning as exc:
            raise ChannelBusy(already_running(exc.round)) from exc

    def _refuse_start(self, channel_id: int, options: RoundOptions) -> None:
        """Options that do not hold together, a channel the bot cannot post in, or one already playing."""
        try:
            options.check()
        except OptionsError as exc:
            raise BadOptions(exc.sentence) from exc
        refusal = self.port.refusal(channel_id, thread=options.thread)
        if refusal is not None:
            raise CannotPostHere(refusal)
        running = None if options.thread else self._by_channel.get(channel_id)
        if running is not None:
            raise ChannelBusy(already_running(running.record))

    async def _place(
        self, channel_id: int, options: RoundOptions, thread_name: str
    ) -> tuple[int, int | None]:
        """(the channel the round plays in, the channel its thread is under or None)."""
        if not options.thread:
            return channel_id, None
        return await self.port.open_thread(channel_id, thread_name), channel_id

    async def _launch(
        self, record: RoundRecord, deck: Deck, state: RoundState, *, resumed: bool, pause: int | None = None
    ) -> None:
        posts = self.port.posts(record.channel_id, record.id)
        if posts is None:  # the channel went away since it was checked: close what was just stored
            await self.host.store.finish_round(record.id, "interrupted", self.host.clock(), CHANNEL_GONE)
            raise CannotPostHere(_("I can't find that channel to post the round in."))
        if pause is None:
            pause = (await self.host.store.guild_settings(record.guild_id)).pause_seconds
        running = RunningRound(
            self.host,
            self.port,
            record,
            deck,
            state,
            posts,
            pause_seconds=pause,
            resumed=resumed,
            on_end=self._forget,
        )
        self._rounds[record.id] = running
        self._by_channel[record.channel_id] = running
        running.start()

    def _forget(self, running: RunningRound) -> None:
        self._rounds.pop(running.round_id, None)
        if running.task is not None and not running.task.done():
            self._closing.add(running)
            running.task.add_done_callback(lambda _: self._closing.discard(running))
        if self._by_channel.get(running.record.channel_id) is running:
            del self._by_channel[running.record.channel_id]
        for listener in self._when_ended:
            try:
                listener(running.record)
            except Exception:
                log.exception("round %s: a listener to its end failed", running.round_id)

    # -- playing ------------------------------------------------------------------------------------

    def _live(self, round_id: int) -> RunningRound:
        running = self._rounds.get(round_id)
        if running is None:
            raise NoSuchRound(
                _("This round is not running here: it has ended, or is resuming after a restart.")
            )
        return running

    async def answer(
        self, round_id: int, user_id: int, question_index: int, **given: Unpack[AnswerGiven]
    ) -> Locked:
        """Record one member's answer (committed when this returns; `given`: its slot, text or the slots a
        multi question's menu picked); QuizError says what was refused."""
        return await self._live(round_id).answer(user_id, question_index, **given)

    async def hint(self, round_id: int, user_id: int, question_index: int) -> Hint:
        """One press of Hint on a typed question (kept when this returns); QuizError says what was refused."""
        running = self._live(round_id)
        presses = await running.hint(user_id, question_index)
        return hint_for(running.state.question(question_index), presses)

    def skip(self, round_id: int) -> None:
        """Reveal the current question now."""
        self._live(round_id).skip()

    def reveal(self, round_id: int, question_index: int) -> None:
        """Reveal question `question_index` now (an untimed round's Reveal button); refused once revealed."""
        running = self._live(round_id)
        if running.state.current != question_index or running.state.revealed:
            raise UserError(_("That question has already been revealed."))
        running.skip()

    def stop(self, round_id: int) -> None:
        """End the round now: its current question is revealed, and the points earned stay."""
        self._live(round_id).stop()

    async def join_team(self, round_id: int, user_id: int, team: int) -> None:
        await self._live(round_id).join_team(user_id, team)

    async def balance_teams(self, round_id: int) -> list[int]:
        """Even the round's teams out; each team's size after."""
        return await self._live(round_id).balance_teams()

    # -- restarts -----------------------------------------------------------------------------------

    async def resume(self) -> None:
        """Resume every running round of the servers this process holds, or close it saying why.

        Safe to call again (a reconnect): rounds already running here are left alone.
        """
        async with self._resuming:
            try:
                for record in await self.host.store.running_rounds():
                    if record.id in self._rounds or not self.host.holds_guild(record.guild_id):
                        continue  # another process runs that server's shard: the round is its to resume
                    try:
                        await self._resume(record)
                    except Exception:
                        log.exception("round %s could not be resumed", record.id)
                        await self.host.store.finish_round(
                            record.id,
                            "interrupted",
                            self.host.clock(),
                            NOT_RESUMED,
                        )
            finally:
                self.resumed.set()

    async def asked_deck(self, record: RoundRecord) -> Deck | None:
        """The round's questions as it asked them (bot/results/asked.py), whatever its deck says today."""
        return await round_deck(self.host.store, self.host.bank, record)

    async def _resume(self, record: RoundRecord) -> None:
        posts = self.port.posts(record.channel_id, record.id)
        # A deck deleted since closes the round; a deck edited since plays on with the questions the round
        # started with, kept as it asked them (one lost since included).
        deck = (
            None
            if self.host.bank.get(record.deck_id, record.guild_id) is None
            else await self.asked_deck(record)
        )
        why = None
        state = None
        if posts is None:
            why = CHANNEL_GONE
        elif deck is None:
            why = DECK_GONE
        else:
            try:
                state = await self.restored(record, deck)
            except MissingQuestionError:
                why = DECK_GONE
        if state is None or deck is None:
            await self.host.store.finish_round(record.id, "interrupted", self.host.clock(), why)
            if posts is not None:
                notice = Notice(Sentence(lambda: _(COULD_NOT_RESUME)))
                await posts.last_word("the could-not-resume notice", notice)  # i18n: not shown
            log.warning("round %s closed at restart: %s", record.id, why)
            return
        log.info(
            "resuming round %s in channel %s at question %s", record.id, record.channel_id, record.current
        )
        await self._launch(record, deck, state, resumed=True)

    async def restored(self, record: RoundRecord, deck: Deck) -> RoundState:
        """The round as the store kept it; MissingQuestionError when its deck lost one of its questions."""
        store = self.host.store
        answers = [restored_answer(a) for a in await store.round_answers(record.id)]
        # Poll votes come back as answers that were never right and earned nothing: so they were judged.
        votes = [
            RestoredAnswer(v.user_id, v.question_index, v.choice, None, False, 0, 0, v.voted_at)
            for v in await store.round_votes(record.id)
        ]
        return RoundState.restore(
            round_id=record.id,
            deck=deck,
            question_ids=record.question_ids,
            seed=record.seed,
            options=round_options(record),
            answers=answers + votes,
            current=record.current,
            revealed=record.revealed,
            team_members=await store.round_teams(record.id) if record.teams else None,
            hints=await store.round_hints(record.id),
        )

    async def shut_down(self, grace: float = CLOSING_GRACE) -> None:
        """Stop every round's task, leaving them running in the store for the next start to resume."""
        for running in list(self._rounds.values()):
            await running.shut_down()
        # A round already closed in the store gets a moment to say its summary, within SIGTERM's 5 s.
        closing = [running.task for running in self._closing if running.task is not None]
        if closing:
            await asyncio.wait(closing, timeout=grace)
        for running in list(self._closing):
            await running.shut_down()


def _kept(versions: Sequence[tuple[str, str] | None]) -> tuple[tuple[str, str], ...]:
    """What a new round keeps of each question it asks; a plan names only questions its deck has."""
    if any(v is None for v in versions):
        raise RuntimeError("a round's plan names a question its deck does not have")
    return tuple(v for v in versions if v is not None)


def _state_of(record: RoundRecord, deck: Deck) -> RoundState:
    return RoundState(
        round_id=record.id,
        deck=deck,
        question_ids=record.question_ids,
        seed=record.seed,
        options=round_options(record),
    )


def _plan(chosen: Deck, options: RoundOptions, *, exact: bool) -> RoundPlan:
    try:
        return plan_round(chosen, options.questions, only=options.only, exact=exact)
    except EmptyDeckError as exc:
        raise NotEnoughQuestions(_("“{deck}” has no questions yet.", deck=chosen.title)) from exc
    except TooFewQuestionsError as exc:
        raise NotEnoughQuestions(_("“{deck}”: {why}", deck=chosen.title, why=exc.sentence)) from exc


def _mixed(decks: Sequence[Deck]) -> Deck:
    if not decks:
        raise BadOptions(_("A round needs a deck to play."))
    if len({deck.id for deck in decks}) != len(decks):
        raise BadOptions(_("The round names the same deck twice; pick different decks."))
    return mix(decks)


def already_running(record: RoundRecord) -> str:
    """The sentence for a channel that already has a round."""
    channel, stop = f"<#{record.channel_id}>", slash("quiz stop")  # i18n: not shown (a command path)
    if record.started_by == NOBODY:
        return _("A round is already running in {channel}; {cmd} ends it.", channel=channel, cmd=stop)
    member = f"<@{record.started_by}>"
    return _(
        "A round is already running in {channel} (started by {member}); {cmd} ends it.",
        channel=channel,
        member=member,
        cmd=stop,
    )
