"""Every kind a round plays, asked by the question of the day and by an assignment: judged by the engine,
kept once, revealed in words. Fake channels, the real runner and SQLite store, a hand clock."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import pytest

from bot.bank import Bank
from bot.bank.cloze import blanks_text
from bot.bank.loader import load_deck_text
from bot.bank.models import Deck
from bot.calendar.assignment_service import Asking, Assignments, Finished
from bot.calendar.daily import QotdRunner
from bot.calendar.kinds import Given, Way, askable, way_of
from bot.calendar.qotd_service import QotdService, Shown
from bot.errors import UserError
from bot.results.result_rows import assignment_rows
from bot.store import CalendarSettings, Store, open_store
from tests.test_calendar_assignment_service import NOW, Gate
from tests.test_calendar_assignment_service import Channel as AssignmentChannel
from tests.test_calendar_qotd_service import (
    ALICE,
    BOB,
    CHANNEL,
    GUILD,
    MONDAY,
    SET_AT,
    Channel,
    HandClock,
    Host,
)

TEACHER = 100
NUMBER = """\
  - id: g
    type: number
    prompt: "g on Earth?"
    answer: 9.81
    tolerance: 0.05
    unit: "m/s²"
"""
MULTI = """\
  - id: primes
    type: multi
    prompt: "Which are prime?"
    choices: ["2", "4", "5", "9"]
    answer: [0, 2]
"""
CLOZE = """\
  - id: zim
    type: cloze
    prompt: "The capital of Zimbabwe is {{1}}, on the way to the {{2}}."
    blanks: [["Harare"], ["Zambezi", "Zambesi"]]
"""
ORDER = """\
  - id: planets
    type: order
    prompt: "From the Sun outwards?"
    items: [Mercury, Venus, Earth]
"""
POLL = """\
  - id: vote
    type: poll
    prompt: "Tea or coffee?"
    choices: [tea, coffee]
