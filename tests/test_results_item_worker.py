"""The item figures' worker, on both store engines: it computes a deck's kept figures when a page asks or
a round ends, at most once a minute per deck, its sweep catches decks made stale elsewhere, and reading the
kept figures (what the page does) never computes them."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from bot.bank import Bank
from bot.bank.loader import load_deck_text
from bot.bank.models import Deck
from bot.quiz import RoundOptions
from bot.quiz.item_analysis import analyse
from bot.results.asked import keep_deck_versions, versions_asked
from bot.results.item_figures import DeckFigures, item_questions, kept_figures
from bot.results.item_worker import ItemWorker
from bot.rounds import RoundService, SummaryCard
from bot.store import Answer, NewRound, RoundRecord, Store
from tests.store_contract.builders import T0
from tests.store_contract.conftest import Backend, backend  # noqa: F401  (the fixture, for both engines)
from tests.test_round_service import ALICE, BOB, DECK_YAML, FakePort, HandClock, Host, question, slot_of

DECK = "id: items\ntitle: Items\nquestions:\n" + "".join(
    f"- id: q{n}\n  prompt: Question {n}?\n  choices: [Key, Wrong A, Wrong B]\n  answer: 0\n" for n in (1, 2)
)
EDITED = DECK.replace("answer: 0\n", "answer: 1\n")


class Clock:
    """The worker's clock, moved by hand."""

    def __init__(self) -> None:
        self.now = T0

    def __call__(self):  # type: ignore[no-untyped-def]
        return self.now


def deck_finder(*decks: Deck):  # type: ignore[no-untyped-def]
    async def find(guild_id: int, deck_id: str) -> Deck | None:
        return next((d for d in decks if d.id == deck_id), None)

    return find


async def play(store: Store, members: range, *, at=T0) -> RoundRecord:  # type: ignore[no-untyped-def]
    """One finished round of both questions: member m is right at q1 when m is even, at q2 when m < 14."""
    deck = load_deck_text(DECK, "items.yaml")
    asked = tuple(v for v in versions_asked(deck, ["q1", "q2"]) if v is not None)
    rnd = await store.start_round(
        NewRound(1, int(at.timestamp()), "items", 9, ("q1", "q2"), 20, "standard", 3, at, asked=asked)
    )
    answers = []
    for member in members:
        for index, right in enumerate((member % 2 == 0, member < 14)):
            choice = 0 if right else 1 + member % 2
            when = at + timedelta(seconds=index * 30 + member)
            answers.append(
                Answer(1, rnd.id, index, f"q{index + 1}", "items", member, choice, None, right, 900, 0, when)
            )
    await store.import_answers(answers)
    await store.finish_round(rnd.id, "finished", at + timedelta(minutes=5))
    return rnd


def summed(figures: DeckFigures | None) -> tuple[int, int, int, bool]:
    assert figures is not None
    return figures.members, figures.items[0].members, figures.items[0].right, figures.current


