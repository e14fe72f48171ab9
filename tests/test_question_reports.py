"""The question-report service (bot/reports) on a real SQLite file, with a hand clock and no Discord."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.bank.loader import load_deck_text
from bot.errors import UserError
from bot.reports import QuestionReports
from bot.store import Store, open_store

DECK = load_deck_text(
    """\
id: bio
title: Biology
questions:
  - id: cell
    prompt: What is the unit of life?
    choices: [The cell, The atom]
    answer: 0
  - id: leaf
    prompt: Where does photosynthesis happen?
    choices: [Roots, Leaves]
    answer: 1
""",
    "bio.yaml",
    guild_id=7,
)
CELL, LEAF = DECK.question("cell"), DECK.question("leaf")


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=1)
        return self.now


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    opened = await open_store(tmp_path / "bvunzo.db")
    yield opened
    await opened.close()


async def test_reports_are_kept_once_per_member_and_queued_most_reported_first(store: Store) -> None:
    reports = QuestionReports(store, Clock())
    assert CELL is not None and LEAF is not None
    assert await reports.report(7, DECK, LEAF, 1, "typo", "  teh  ") is True
    assert await reports.report(7, DECK, CELL, 2, "wrong", "") is True
    assert await reports.report(7, DECK, CELL, 3, "unclear", "") is True
    assert await reports.report(7, DECK, CELL, 2, "unclear", "why") is False  # member 2 again: replaced
    queue = await reports.queue(7)
    assert [(q.question_id, q.members) for q in queue] == [("cell", 2), ("leaf", 1)]
    assert queue[0].reasons == (("unclear", 2),)
    assert queue[1].notes == ("teh",)
    assert await reports.queue(8) == []  # another server sees none of them


async def test_a_report_from_direct_messages_reaches_no_server(store: Store) -> None:
    reports = QuestionReports(store, Clock())
    assert CELL is not None
    assert await reports.report(None, DECK, CELL, 1, "other", "") is True
    assert await reports.queue(7) == []
    assert [q.question_id for q in await reports.queue(0)] == ["cell"]


async def test_an_unknown_reason_is_one_sentence_and_keeps_nothing(store: Store) -> None:
    reports = QuestionReports(store, Clock())
    assert CELL is not None
    with pytest.raises(UserError, match="wrong answer, unclear, typo or other"):
        await reports.report(7, DECK, CELL, 1, "rude", "")
    assert await reports.queue(7) == []


async def test_closing_counts_the_reports_once_and_says_so_when_they_were_closed_already(
    store: Store,
) -> None:
    reports = QuestionReports(store, Clock())
    assert CELL is not None
    for member in (1, 2):
        await reports.report(7, DECK, CELL, member, "wrong", "")
    assert await reports.close(7, "bio", "cell", "resolved", by=99) == 2
    with pytest.raises(UserError, match="another moderator may have closed them"):
        await reports.close(7, "bio", "cell", "dismissed", by=98)
    with pytest.raises(UserError, match="Choose Resolve or Dismiss"):
        await reports.close(7, "bio", "cell", "deleted", by=99)
    assert await reports.queue(7) == []
