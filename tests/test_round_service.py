"""A whole round through the round service, with no interaction and no Discord: a port that records cards,
the real SQLite store in a file, real YAML, and a clock the test moves (the round sleeps on it)."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.bank import Bank
from bot.bank.loader import load_deck_text
from bot.bank.models import Deck
from bot.quiz import AlreadyAnsweredError, RoundOptions
from bot.rounds import (
    CannotPostHere,
    Card,
    ChannelBusy,
    IntroCard,
    NotEnoughQuestions,
    Notice,
    QuestionCard,
    RevealCard,
    RoundService,
    SummaryCard,
)
from bot.rounds.stored import with_default_options
from bot.store import RoundRecord, Store, open_store

ROOT = Path(__file__).resolve().parents[1]
GUILD, CHANNEL, OTHER_CHANNEL, LOCKED_CHANNEL = 10, 20, 21, 22
ALICE, BOB = 101, 102
START = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
WAIT = 5  # seconds any one step of the round may take before the test gives up on it (not a timing)

DECK_YAML = """\
id: capitals
title: Capitals
questions:
  - id: zw
    prompt: "Capital of Zimbabwe?"
    choices: ["Harare", "Bulawayo", "Mutare"]
    answer: 0
  - id: za
    prompt: "Seat of South Africa's parliament?"
    choices: ["Pretoria", "Cape Town", "Durban"]
    answer: 1
  - id: ke
    prompt: "Capital of Kenya?"
    choices: ["Mombasa", "Kisumu", "Nairobi"]
    answer: 2
  - id: bw
    prompt: "Capital of Botswana?"
    choices: ["Gaborone", "Francistown"]
    answer: 0
