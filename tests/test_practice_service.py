"""Practice sessions through the practice service, with no Discord: the real SQLite store in a file, real
YAML, and a clock the test moves by hand. What it chooses, plays, records, and how a session survives a
restart or is abandoned."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.bank import Bank
from bot.bank.loader import load_deck_text
from bot.bank.models import Deck
from bot.errors import UserError
from bot.practice import PracticeSessions
from bot.quiz import PracticeMode
from bot.store import Answer, NewRound, Store, open_store

GUILD, CHANNEL = 10, 20
ALICE, BOB = 101, 102
START = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)

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
    type: text
    answers: ["Nairobi"]
"""


class HandClock:
    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **moved: float) -> None:
        self.now += timedelta(**moved)


@pytest.fixture
def deck() -> Deck:
    return load_deck_text(DECK_YAML, "capitals.yaml")


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    opened = await open_store(tmp_path / "bvunzo.db")
    yield opened
    await opened.close()


def sessions_on(store: Store, bank: Bank, clock: HandClock) -> PracticeSessions:
    def find(deck_id: str, guild_id: int | None) -> Deck:
        found = bank.get(deck_id, guild_id)
        if found is None:
            raise UserError(f"no deck {deck_id}")
        return found

    return PracticeSessions(store, bank, find, clock)


def right_slot(sessions: PracticeSessions, practice_id: int) -> int:
    """The slot showing the right choice of the current question (the order is shuffled per session)."""
    s = sessions.practices[practice_id].session
    wanted = {"zw": 0, "za": 1}[s.question.id]
    return s.order.index(wanted)


async def test_a_session_is_chosen_played_recorded_and_summed_up(store: Store, deck: Deck) -> None:
    clock = HandClock(START)
    sessions = sessions_on(store, Bank([deck]), clock)
    chosen, picked = await sessions.choose(ALICE, GUILD, "capitals", 2, PracticeMode.NEW)
    assert chosen.id == "capitals" and len(picked) == 2 and set(picked) <= {"zw", "za", "ke"}
    practice = await sessions.begin(ALICE, GUILD, chosen, ["zw", "za"], language="en")
    assert await sessions.language_of(ALICE, "pt-BR") == "pt"

    found = await sessions.find(ALICE, practice.id, 0)
    with pytest.raises(UserError, match="Answer this question first"):
        await sessions.next(found)
    first = await sessions.answer(found, right_slot(sessions, practice.id), None)
    assert (first.result.question_id, first.result.right, first.last) == ("zw", True, False)
    assert first.memory.due > START  # learned once: due again later, never now
    clock.advance(seconds=30)
    assert await sessions.next(found) is None  # on to question 2
    with pytest.raises(UserError, match="already moved on"):
        await sessions.find(ALICE, practice.id, 0)
    wrong = next(slot for slot in range(3) if slot != right_slot(sessions, practice.id))
    second = await sessions.answer(await sessions.find(ALICE, practice.id, 1), wrong, None)
    assert (second.result.question_id, second.result.right, second.last) == ("za", False, True)
    summary = await sessions.next(found)
    assert summary is not None
    assert (summary.deck_title, summary.right, summary.answered, summary.passes) == ("Capitals", 1, 2, None)
    # The missed one comes back within minutes: due now, since review learns 20 minutes ahead.
    assert summary.due == 1 and summary.next_due is not None and summary.next_due > START
    assert practice.id not in sessions.practices
    with pytest.raises(UserError, match="This practice session has ended"):
        await sessions.find(ALICE, practice.id, 1)

    # Both answers were recorded as practice: each moved the member's memory of its question.
    memories = await store.memories(ALICE, "capitals")
    assert set(memories) == {"zw", "za"}
    assert (memories["zw"].reviews, memories["zw"].lapses) == (1, 0)
    assert (memories["za"].reviews, memories["za"].lapses) == (1, 1)  # a miss counts as a lapse


async def test_nothing_to_practise_says_why(store: Store, deck: Deck) -> None:
    clock = HandClock(START)
    sessions = sessions_on(store, Bank([deck]), clock)
    with pytest.raises(UserError, match="Choose a deck to practise"):
        await sessions.choose(ALICE, GUILD, None, 5, PracticeMode.REVIEW)
    with pytest.raises(UserError, match="practise new questions first"):
        await sessions.choose(ALICE, GUILD, "capitals", 5, PracticeMode.REVIEW)
    with pytest.raises(UserError, match="You haven't answered in a round yet"):
        await sessions.choose(ALICE, GUILD, None, 5, PracticeMode.MISSED)

    practice = await sessions.begin(ALICE, GUILD, deck, ["zw", "za", "ke"], language=None)
    for index in range(3):  # all right: none is due again for a while
        if index < 2:
            await sessions.answer(practice, right_slot(sessions, practice.id), None)
        else:
            await sessions.answer(practice, None, "nairobi")
        await sessions.next(practice)
    with pytest.raises(UserError, match="You have seen every question of “Capitals”"):
        await sessions.choose(ALICE, GUILD, "capitals", 5, PracticeMode.NEW)
    with pytest.raises(UserError) as later:
        await sessions.choose(ALICE, GUILD, "capitals", 5, PracticeMode.REVIEW)
    assert later.value.sentence.startswith("Nothing of “Capitals” is due for review; the next one is due <t:")


