"""A round's ranking, totals and answer spreads (bot/results/round_figures.py through PlayedRounds), and the
rounds list's filters (bot/results/round_filters.py): the real SQLite store in a file, figures by hand."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest

from bot.bank import Bank
from bot.bank.loader import load_deck_text
from bot.errors import UserError
from bot.results.played_rounds import PlayedRounds
from bot.results.round_figures import Bar, MemberLine, RoundFigures, RoundTotals
from bot.results.round_filters import read_filter
from bot.store import Answer, NewRound, RoundFilter, Store, open_store

GUILD, CHANNEL = 10, 20
ANESU, BETTY, CHIDO = 101, 102, 103
START = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
DECK = load_deck_text(
    """\
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
  - id: leaf
    type: text
    prompt: "The green pigment of plants?"
    answers: [chlorophyll]
""",
    "capitals.yaml",
)


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    opened = await open_store(tmp_path / "bvunzo.db")
    yield opened
    await opened.close()


async def three_members(store: Store, *, status: str = "finished") -> PlayedRounds:
    """Anesu answers all three questions (two right), Betty one (wrong), Chido presses Hint on the typed
    question and answers nothing."""
    record = await store.start_round(
        NewRound(GUILD, CHANNEL, "capitals", 1, ("zw", "ke", "leaf"), 20, "standard", 7, START)
    )
    given = [
        (0, "zw", ANESU, 0, None, True, 2_000),
        (1, "ke", ANESU, 1, None, True, 4_000),
        (2, "leaf", ANESU, None, "carotene", False, 9_000),
        (0, "zw", BETTY, 1, None, False, 3_000),
    ]
    for index, question, user, choice, text, right, ms in given:
        at = START + timedelta(seconds=30 * index, milliseconds=ms)
        await store.record_answer(
            Answer(
                GUILD, record.id, index, question, "capitals", user, choice, text, right, ms, 100 * right, at
            )
        )
    await store.save_hints(record.id, 2, CHIDO, 1)
    await store.finish_round(record.id, status, START + timedelta(minutes=2))
    return PlayedRounds(store)


async def figures_of(rounds: PlayedRounds) -> RoundFigures:
    (record,) = await rounds.listed(GUILD, limit=5, before_id=None)
    return await rounds.figures(await rounds.played(record, Bank([DECK])))


async def test_every_member_who_joined_is_ranked_with_their_totals(store: Store) -> None:
    shown = await figures_of(await three_members(store))
    assert shown.ranking == (
        MemberLine(ANESU, rank=1, points=200, right=2, asked=3, answered=3, median_seconds=4.0),
        # Equal points share a rank; Betty answered, Chido did not: Betty first, as the summary orders them.
        MemberLine(BETTY, rank=2, points=0, right=0, asked=3, answered=1, median_seconds=3.0),
        MemberLine(CHIDO, rank=2, points=0, right=0, asked=3, answered=0, median_seconds=None),
    )
    assert shown.totals == RoundTotals(members=3, answers=4, right=2, asked=3)


async def test_each_question_shows_how_the_members_who_joined_answered(store: Store) -> None:
    first, second, third = (await figures_of(await three_members(store))).spreads
    # Of 3 members: 1 is 33% (a bar of 35%, in steps of 5), 2 are 67% (65%).
    assert first.bars == (
        Bar("choice", "Harare", 1, 35, right=True),
        Bar("choice", "Bulawayo", 1, 35),
        Bar("choice", "Mutare", 0, 0),
        Bar("missing", "", 1, 35),
    )
    assert first.missing == (CHIDO,)
    assert second.bars == (
        Bar("choice", "Mombasa", 0, 0),
        Bar("choice", "Nairobi", 1, 35, right=True),
        Bar("missing", "", 2, 65),
    )
    assert second.missing == (BETTY, CHIDO)
    assert third.bars == (
        Bar("right", "", 0, 0, right=True),
        Bar("wrong", "", 1, 35),
        Bar("missing", "", 2, 65),
    )
    assert third.missing == (BETTY, CHIDO)
    assert [s.asked for s in (first, second, third)] == [True, True, True]


async def test_a_round_stopped_early_asked_only_what_it_reached(store: Store) -> None:
    rounds = await three_members(store, status="stopped")
    (record,) = await rounds.listed(GUILD, limit=5, before_id=None)
    played = await rounds.played(record, Bank([DECK]))
    # Never posted through the store (current -1): what it reached is the last question answered, the third.
    assert (await rounds.figures(played)).totals.asked == 3
    early = await store.start_round(
        NewRound(GUILD, CHANNEL, "capitals", 1, ("zw", "ke", "leaf"), 20, "standard", 7, START)
    )
    await store.post_question(early.id, 0, 500, START)
    await store.reveal_question(early.id, 0, START + timedelta(seconds=20))
    await store.post_question(early.id, 1, 501, START + timedelta(seconds=25))
    await store.save_hints(early.id, 1, CHIDO, 1)
    await store.finish_round(early.id, "stopped", START + timedelta(seconds=30))
    stopped = await store.get_round(early.id)
    assert stopped is not None
    shown = await rounds.figures(await rounds.played(stopped, Bank([DECK])))
    # The first question was revealed, the second open when it stopped: one asked; nobody missed the rest.
    assert shown.totals == RoundTotals(members=1, answers=0, right=0, asked=1)
    assert [(s.asked, s.missing) for s in shown.spreads] == [(True, (CHIDO,)), (False, ()), (False, ())]
    assert shown.ranking == (MemberLine(CHIDO, 1, 0, 0, 1, 0, None),)


def test_the_lists_filters_are_read_as_whole_utc_days() -> None:
    asked = read_filter(
        {"from": "2026-12-01", "to": "2026-12-01", "deck": "capitals", "member": "102"}, {"capitals"}
    )
    assert asked.only == RoundFilter(
        since=START.replace(hour=0),
        until=datetime(2026, 12, 2, tzinfo=UTC),
        deck_id="capitals",
        member_id=102,
    )
    assert asked.active
    assert read_filter({}, {"capitals"}).only == RoundFilter()
    assert not read_filter({"from": "", "page": "2"}, ()).active
    # The calendar's last day has no day after it: no upper bound.
    assert read_filter({"to": date.max.isoformat()}, ()).only == RoundFilter()


@pytest.mark.parametrize(
    ("query", "sentence"),
    [
        ({"from": "2026-02-30"}, "2026-02-30 is not a day: write it as year-month-day, like 2026-12-01."),
        ({"to": "1/12/2026"}, "1/12/2026 is not a day: write it as year-month-day, like 2026-12-01."),
        (
            {"from": "2026-12-02", "to": "2026-12-01"},
            "The first day comes after the last day: swap them, or clear one.",
        ),
        ({"deck": "nope"}, "This server has no such deck."),
        ({"member": "<@102>"}, "Choose a member from the list."),
    ],
)
def test_a_filter_that_cannot_be_one_is_a_sentence(query: dict[str, str], sentence: str) -> None:
    with pytest.raises(UserError) as refused:
        read_filter(query, {"capitals"})
    assert refused.value.sentence == sentence
