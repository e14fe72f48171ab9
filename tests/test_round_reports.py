"""/quiz report's service (bot/rounds/reports.py) on the real SQLite store: a round's report, the channel's
last one, a deck's over every round of the server, and each refusal in its sentence. The rounds are stored
with hand-picked answers (tests/store_contract/builders.py); the round service behind the reports runs
with the fake channel port of tests/test_round_service.py and never posts."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import pytest

from bot.bank import Bank
from bot.bank.loader import load_deck_text
from bot.bank.models import Deck
from bot.errors import UserError
from bot.rounds import RoundService
from bot.rounds.reports import Reports
from bot.store import PollVote, ReportLine, RoundRecord, Store, StruggleLine, open_store
from tests.store_contract.builders import T0, answer, start
from tests.test_round_service import FakePort, HandClock, Host

GUILD, ELSEWHERE = 10, 11
CHANNEL, QUIET_CHANNEL, OLD_CHANNEL = 20, 21, 22
ALICE, BOB, CAROL = 101, 102, 103

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
  - id: sure
    type: poll
    prompt: "How sure were you?"
    choices: ["Very", "A little", "Not at all"]
"""


class NoSuchDeck(UserError):
    pass


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    opened = await open_store(tmp_path / "bvunzo.db")
    yield opened
    await opened.close()


@pytest.fixture
def deck() -> Deck:
    return load_deck_text(DECK_YAML, "capitals.yaml", guild_id=GUILD)


def reports_of(store: Store, bank: Bank) -> Reports:
    """The reports as the quiz cog builds them: the round service, and a deck looked up by its name."""

    def find_deck(name: str, guild_id: int | None) -> Deck:
        found = bank.get(name, guild_id)
        if found is None:
            raise NoSuchDeck(f"There is no deck called “{name}”.")
        return found

    return Reports(RoundService(Host(store, bank, HandClock(T0)), FakePort()), find_deck)


async def played(
    store: Store, questions: tuple[str, ...], plays: list[tuple[int, int, bool, int]]
) -> RoundRecord:
    """A round of the capitals in CHANNEL, answered as `plays` says (question index, member, right,
    choice), one answer a second, then finished."""
    record = await start(store, guild=GUILD, channel=CHANNEL, deck="capitals", questions=questions)
    for n, (index, user, right, choice) in enumerate(plays):
        at = record.started_at + timedelta(seconds=n + 1)
        await store.record_answer(answer(record, index, user, right=right, choice=choice, at=at))
    await store.finish_round(record.id, "finished", record.started_at + timedelta(minutes=5))
    return record


@pytest.fixture
async def rounds(store: Store) -> tuple[RoundRecord, RoundRecord]:
    """Two finished rounds in CHANNEL: the first at T0, the second (with a poll) an hour later."""
    first = await played(
        store,
        ("zw", "za", "ke"),
        [
            (0, ALICE, True, 0),
            (0, BOB, False, 2),
            (0, CAROL, False, 2),
            (1, ALICE, False, 0),
            (1, BOB, True, 1),
        ],  # ke: nobody answered
    )
    second = await start(
        store,
        guild=GUILD,
        channel=CHANNEL,
        deck="capitals",
        questions=("za", "zw", "sure"),
        at=T0 + timedelta(hours=1),
    )
    await store.record_answer(answer(second, 0, CAROL, right=True, choice=1, at=second.started_at))
    await store.record_answer(answer(second, 1, CAROL, right=True, choice=0, at=second.started_at))
    for n, (user, choice) in enumerate([(CAROL, 0), (ALICE, 2)]):
        await store.record_vote(
            PollVote(GUILD, second.id, 2, user, choice, second.started_at + timedelta(seconds=n))
        )
    await store.finish_round(second.id, "stopped", second.started_at + timedelta(minutes=5))
    return first, second


async def test_a_rounds_report_counts_each_question_it_asked(
    store: Store, deck: Deck, rounds: tuple[RoundRecord, RoundRecord]
) -> None:
    first, _second = rounds
    found = await reports_of(store, Bank([deck])).report(GUILD, CHANNEL, round_id=first.id, deck_name=None)
    assert found.title == f"Report: round {first.id} of Capitals"
    assert found.deck is deck  # a round kept without its versions reports the deck as it is today
    assert found.lines == [
        ReportLine(0, "zw", answered=3, right=1, top_wrong_choice=2, top_wrong_count=2, top_wrong_text=None),
        ReportLine(1, "za", answered=2, right=1, top_wrong_choice=0, top_wrong_count=1, top_wrong_text=None),
        ReportLine(
            2, "ke", answered=0, right=0, top_wrong_choice=None, top_wrong_count=0, top_wrong_text=None
        ),
    ]
    assert (found.votes, found.struggles) == ([], None)