async def test_the_worker_computes_when_asked_and_when_a_round_ends_at_most_once_a_minute(
    backend: Backend,  # noqa: F811
) -> None:
    store = await backend.open()
    deck = load_deck_text(DECK, "items.yaml")
    clock = Clock()
    worker = ItemWorker(store, deck_finder(deck), clock)
    await play(store, range(10, 22))
    # Nothing kept: reading, as the page does, computes nothing; asked, the worker computes at once.
    assert await kept_figures(store, 1, deck) is None
    assert await store.kept_item_figures(1, "items") is None
    assert await worker.work() == 0
    worker.nudge(1, "items")
    assert await worker.work() == 1
    first = await kept_figures(store, 1, deck)
    assert summed(first) == (12, 12, 6, True)
    assert first is not None and first.computed_at == T0 and first.since == {}
    assert list(first.items) == analyse(item_questions(deck), await store.first_tries(1, "items"))
    # Nothing changed: asked again, nothing to do.
    worker.nudge(1, "items")
    assert await worker.work() == 0
    # A round's answers change first tries: the kept figures are read as they were, marked stale...
    later = await play(store, range(22, 26), at=T0 + timedelta(hours=2))
    stale = await kept_figures(store, 1, deck)
    assert summed(stale) == (12, 12, 6, False) and stale is not None and stale.computed_at == T0
    # ...its end nudges the worker, which waits for the minute since the last computation to pass...
    clock.now = T0 + timedelta(seconds=30)
    worker.round_ended(later)
    assert await worker.work() == 0
    assert (await store.kept_item_figures(1, "items")).computed_at == T0  # type: ignore[union-attr]
    # ...and computes them then, unasked.
    clock.now = T0 + timedelta(seconds=60)
    assert await worker.work() == 1
    fresh = await kept_figures(store, 1, deck)
    assert summed(fresh) == (16, 16, 8, True) and fresh is not None and fresh.computed_at == clock.now
    # The deck edited (both keys move): no figures kept for its questions, computed at once when asked.
    edited = load_deck_text(EDITED, "items.yaml")
    assert await kept_figures(store, 1, edited) is None
    clock.now += timedelta(seconds=1)
    worker = ItemWorker(store, deck_finder(edited), clock)
    worker.nudge(1, "items")
    assert await worker.work() == 1
    afresh = await kept_figures(store, 1, edited)
    assert summed(afresh) == (0, 0, 0, True)  # the edited versions have no answers
    assert afresh is not None and afresh.since == {"q1": None, "q2": None}  # their versions not kept yet
    await keep_deck_versions(store, [edited], T0 + timedelta(hours=4))
    again = await kept_figures(store, 1, edited)
    assert again is not None and again.since == {"q1": T0 + timedelta(hours=4), "q2": T0 + timedelta(hours=4)}


async def test_the_sweep_catches_a_deck_made_stale_by_another_process(backend: Backend) -> None:  # noqa: F811
    store = await backend.open()
    deck = load_deck_text(DECK, "items.yaml")
    clock = Clock()
    worker = ItemWorker(store, deck_finder(deck), clock)
    await play(store, range(10, 22))
    worker.nudge(1, "items")
    await worker.work()
    # Another process (the bot, apart from `bvunzo web`) plays a round: nobody nudges this worker.
    other = await backend.open()
    await play(other, range(22, 26), at=T0 + timedelta(hours=2))
    clock.now = T0 + timedelta(minutes=5)
    assert await worker.work() == 0
    assert summed(await kept_figures(store, 1, deck)) == (12, 12, 6, False)
    assert await store.stale_item_figures() == [(1, "items")]
    assert await store.stale_item_figures(2) == []
    await worker.sweep()
    assert await worker.work() == 1
    assert summed(await kept_figures(store, 1, deck)) == (16, 16, 8, True)
    assert await store.stale_item_figures() == []


async def test_a_round_ended_through_the_service_has_its_figures_computed_in_the_background(
    backend: Backend,  # noqa: F811
) -> None:
    store = await backend.open()
    deck = load_deck_text(DECK_YAML, "capitals.yaml")
    clock = HandClock(T0)
    worker = ItemWorker(store, deck_finder(deck), clock)
    worker.nudge(10, "capitals")
    await worker.work()  # kept before any answer: no member yet
    figures = await kept_figures(store, 10, deck)
    assert figures is not None and figures.members == 0
    service = RoundService(Host(store, Bank([deck]), clock), FakePort())
    service.when_ended(worker.round_ended)
    clock.advance(60)
    worker.start()
    try:
        record = await service.start(
            guild_id=10,
            channel_id=20,
            decks=[deck],
            options=RoundOptions(questions=1, seconds=20),
            started_by=1,
        )
        port = service.port
        assert isinstance(port, FakePort)
        card = (await port.until(question(1))).card
        await service.answer(record.id, ALICE, 0, slot=slot_of(card, right=True))
        await service.answer(record.id, BOB, 0, slot=slot_of(card, right=False))
        service.skip(record.id)
        await port.until(lambda s: isinstance(s.card, SummaryCard))
        # The round's end woke the worker's background task: within a bound, its figures count both.
        for _ in range(500):
            figures = await kept_figures(store, 10, deck)
            if figures is not None and figures.current and figures.members == 2:
                break
            await asyncio.sleep(0.01)
        assert figures is not None and (figures.members, figures.current) == (2, True)
    finally:
        await service.shut_down()
        await worker.stop()
    assert worker._task is None