async def test_a_session_survives_a_restart_and_belongs_to_its_member(
    tmp_path: Path, store: Store, deck: Deck
) -> None:
    clock = HandClock(START)
    bank = Bank([deck])
    before = sessions_on(store, bank, clock)
    practice = await before.begin(ALICE, GUILD, deck, ["zw", "za"], language="en")
    await before.answer(practice, right_slot(before, practice.id), None)
    await before.next(practice)

    # A new process on the same file: the session is read back on the question it was on.
    clock.advance(minutes=10)
    after = sessions_on(store, bank, clock)
    with pytest.raises(UserError, match="belongs to someone else"):
        await after.find(BOB, practice.id, 1)
    restored = await after.find(ALICE, practice.id, 1)
    assert (restored.session.index, restored.session.right_count, restored.session.question.id) == (
        1,
        1,
        "za",
    )

    # Left alone for longer than a session lives: ended, in the store too.
    clock.advance(hours=6, seconds=1)
    with pytest.raises(UserError, match="This practice session has ended"):
        await after.find(ALICE, practice.id, 1)
    assert await store.practice(practice.id) is None


async def test_a_session_whose_deck_is_gone_is_ended(store: Store, deck: Deck) -> None:
    clock = HandClock(START)
    practice = await sessions_on(store, Bank([deck]), clock).begin(ALICE, GUILD, deck, ["zw"], language=None)
    with pytest.raises(UserError, match="deck is no longer available"):
        await sessions_on(store, Bank([]), clock).find(ALICE, practice.id, 0)
    assert await store.practice(practice.id) is None


async def test_missed_mode_plays_the_last_rounds_misses(store: Store, deck: Deck) -> None:
    clock = HandClock(START)
    sessions = sessions_on(store, Bank([deck]), clock)
    record = await store.start_round(
        NewRound(GUILD, CHANNEL, "capitals", ALICE, ("zw", "za", "ke"), 20, "standard", 7, START)
    )
    for index, question_id in enumerate(("zw", "za", "ke")):
        await store.post_question(record.id, index, 500 + index, START)
        if index < 2:  # right, then wrong; ke left unanswered
            right = index == 0
            await store.record_answer(
                Answer(GUILD, record.id, index, question_id, "capitals", ALICE, 0, None, right, 900, 0, START)
            )
        await store.reveal_question(record.id, index, START)
    await store.finish_round(record.id, "finished", START + timedelta(minutes=2))
    ended = await store.get_round(record.id)
    assert ended is not None
    # Alice missed za and left ke unanswered while playing: both come back; Bob did not play.
    chosen, picked = await sessions.choose(ALICE, GUILD, None, 10, PracticeMode.MISSED)
    assert (chosen.id, sorted(picked)) == ("capitals", ["ke", "za"])
    assert (await sessions.round_misses(ended, ALICE))[1] == ("za", "ke")
    with pytest.raises(UserError, match="You didn't answer in that round"):
        await sessions.round_misses(ended, BOB)
    with pytest.raises(UserError, match="Your last round was of another deck"):
        await sessions.choose(ALICE, GUILD, "elsewhere", 10, PracticeMode.MISSED)


FIVE_YAML = "id: five\ntitle: Five\nquestions:\n" + "".join(
    f"  - {{id: q{n}, prompt: 'Q{n}?', choices: ['yes', 'no'], answer: 0}}\n" for n in range(5)
)


async def test_the_answer_that_learns_a_decks_last_question_tells_its_badge(store: Store) -> None:
    from bot.quiz.achievements import Achievement

    five = load_deck_text(FIVE_YAML, "five.yaml")
    clock = HandClock(START)
    sessions = sessions_on(store, Bank([five]), clock)
    told = []
    # In a DM the four first are learned and the fifth missed: badges are a server's, so none there.
    for where, questions in ((None, [f"q{n}" for n in range(5)]), (GUILD, ["q4"])):
        practice = await sessions.begin(ALICE, where, five, questions, language="en")
        for index, question_id in enumerate(questions):
            found = await sessions.find(ALICE, practice.id, index)
            slot = found.session.order.index(0 if question_id != "q4" or where else 1)
            told.append((await sessions.answer(found, slot, None)).badges)
            clock.advance(seconds=5)
            await sessions.next(found)
    assert told == [()] * 5 + [(Achievement.DECK_MASTERED,)]  # the server's answer learns the last one
    assert [b.achievement for b in await store.member_achievements(GUILD, ALICE)] == ["deck_mastered"]


MULTI_YAML = """\
id: primes
title: Primes
questions:
  - id: p
    type: multi
    prompt: "Which are prime?"
    choices: ["2", "3", "4", "5"]
    answer: [0, 1, 3]
"""


async def test_a_multi_answer_below_half_its_points_is_a_lapse(store: Store) -> None:
    primes = load_deck_text(MULTI_YAML, "primes.yaml")
    sessions = sessions_on(store, Bank([primes]), HandClock(START))
    # Alice picks 2 and 4: (1 - 1) / 3 = 0, a lapse; Bob picks 2, 3 and 4: (2 - 1) / 3 = 1/3, a lapse too;
    # Chipo picks 2 and 3: 2/3, remembered with gaps (Hard, no lapse).
    for member, picked in ((ALICE, (0, 2)), (BOB, (0, 1, 2)), (103, (0, 1))):
        practice = await sessions.begin(member, GUILD, primes, ["p"], language="en")
        order = practice.session.order
        answered = await sessions.answer(practice, None, None, tuple(order.index(c) for c in picked))
        assert answered.result.right is False
        assert answered.result.slots == tuple(sorted(order.index(c) for c in picked))
        memory = (await store.memories(member, "primes"))["p"]
        assert (memory.reviews, memory.lapses) == (1, 0 if member == 103 else 1)