"""


def deck_of(*questions: str, answer: str = "9.81") -> Deck:
    text = "id: science\ntitle: Science\nquestions:\n" + "".join(questions)
    return load_deck_text(text.replace("answer: 9.81", f"answer: {answer}"), "science.yaml")


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    opened = await open_store(tmp_path / "bvunzo.db")
    await opened.save_calendar_settings(CalendarSettings(GUILD, "Africa/Harare"))
    yield opened
    await opened.close()


def test_every_kind_with_an_answer_is_askable_and_a_poll_is_not() -> None:
    deck = deck_of(NUMBER, MULTI, CLOZE, ORDER, POLL)
    assert [(q.id, askable(q), way_of(q)) for q in deck.questions] == [
        ("g", True, Way.FORM),
        ("primes", True, Way.MENU),
        ("zim", True, Way.FORM),
        ("planets", True, Way.FORM),
        ("vote", False, Way.BUTTONS),
    ]


async def posted_day(service: QotdService, clock: HandClock, channel: Channel, store: Store) -> Shown:
    deck = service.host.bank.get("science", GUILD)
    assert deck is not None
    await service.set_up(GUILD, CHANNEL, deck, "08:00", ALICE)
    clock.now = MONDAY
    await QotdRunner(store, service, clock).tick(MONDAY)
    [shown] = channel.posted
    clock.now = MONDAY + timedelta(minutes=5)
    return shown


async def reveal(service: QotdService, clock: HandClock, store: Store) -> None:
    clock.now = MONDAY + timedelta(hours=2)
    assert await QotdRunner(store, service, clock).reveal(await service.day_to_reveal(GUILD), clock.now)


async def test_a_number_of_the_day_is_judged_as_it_was_asked_after_a_restart(store: Store) -> None:
    clock, channel = HandClock(SET_AT), Channel()
    first = QotdService(Host(store, Bank([deck_of(NUMBER)]), clock), channel)
    shown = await posted_day(first, clock, channel, store)
    assert shown.question.id == "g" and shown.order == ()
    # A restart with the deck edited since: the day still asks (and judges) 9.81 ± 0.05.
    again = QotdService(Host(store, Bank([deck_of(NUMBER, answer="12")]), clock), channel)
    alice = await again.answer_given(GUILD, shown.day.day, ALICE, Given(text="9,79"))
    assert alice.said == "9,79" and alice.streak == 1
    await again.answer_given(GUILD, shown.day.day, BOB, Given(text="12"))
    with pytest.raises(UserError, match="already answered"):
        await again.answer_given(GUILD, shown.day.day, BOB, Given(text="9.81"))
    with pytest.raises(UserError, match="isn't one this question has"):
        await again.answer_given(GUILD, shown.day.day, ALICE, Given(slot=0))
    await reveal(again, clock, store)
    assert channel.reveals == [(shown.day.day, [2], 1)]  # two answered, one right (Alice: 9.79 is within)
    assert sorted(await store.question_memories("science", "g", [ALICE, BOB])) == [ALICE, BOB]
    # Kept as a round keeps it: the words typed, and 100 points for the right one.
    kept = [(a.choice, a.text, a.points) for a in await store.qotd_answers(GUILD, shown.day.day)]
    assert kept == [(None, "9,79", 100), (None, "12", 0)]


async def test_a_multi_of_the_day_counts_each_choice_picked_and_only_the_exact_set(store: Store) -> None:
    clock, channel = HandClock(SET_AT), Channel()
    service = QotdService(Host(store, Bank([deck_of(MULTI)]), clock), channel)
    shown = await posted_day(service, clock, channel, store)
    slot = shown.order.index
    alice = await service.answer_given(GUILD, shown.day.day, ALICE, Given(slots=(slot(2), slot(0))))
    assert alice.said == ", ".join(sorted(("ABCD"[slot(0)], "ABCD"[slot(2)])))
    await service.answer_given(GUILD, shown.day.day, BOB, Given(slots=(slot(0),)))  # half the set: wrong
    # One right and one wrong of the two right: (1 - 1) / 2 earns nothing; two right and one wrong, half.
    await service.answer_given(GUILD, shown.day.day, 103, Given(slots=(slot(0), slot(1))))
    await service.answer_given(GUILD, shown.day.day, 104, Given(slots=(slot(0), slot(1), slot(2))))
    with pytest.raises(UserError, match="You already chose"):
        await service.answer_given(GUILD, shown.day.day, BOB, Given(slots=(slot(0), slot(2))))
    with pytest.raises(UserError, match="menu"):
        await service.answer_given(GUILD, shown.day.day, ALICE, Given(slot=0))
    await reveal(service, clock, store)
    counts = [0, 0, 0, 0]
    counts[slot(0)], counts[slot(1)], counts[slot(2)] = 4, 2, 2  # "2" picked by all, "4" by 103 and 104
    assert channel.reveals == [(shown.day.day, counts, 1)]
    kept = [(a.choice, a.text, a.right, a.points) for a in await store.qotd_answers(GUILD, shown.day.day)]
    assert kept == [
        (None, "0,2", True, 100),
        (None, "0", False, 50),
        (None, "0,1", False, 0),
        (None, "0,1,2", False, 50),
    ]


async def test_a_cloze_of_the_day_needs_every_blank(store: Store) -> None:
    clock, channel = HandClock(SET_AT), Channel()
    service = QotdService(Host(store, Bank([deck_of(CLOZE)]), clock), channel)
    shown = await posted_day(service, clock, channel, store)
    alice = await service.answer_given(
        GUILD, shown.day.day, ALICE, Given(text=blanks_text(["harare", "Zambesi"]))
    )
    assert alice.said == "(1) harare · (2) Zambesi"
    await service.answer_given(GUILD, shown.day.day, BOB, Given(text=blanks_text(["Harare", "Nile"])))
    with pytest.raises(UserError, match="Fill in the blanks"):
        await service.answer_given(GUILD, shown.day.day, 103, Given(text="Harare"))
    with pytest.raises(UserError, match="You already answered “\\(1\\) Harare · \\(2\\) Nile”"):
        await service.answer_given(GUILD, shown.day.day, BOB, Given(text=blanks_text(["Harare", "Zambezi"])))
    await reveal(service, clock, store)
    assert channel.reveals == [(shown.day.day, [2], 1)]
    kept = [(a.text, a.right, a.points) for a in await store.qotd_answers(GUILD, shown.day.day)]
    # Bob's one blank of two earns half the points; the day's verdict (and his streak) says wrong.
    assert kept == [('["harare", "Zambesi"]', True, 100), ('["Harare", "Nile"]', False, 50)]


async def test_an_order_of_the_day_earns_its_share_of_items_in_place(store: Store) -> None:
    clock, channel = HandClock(SET_AT), Channel()
    service = QotdService(Host(store, Bank([deck_of(ORDER)]), clock), channel)
    shown = await posted_day(service, clock, channel, store)
    slot = shown.order.index  # the display slot of an item (its original index: its right place)
    alice = await service.answer_given(GUILD, shown.day.day, ALICE, Given(slots=(slot(0), slot(1), slot(2))))
    assert alice.said == "Mercury → Venus → Earth"
    # Bob puts Earth first and Mercury last: Venus alone in its place, a third of the points (33).
    await service.answer_given(GUILD, shown.day.day, BOB, Given(slots=(slot(2), slot(1), slot(0))))
    with pytest.raises(UserError, match="You already answered “Earth → Venus → Mercury”"):
        await service.answer_given(GUILD, shown.day.day, BOB, Given(slots=(slot(0), slot(1), slot(2))))
    with pytest.raises(UserError, match="Put every item in order"):
        await service.answer_given(GUILD, shown.day.day, 103, Given(slot=0))
    await reveal(service, clock, store)
    assert channel.reveals == [(shown.day.day, [2], 1)]
    kept = [(a.text, a.right, a.points) for a in await store.qotd_answers(GUILD, shown.day.day)]
    assert kept == [("0,1,2", True, 100), ("2,1,0", False, 33)]


async def test_an_assignment_of_every_kind_scores_the_right_answers_and_files_them(store: Store) -> None:
    deck = deck_of(NUMBER, MULTI, CLOZE, POLL)
    clock = HandClock(NOW)
    service = Assignments(Host(store, Bank([deck]), clock), AssignmentChannel(), sleep=Gate())
    record = await service.add(GUILD, CHANNEL, TEACHER, deck, 3, "18:00", 1, "allow")
    assert sorted(record.question_ids) == ["g", "primes", "zim"]  # never the poll
    asking = await service.start(GUILD, record.id, ALICE)
    rights = {
        "g": lambda a: Given(text="9.8"),
        "primes": lambda a: Given(slots=(a.order.index(0), a.order.index(2))),
        "zim": lambda a: Given(text=blanks_text(["Harare", "Zambezi"])),
    }
    right = 0
    for step in range(3):
        assert isinstance(asking, Asking) and asking.index == step
        clock.now += timedelta(seconds=2)
        # Alice gets the multi half right (wrong), the other two right: 2 of 3.
        if asking.question.id == "primes":
            given = Given(slots=(asking.order.index(0),))
        else:
            given = rights[asking.question.id](asking)
        answered = await service.answer_given(GUILD, asking.attempt.id, step, given, ALICE)
        right += answered.right
        if step == 0:
            with pytest.raises(UserError, match="already"):
                await service.answer_given(GUILD, asking.attempt.id, 0, given, ALICE)
        asking = answered.then  # type: ignore[assignment]
    assert isinstance(asking, Finished) and asking.right == right == 2 and asking.mine.right == 2
    results = await service.results(record)
    rows = assignment_rows(
        record, results.attempts, results.answers, results.best, results.late, results.deck, {}, results.zone
    )
    by_id = {row.question_id: (row.answer, row.right, row.points, row.ms) for row in rows}
    assert by_id == {
        "g": ("9.8", True, 100, 2000),
        "primes": ("2", False, 50, 2000),  # one of the two right choices: half the points
        "zim": ("(1) Harare · (2) Zambezi", True, 100, 2000),
    }
    assert [(q.answered, q.commonest_wrong) for q in results.questions] == [(1, None)] * 3
    assert sorted(await store.question_memories("science", "primes", [ALICE])) == [ALICE]
    await service.shut_down()  # the progress edit still waiting at its gate
