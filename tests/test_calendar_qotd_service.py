"""The question of the day's service with no Discord: a fake channel, the real runner and SQLite store, a hand clock."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.bank import Bank
from bot.bank.loader import load_deck_text
from bot.bank.models import Deck
from bot.calendar.daily import QotdRunner
from bot.calendar.post_failures import PostFailed
from bot.calendar.qotd_service import QotdService, Shown
from bot.errors import UserError
from bot.store import CalendarSettings, Store, open_store

GUILD, CHANNEL, GONE_CHANNEL = 10, 20, 21
ALICE, BOB = 101, 102
# 08:00 in Harare is 06:00 UTC; Monday 3 May 2027.
SET_AT = datetime(2027, 5, 3, 5, 0, tzinfo=UTC)
MONDAY = datetime(2027, 5, 3, 6, 0, tzinfo=UTC)

DECK_YAML = """\
id: capitals
title: Capitals
questions:
  - id: zw
    prompt: "Capital of Zimbabwe?"
    choices: ["Harare", "Bulawayo", "Mutare"]
    answer: 0
  - id: vote
    type: poll
    prompt: "Which capital would you visit?"
    choices: ["Harare", "Nairobi"]
"""


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
    """The day's message as the service asks for it: posts and reveals, remembered."""

    posted: list[Shown] = field(default_factory=list)
    reveals: list[tuple[int, list[int], int]] = field(default_factory=list)
    answered: list[int] = field(default_factory=list)  # each reveal's count of members who answered

    async def post(self, shown: Shown) -> int:
        if shown.day.channel_id == GONE_CHANNEL:
            raise PostFailed("channel_gone")
        self.posted.append(shown)
        return 5000 + len(self.posted)

    async def show_reveal(self, shown: Shown, counts: Sequence[int], right: int, answered: int) -> None:
        self.reveals.append((shown.day.day, list(counts), right))
        self.answered.append(answered)


@pytest.fixture
def deck() -> Deck:
    return load_deck_text(DECK_YAML, "capitals.yaml")


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    opened = await open_store(tmp_path / "bvunzo.db")
    await opened.save_calendar_settings(CalendarSettings(GUILD, "Africa/Harare"))
    yield opened
    await opened.close()


def slot_of(shown: Shown, original: int) -> int:
    return shown.order.index(original)


async def test_a_day_posted_answered_revealed_and_counted_in_a_streak(store: Store, deck: Deck) -> None:
    clock = HandClock(SET_AT)
    channel = Channel()
    service = QotdService(Host(store, Bank([deck]), clock), channel)
    kept = await service.set_up(GUILD, CHANNEL, deck, "08:00", ALICE)
    assert kept.next_at == MONDAY and kept.at == "08:00"
    runner = QotdRunner(store, service, clock)
    clock.now = MONDAY
    await runner.tick(MONDAY)
    [shown] = channel.posted
    assert shown.question.id == "zw"  # a poll has no right answer to ask for
    assert shown.title == "Capitals" and sorted(shown.order) == [0, 1, 2]
    assert shown.day.day == 20270503
    clock.now = MONDAY + timedelta(minutes=5)
    locked = await service.answer(GUILD, 20270503, ALICE, slot_of(shown, 0))
    assert locked.streak == 1 and locked.closes_at == shown.day.closes_at
    await service.answer(GUILD, 20270503, BOB, slot_of(shown, 2))
    with pytest.raises(UserError, match="You already chose"):
        await service.answer(GUILD, 20270503, BOB, slot_of(shown, 0))
    with pytest.raises(UserError, match="isn't one this question has"):
        await service.answer(GUILD, 20270503, ALICE, 3)
    status = await service.status(GUILD, ALICE)
    assert status.answered == 2 and status.ids == ["zw"] and status.streak.current == 1
    day = await service.day_to_reveal(GUILD)
    clock.now = MONDAY + timedelta(hours=2)
    assert await runner.reveal(day, clock.now)
    assert not await runner.reveal(day, clock.now)  # once, whoever else tries
    counts = [0, 0, 0]
    counts[slot_of(shown, 0)] = 1
    counts[slot_of(shown, 2)] = 1
    assert channel.reveals == [(20270503, counts, 1)]
    with pytest.raises(UserError, match="closed"):
        await service.answer(GUILD, 20270503, ALICE, 0)
    with pytest.raises(UserError, match="no open question"):
        await service.day_to_reveal(GUILD)
    # The reveal counted both answers as reviews: each member now has a memory of the question.
    memories = await store.question_memories("capitals", "zw", [ALICE, BOB])
    assert sorted(memories) == [ALICE, BOB]
    board = await service.board(GUILD, ALICE)
    assert [line.user_id for line in board.lines] == [ALICE, BOB] and board.mine is None
    assert await service.member_days(GUILD, BOB) is not None
    assert await service.member_days(GUILD, 999) is None


