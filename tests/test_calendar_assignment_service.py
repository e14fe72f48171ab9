"""Assignments' service with no Discord: a fake channel for the message's progress, the real SQLite store, a hand
clock, and a progress wait the test releases."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.bank import Bank
from bot.bank.loader import load_deck_text
from bot.bank.models import Deck
from bot.calendar.assignment_service import Asking, Assignments, Finished, Progress
from bot.errors import UserError
from bot.store import AssignmentRecord, CalendarSettings, Store, open_store
from tests.test_calendar_qotd_service import DECK_YAML as QOTD_DECK

GUILD, OTHER_GUILD, CHANNEL = 10, 11, 20
TEACHER, ALICE, BOB = 100, 101, 102
NOW = datetime(2027, 5, 3, 6, 0, tzinfo=UTC)  # 08:00 in Harare
DUE = datetime(2027, 5, 3, 16, 0, tzinfo=UTC)  # 18:00 in Harare

DECK_YAML = """\
id: capitals
title: Capitals
questions:
  - id: zw
    prompt: "Capital of Zimbabwe?"
    choices: ["Harare", "Bulawayo", "Mutare"]
    answer: 0
  - id: ke
    prompt: "Capital of Kenya?"
    choices: ["Mombasa", "Nairobi"]
    answer: 1
"""
RIGHT = {"zw": 0, "ke": 1}


class HandClock:
    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


@dataclass
class Host:
    store: Store
    bank: Bank
    clock: HandClock

    def holds_guild(self, guild_id: int) -> bool:
        return True


@dataclass
class Channel:
    shown: list[tuple[int, str, Progress]] = field(default_factory=list)

    async def show_progress(self, record: AssignmentRecord, title: str, progress: Progress) -> None:
        self.shown.append((record.id, title, progress))


class Gate:
    """The progress edit's wait: each edit waits until the test opens the gate."""

    def __init__(self) -> None:
        self.opened = asyncio.Event()

    async def __call__(self, seconds: float) -> None:
        await self.opened.wait()


@pytest.fixture
def deck() -> Deck:
    return load_deck_text(DECK_YAML, "capitals.yaml")


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    opened = await open_store(tmp_path / "bvunzo.db")
    await opened.save_calendar_settings(CalendarSettings(GUILD, "Africa/Harare"))
    yield opened
    await opened.close()


def slot(asking: Asking, *, right: bool) -> int:
    wanted = RIGHT[asking.question.id]
    return next(s for s, original in enumerate(asking.order) if (original == wanted) == right)


async def test_two_members_play_an_assignment_and_its_message_follows(store: Store, deck: Deck) -> None:
    clock, channel, gate = HandClock(NOW), Channel(), Gate()
    service = Assignments(Host(store, Bank([deck]), clock), channel, sleep=gate)
    record = await service.add(GUILD, CHANNEL, TEACHER, deck, 2, "18:00", 2, "refuse")
    assert record.due_at == DUE and sorted(record.question_ids) == ["ke", "zw"]
    await service.posted(record, 7000)
    first = await service.start(GUILD, record.id, ALICE)
    assert first.index == 0 and first.attempt.number == 1
    again = await service.start(GUILD, record.id, ALICE)  # the open attempt, at the same question
    assert again.attempt.id == first.attempt.id and again.index == 0
    clock.now = NOW + timedelta(seconds=4)
    answered = await service.answer(GUILD, first.attempt.id, 0, slot(first, right=True), ALICE)
    assert answered.right and isinstance(answered.then, Asking) and answered.then.index == 1
    with pytest.raises(UserError, match="You already chose"):
        await service.answer(GUILD, first.attempt.id, 0, slot(first, right=False), ALICE)
    with pytest.raises(UserError, match="someone else's"):
        await service.answer(GUILD, first.attempt.id, 1, 0, BOB)
    clock.now = NOW + timedelta(seconds=9)
    last = await service.answer(GUILD, first.attempt.id, 1, slot(answered.then, right=False), ALICE)
    assert isinstance(last.then, Finished)
    assert last.then.right == 1 and not last.then.late and last.then.mine.right == 1
    assert last.then.mine.spent_ms == 9000
    # One edit for the start and the finish together: they came while the first edit waited.
    gate.opened.set()
    await service.edits_done()
    assert channel.shown == [(record.id, "Capitals", Progress(1, 1, 0, DUE, False))]
    results = await service.results(record)
    assert [m.user_id for m in results.members] == [ALICE]
    assert [(q.question_id, q.answered, q.right) for q in results.questions] == [
        (record.question_ids[0], 1, record.question_ids[0] == first.question.id),
        (record.question_ids[1], 1, record.question_ids[1] != answered.then.question.id),
    ]
    await service.shut_down()


async def test_refusals_once_due_closed_used_up_or_from_another_server(store: Store, deck: Deck) -> None:
    clock, channel = HandClock(NOW), Channel()
    gate = Gate()
    gate.opened.set()
    service = Assignments(Host(store, Bank([deck]), clock), channel, sleep=gate)
    with pytest.raises(UserError, match="has 2 questions with an answer"):
        await service.add(GUILD, CHANNEL, TEACHER, deck, 3, "18:00", 1, "refuse")
    with pytest.raises(UserError, match="not a due time"):
        await service.add(GUILD, CHANNEL, TEACHER, deck, 1, "tomorrow", 1, "refuse")
    record = await service.add(GUILD, CHANNEL, TEACHER, deck, 1, "18:00", 1, "refuse")
    with pytest.raises(UserError, match="not one of this server's"):
        await service.start(OTHER_GUILD, record.id, ALICE)
    asking = await service.start(GUILD, record.id, BOB)
    await service.answer(GUILD, asking.attempt.id, 0, slot(asking, right=True), BOB)
    with pytest.raises(UserError, match="used your 1 attempt"):
        await service.start(GUILD, record.id, BOB)
    clock.now = DUE
    with pytest.raises(UserError, match="was due"):
        await service.start(GUILD, record.id, ALICE)
    await service.close(GUILD, record.id)
    with pytest.raises(UserError, match="no open assignment"):
        await service.close(GUILD, record.id)
    with pytest.raises(UserError, match="closed"):
        await service.start(GUILD, record.id, ALICE)
    with pytest.raises(UserError, match="no assignment #99"):
        await service.of_server(GUILD, 99)
    [(listed, title, progress)] = await service.latest(GUILD)
    assert listed.id == record.id and title == "Capitals" and progress == Progress(1, 1, 0, DUE, True)
    await service.edits_done()
    assert channel.shown == []  # never posted: no message to edit
    await service.shut_down()


async def test_a_deck_of_polls_cannot_be_assigned(store: Store) -> None:
    typed = load_deck_text(QOTD_DECK, "capitals.yaml")  # one choice question, one poll
    service = Assignments(Host(store, Bank([typed]), HandClock(NOW)), Channel())
    with pytest.raises(UserError, match="has 1 question with an answer"):
        await service.add(GUILD, CHANNEL, TEACHER, typed, 2, "18:00", 1, "allow")
    with pytest.raises(UserError, match="late is allow or refuse"):
        await service.add(GUILD, CHANNEL, TEACHER, typed, 1, "18:00", 1, "sometimes")