"""
# The right choice of each question, by id (as written above).
RIGHT = {"zw": 0, "za": 1, "ke": 2, "bw": 0}


class HandClock:
    """Stands still until the test moves it; moving it wakes whatever sleeps until a moment now past."""

    def __init__(self, now: datetime) -> None:
        self.now = now
        self._moved = asyncio.Event()

    def __call__(self) -> datetime:
        return self.now

    async def sleep_until(self, moment: datetime) -> None:
        while self.now < moment:
            moved = self._moved
            await moved.wait()

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)
        moved, self._moved = self._moved, asyncio.Event()
        moved.set()


@dataclass
class Seen:
    kind: str  # post, edit, last word
    channel_id: int
    message_id: int
    card: Card


@dataclass
class FakePort:
    """The channel port, remembering every card in the order the round sent it."""

    seen: list[Seen] = field(default_factory=list)
    threads: list[tuple[int, str]] = field(default_factory=list)
    changed: asyncio.Condition = field(default_factory=asyncio.Condition)
    next_id: int = 1000

    def posts(self, channel_id: int, round_id: int) -> Posts | None:
        return Posts(self, channel_id)

    def refusal(self, channel_id: int, *, thread: bool) -> str | None:
        return "I can't post rounds in this channel." if channel_id == LOCKED_CHANNEL else None

    async def open_thread(self, channel_id: int, name: str) -> int:
        self.threads.append((channel_id, name))
        return 9000 + len(self.threads)

    async def record(self, kind: str, channel_id: int, message_id: int, card: Card) -> None:
        async with self.changed:
            self.seen.append(Seen(kind, channel_id, message_id, card))
            self.changed.notify_all()

    async def until(self, wanted: Callable[[Seen], bool]) -> Seen:
        """The first card (from the start) the round sent that `wanted` takes, once it was sent."""

        def found() -> Seen | None:
            return next((s for s in self.seen if wanted(s)), None)

        async with self.changed:
            await asyncio.wait_for(self.changed.wait_for(lambda: found() is not None), WAIT)
        seen = found()
        assert seen is not None
        return seen


@dataclass
class Posts:
    port: FakePort
    channel_id: int

    async def post(self, what: str, card: Card) -> int:
        self.port.next_id += 1
        await self.port.record("post", self.channel_id, self.port.next_id, card)
        return self.port.next_id

    async def edit(self, what: str, message_id: int, card: Card) -> None:
        await self.port.record("edit", self.channel_id, message_id, card)

    async def edit_in_passing(self, what: str, message_id: int, card: Card) -> bool:
        await self.port.record("edit", self.channel_id, message_id, card)
        return True

    async def last_word(self, what: str, card: Card) -> None:
        await self.port.record("last word", self.channel_id, 0, card)


@dataclass
class Events:
    """The telemetry the service reports to, as a list."""

    said: list[str] = field(default_factory=list)

    def round_started(self, record: RoundRecord, *, resumed: bool = False) -> None:
        self.said.append(f"started {record.id}{' (resumed)' if resumed else ''}")

    def round_ended(self, record: RoundRecord, status: str, played: int) -> None:
        self.said.append(f"ended {record.id} {status} after {played}")

    def answer_recorded(self, kind: str) -> None:
        self.said.append(f"answer ({kind})")


@dataclass
class Host:
    store: Store
    bank: Bank
    clock: HandClock
    telemetry: Events = field(default_factory=Events)
    closing: bool = False

    def holds_guild(self, guild_id: int) -> bool:
        return True


@pytest.fixture
def deck() -> Deck:
    return load_deck_text(DECK_YAML, "capitals.yaml")


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    opened = await open_store(tmp_path / "bvunzo.db")
    yield opened
    await opened.close()


def question(number: int) -> Callable[[Seen], bool]:
    return lambda s: s.kind == "post" and isinstance(s.card, QuestionCard) and s.card.index == number - 1


def revealed(number: int) -> Callable[[Seen], bool]:
    return lambda s: s.kind == "edit" and isinstance(s.card, RevealCard) and s.card.index == number - 1


def slot_of(card: Card, *, right: bool) -> int:
    """The slot a member clicks for the right (or a wrong) choice, from what the card shows."""
    assert isinstance(card, QuestionCard)
    wanted = RIGHT[card.question.id]
    return next(slot for slot, choice in enumerate(card.order) if (choice == wanted) == right)


async def test_a_whole_round_through_the_service_with_a_restart(
    tmp_path: Path, deck: Deck, store: Store
) -> None:
    clock = HandClock(START)
    port = FakePort()
    host = Host(store, Bank([deck]), clock)
    service = RoundService(host, port)
    record = await service.start(
        guild_id=GUILD,
        channel_id=CHANNEL,
        decks=[deck],
        options=RoundOptions(questions=4, seconds=20),
        started_by=None,  # a schedule's round: nobody started it
    )
    assert (record.channel_id, record.started_by, record.status, len(record.question_ids)) == (
        CHANNEL,
        0,
        "running",
        4,
    )
    intro = (await port.until(lambda s: isinstance(s.card, IntroCard))).card
    assert isinstance(intro, IntroCard) and (intro.started_by, intro.questions) == (None, 4)
    assert (await store.get_round(record.id)).intro_message_id is not None  # type: ignore[union-attr]

    # Question 1: Alice right, Bob wrong, Alice again (refused, told her first letter); a moderator's Reveal.
    q1 = (await port.until(question(1))).card
    alice = await service.answer(record.id, ALICE, 0, slot=slot_of(q1, right=True))
    assert alice.verdict.right and alice.verdict.points == 100
    bob = await service.answer(record.id, BOB, 0, slot=slot_of(q1, right=False))
    assert not bob.verdict.right and bob.verdict.points == 0
    with pytest.raises(AlreadyAnsweredError) as again:
        await service.answer(record.id, ALICE, 0, slot=slot_of(q1, right=False))
    letter = "ABC"[slot_of(q1, right=True)]
    assert again.value.sentence == f"You already chose {letter}; answers can't be changed."
    service.reveal(record.id, 0)
    first = (await port.until(revealed(1))).card
    assert isinstance(first, RevealCard)
    assert (first.reveal.answered, first.reveal.right, first.reveal.fastest) == (2, 1, ((ALICE, 0),))

    # The pause between questions (5 s, the server's default) passes on the test's clock only.
    clock.advance(5)
    q2 = (await port.until(question(2))).card
    await service.answer(record.id, BOB, 1, slot=slot_of(q2, right=True))
    assert not [s for s in port.seen if revealed(2)(s)]  # Alice played question 1: it waits for her
    await service.answer(record.id, ALICE, 1, slot=slot_of(q2, right=True))
    second = (await port.until(revealed(2))).card  # everyone who played has answered: revealed early
    assert isinstance(second, RevealCard) and second.reveal.right == 2

    # A restart during the pause: this process stops, a new one on the same file resumes the round.
    await service.shut_down()
    assert service.running(record.id) is None
    await store.close()
    reopened = await open_store(tmp_path / "bvunzo.db")
    try:
        port = FakePort()
        host = Host(reopened, Bank([deck]), clock)
        service = RoundService(host, port)
        await service.resume()
        assert service.resumed.is_set() and service.running_ids() == {record.id}
        notice = (await port.until(lambda s: isinstance(s.card, Notice))).card
        assert notice == Notice(
            "Bvunzo restarted: resuming this round at question 3 of 4. "
            "Every answer given before the restart still counts."
        )
        # Question 3 is skipped with no answers; question 4: Alice answers right, then the round is stopped.
        await port.until(question(3))
        service.skip(record.id)
        await port.until(revealed(3))
        clock.advance(5)
        q4 = (await port.until(question(4))).card
        await service.answer(record.id, ALICE, 3, slot=slot_of(q4, right=True))
        service.stop(record.id)
        await port.until(revealed(4))
        summary = (await port.until(lambda s: isinstance(s.card, SummaryCard))).card
        assert isinstance(summary, SummaryCard)
        shown = [(s.user_id, s.points, s.right, s.answered, s.rank) for s in summary.scores]
        assert shown == [(ALICE, 300, 3, 3, 1), (BOB, 100, 1, 2, 2)]
        assert (summary.questions_played, summary.note, summary.buttons) == (4, None, True)
        ended = await reopened.get_round(record.id)
        assert ended is not None and ended.status == "stopped"
        assert len(await reopened.round_answers(record.id)) == 5
        assert service.running_in(CHANNEL) is None  # the channel is free for the next round
        assert host.telemetry.said == [
            f"started {record.id} (resumed)",
            "answer (round)",
            f"ended {record.id} stopped after 4",
        ]
    finally:
        await service.shut_down()
        await reopened.close()


async def test_what_a_start_refuses_each_in_one_sentence(deck: Deck, store: Store) -> None:
    clock = HandClock(START)
    port = FakePort()
    service = RoundService(Host(store, Bank([deck]), clock), port)
    try:
        with pytest.raises(CannotPostHere) as locked:
            await service.start(
                guild_id=GUILD,
                channel_id=LOCKED_CHANNEL,
                decks=[deck],
                options=RoundOptions(),
                started_by=ALICE,
            )
        assert locked.value.sentence == "I can't post rounds in this channel."
        with pytest.raises(NotEnoughQuestions) as few:
            await service.start(
                guild_id=GUILD,
                channel_id=CHANNEL,
                decks=[deck],
                options=RoundOptions(questions=3, difficulty="hard"),
                started_by=ALICE,
            )
        assert few.value.sentence.startswith("“Capitals”: ")
        record = await service.start(
            guild_id=GUILD,
            channel_id=CHANNEL,
            decks=[deck],
            options=RoundOptions(questions=2),
            started_by=ALICE,
        )
        with pytest.raises(ChannelBusy) as busy:
            await service.start(
                guild_id=GUILD, channel_id=CHANNEL, decks=[deck], options=RoundOptions(), started_by=BOB
            )
        assert busy.value.sentence == (
            f"A round is already running in <#{CHANNEL}> (started by <@{ALICE}>); /quiz stop ends it."
        )
        # A round in a thread opens its own thread under the busy channel, named after the deck.
        threaded = await service.start(
            guild_id=GUILD,
            channel_id=CHANNEL,
            decks=[deck],
            options=RoundOptions(questions=1, thread=True),
            started_by=BOB,
        )
        # A schedule names its thread: naming one asks for one.
        named = await service.start(
            guild_id=GUILD,
            channel_id=OTHER_CHANNEL,
            decks=[deck],
            options=RoundOptions(questions=1),
            started_by=None,
            thread_name="Friday quiz",
        )
        assert port.threads == [(CHANNEL, "Capitals"), (OTHER_CHANNEL, "Friday quiz")]
        assert (threaded.channel_id, threaded.parent_channel_id) == (9001, CHANNEL)
        assert (named.channel_id, named.parent_channel_id) == (9002, OTHER_CHANNEL)
        assert service.running_ids() == {record.id, threaded.id, named.id}
    finally:
        await service.shut_down()


async def test_a_servers_defaults_are_the_options_of_its_next_round(store: Store) -> None:
    service = RoundService(Host(store, Bank(), HandClock(START)), FakePort())
    assert await service.defaults(GUILD) == RoundOptions()
    settings = await store.guild_settings(GUILD)
    await store.save_guild_settings(
        with_default_options(settings, RoundOptions(questions=7, mode="speed", teams=3))
    )
    assert await service.defaults(GUILD) == RoundOptions(questions=7, mode="speed", teams=3)


def test_the_service_and_this_test_import_no_discord() -> None:
    code = "import sys, bot.rounds, tests.test_round_service; print(sorted(m for m in sys.modules if m.startswith('discord')))"
    found = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert found.stdout.strip() == "[]"


@dataclass
class StuckPosts(Posts):
    """A channel whose last word never gets through (Discord failing on and on)."""

    async def last_word(self, what: str, card: Card) -> None:
        await asyncio.Event().wait()


@dataclass
class StuckPort(FakePort):
    def posts(self, channel_id: int, round_id: int) -> Posts | None:
        return StuckPosts(self, channel_id)


async def test_a_shutdown_ends_a_closed_round_whose_summary_is_still_going_out(
    deck: Deck, store: Store
) -> None:
    service = RoundService(Host(store, Bank([deck]), HandClock(START)), StuckPort())
    record = await service.start(
        guild_id=GUILD, channel_id=CHANNEL, decks=[deck], options=RoundOptions(questions=2), started_by=ALICE
    )
    running = service.running(record.id)
    assert running is not None and running.task is not None
    service.stop(record.id)
    # The round is closed in the store and its channel free, while its summary hangs.
    while service.running_in(CHANNEL) is not None:
        await asyncio.sleep(0)
    stored = await store.get_round(record.id)
    assert stored is not None and stored.status == "stopped"
    assert not running.task.done()
    await service.shut_down(grace=0)
    # Nothing of the round outlives the shutdown (it would meet a closed HTTP session).
    assert running.task.done()