async def test_without_a_round_or_a_deck_it_is_the_channels_last_round(
    store: Store, deck: Deck, rounds: tuple[RoundRecord, RoundRecord]
) -> None:
    _first, second = rounds
    found = await reports_of(store, Bank([deck])).report(GUILD, CHANNEL, round_id=None, deck_name=None)
    assert found.title == f"Report: round {second.id} of Capitals (the last one here)"
    assert found.lines == [
        ReportLine(
            0, "za", answered=1, right=1, top_wrong_choice=None, top_wrong_count=0, top_wrong_text=None
        ),
        ReportLine(
            1, "zw", answered=1, right=1, top_wrong_choice=None, top_wrong_count=0, top_wrong_text=None
        ),
        ReportLine(
            2, "sure", answered=0, right=0, top_wrong_choice=None, top_wrong_count=0, top_wrong_text=None
        ),
    ]
    assert found.votes == [
        PollVote(GUILD, second.id, 2, CAROL, 0, second.started_at),
        PollVote(GUILD, second.id, 2, ALICE, 2, second.started_at + timedelta(seconds=1)),
    ]
    assert found.struggles is None


async def test_a_decks_report_adds_up_the_servers_rounds_and_who_keeps_failing(
    store: Store, deck: Deck, rounds: tuple[RoundRecord, RoundRecord]
) -> None:
    elsewhere = await start(store, guild=ELSEWHERE, deck="capitals", questions=("zw",))
    await store.record_answer(
        answer(elsewhere, 0, ALICE, right=False, choice=1)
    )  # another server's: not here
    found = await reports_of(store, Bank([deck])).report(
        GUILD, QUIET_CHANNEL, round_id=None, deck_name="capitals"
    )
    assert found.title == "Report: Capitals (all rounds in this server)"
    assert found.deck is deck
    # zw: right 2 of 4 (Alice, then Carol in the second round), "Mutare" (2) chosen wrong twice; za: right
    # 2 of 3, Alice's "Pretoria" (0) once. The least understood first; ke was never answered.
    assert found.lines == [
        ReportLine(
            None, "zw", answered=4, right=2, top_wrong_choice=2, top_wrong_count=2, top_wrong_text=None
        ),
        ReportLine(
            None, "za", answered=3, right=2, top_wrong_choice=0, top_wrong_count=1, top_wrong_text=None
        ),
    ]
    # First tries: zw right for Alice only (Bob and Carol wrong at first); za for Bob and Carol. Nobody
    # failed a question four times, so no leeches; the hardest (the lower share right at first) first.
    assert found.struggles == [
        StruggleLine("zw", members=3, first_right=1, leeches=0),
        StruggleLine("za", members=3, first_right=2, leeches=0),
    ]
    assert found.votes == []


async def test_each_refusal_is_one_sentence(
    store: Store, deck: Deck, rounds: tuple[RoundRecord, RoundRecord]
) -> None:
    first, _second = rounds
    theirs = await start(store, guild=ELSEWHERE, deck="capitals", questions=("zw",))
    gone = await start(store, guild=GUILD, channel=OLD_CHANNEL, deck="history", questions=("h1",))
    await store.finish_round(gone.id, "finished", T0 + timedelta(hours=2))
    reports = reports_of(store, Bank([deck]))

    async def refusal(channel_id: int, round_id: int | None, deck_name: str | None) -> str:
        with pytest.raises(UserError) as refused:
            await reports.report(GUILD, channel_id, round_id=round_id, deck_name=deck_name)
        return refused.value.sentence

    assert await refusal(CHANNEL, first.id, "capitals") == "Give a round or a deck, not both."
    assert await refusal(CHANNEL, theirs.id, None) == f"This server has no round number {theirs.id}."
    assert await refusal(CHANNEL, 999_999, None) == "This server has no round number 999999."
    assert await refusal(QUIET_CHANNEL, None, None) == (
        "No round has finished in this channel yet; give a deck to see its report."
    )
    assert await refusal(CHANNEL, gone.id, None) == "The deck of that round is no longer loaded."
    assert await refusal(OLD_CHANNEL, None, None) == "The deck of the last round here is no longer loaded."
    assert await refusal(CHANNEL, None, "history") == "There is no deck called “history”."