async def test_a_gone_channel_is_kept_as_the_days_problem_and_off_stays_off(store: Store, deck: Deck) -> None:
    clock = HandClock(SET_AT)
    channel = Channel()
    service = QotdService(Host(store, Bank([deck]), clock), channel)
    await service.set_up(GUILD, GONE_CHANNEL, deck, "08:00", ALICE)
    clock.now = MONDAY
    await QotdRunner(store, service, clock).tick(MONDAY)
    assert channel.posted == []
    status = await service.status(GUILD, ALICE)
    assert status.problem == "channel_gone" and status.answered == 0
    await service.turn_off(GUILD)
    with pytest.raises(UserError, match="already off"):
        await service.turn_off(GUILD)
    assert not (await service.status(GUILD, ALICE)).settings.enabled


async def test_a_deck_without_questions_with_an_answer_or_a_bad_time_is_refused(store: Store) -> None:
    typed = load_deck_text(
        'id: typed\ntitle: Polls\nquestions:\n  - id: t\n    type: poll\n    prompt: "P?"\n    choices: [a, b]\n',
        "typed.yaml",
    )
    service = QotdService(Host(store, Bank([typed]), HandClock(SET_AT)), Channel())
    with pytest.raises(UserError, match="no questions with an answer"):
        await service.set_up(GUILD, CHANNEL, typed, "08:00", ALICE)
    with pytest.raises(UserError):
        await service.set_up(GUILD, CHANNEL, typed, "25:99", ALICE)
    with pytest.raises(UserError, match="no question of the day"):
        await service.status(GUILD, ALICE)


async def test_the_seventh_day_in_a_row_earns_the_week_badge_once(store: Store, deck: Deck) -> None:
    from bot.quiz.achievements import Achievement

    clock = HandClock(SET_AT)
    channel = Channel()
    service = QotdService(Host(store, Bank([deck]), clock), channel)
    await service.set_up(GUILD, CHANNEL, deck, "08:00", ALICE)
    runner = QotdRunner(store, service, clock)
    said = []
    for day in range(8):  # Monday 3 May to Monday 10 May, each answered five minutes after it is posted
        clock.now = MONDAY + timedelta(days=day)
        await runner.tick(clock.now)
        shown = channel.posted[-1]
        clock.now += timedelta(minutes=5)
        said.append(await service.answer(GUILD, shown.day.day, ALICE, slot_of(shown, 0)))
    assert [locked.streak for locked in said] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert [locked.badges for locked in said] == [(), (), (), (), (), (), (Achievement.QOTD_WEEK,), ()]
    [kept] = await store.member_achievements(GUILD, ALICE)
    assert kept.achievement == "qotd_week" and kept.earned_at == datetime(2027, 5, 9, 6, 5, tzinfo=UTC)
    from bot.ui.qotd import locked_in

    assert locked_in("A", 7, "soon", said[6].badges) == (
        "Locked in: A. 7 days in a row; the answer comes soon.\nNew badges: 🏅 Week of questions"
    )
    assert (
        locked_in("B", 8, "soon", said[7].badges) == "Locked in: B. 8 days in a row; the answer comes soon."
    )
