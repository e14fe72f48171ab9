"""Migration 0010 keeps the history there is: a database at schema 9 with rounds, answers, an assignment and
a question of the day gets first tries from its answers in the migration (SQL), and snapshots of what was
asked from today's decks at the bot's start (bot.asked.give_snapshots), said once in the log."""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

import asyncpg
import pytest

from bot.bank import Bank
from bot.bank.loader import load_deck_text
from bot.bank.versions import version_of
from bot.results.asked import assignment_deck, give_snapshots, qotd_question, round_deck
from bot.store import FirstTry, Store, open_store
from bot.store.postgres.schema import migrate as migrate_postgres
from bot.store.sqlite.schema import migrate as migrate_sqlite
from tests.store_contract.builders import T0

DECK = """\
id: capitals
title: Capitals
questions:
  - id: zw
    prompt: "Capital of Zimbabwe?"
    choices: ["Harare", "Bulawayo"]
    answer: 0
  - id: ke
    prompt: "Capital of Kenya?"
    choices: ["Mombasa", "Nairobi"]
    answer: 1
"""
# Played at schema 9: two rounds (the second names a question the deck no longer has), answers, an
# assignment and a question of the day. Literal values, so both engines run the same text.
PLAYED = (
    "INSERT INTO rounds (id, guild_id, channel_id, deck_id, started_by, question_ids, seconds, mode, seed, "
    "status, started_at, ended_at) VALUES (1, 1, 10, 'capitals', 9, '[\"zw\", \"ke\"]', 20, 'standard', 5, "
    "'finished', 1715774400000, 1715774500000)",
    "INSERT INTO rounds (id, guild_id, channel_id, deck_id, started_by, question_ids, seconds, mode, seed, "
    "status, started_at, ended_at) VALUES (2, 1, 11, 'capitals', 9, '[\"gone\", \"zw\"]', 20, 'standard', 6, "
    "'finished', 1715774600000, 1715774700000)",
    "INSERT INTO answers (guild_id, round_id, question_index, question_id, deck_id, user_id, choice, text, "
    "correct, ms, points, answered_at) VALUES "
    "(1, 1, 0, 'zw', 'capitals', 7, 1, NULL, 0, 900, 0, 1715774401000), "
    "(1, 1, 1, 'ke', 'capitals', 7, 1, NULL, 1, 900, 100, 1715774431000), "
    "(1, 2, 1, 'zw', 'capitals', 7, 0, NULL, 1, 900, 100, 1715774601000), "
    "(1, 2, 0, 'gone', 'capitals', 8, 0, NULL, 1, 900, 100, 1715774602000)",
    "INSERT INTO assignments (id, guild_id, channel_id, deck_id, question_ids, seed, due_at, attempts, late, "
    "created_by, created_at) VALUES (1, 1, 10, 'capitals', '[\"ke\"]', 3, 1715860800000, 1, 'allow', 9, "
    "1715774400000)",
    "INSERT INTO qotd_days (guild_id, day, channel_id, deck_id, question_id, seed, posted_at, closes_at) "
    "VALUES (1, 20240515, 10, 'capitals', 'zw', 4, 1715774400000, 1715846400000)",
)
LINE = (
    "gave 2 past rounds a snapshot of their questions from today's decks "
    "(and 1 assignments, 1 questions of the day; first tries of 2 questions)"
)


def sqlite_at_9(path: Path) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    assert migrate_sqlite(conn, upto=9) == 9
    for statement in PLAYED:
        conn.execute(statement)
    conn.close()


async def postgres_at_9(url: str) -> None:
    conn = await asyncpg.connect(url)
    try:
        assert await migrate_postgres(conn, upto=9) == 9
        for statement in PLAYED:
            await conn.execute(statement)
    finally:
        await conn.close()


async def check_history_is_kept(store: Store, caplog: pytest.LogCaptureFixture) -> None:
    deck = load_deck_text(DECK, "capitals.yaml")
    zw, ke = version_of(deck.question("zw")).digest, version_of(deck.question("ke")).digest  # type: ignore[arg-type]
    # The migration itself: each member's first try, from before versions ('').
    assert await store.first_tries(1, "capitals") == [
        FirstTry(8, "gone", True, 0, ""),
        FirstTry(7, "ke", True, 1, ""),
        FirstTry(7, "zw", False, 1, ""),
    ]
    bank = Bank([deck])
    with caplog.at_level(logging.INFO, logger="bot.results.asked"):
        await give_snapshots(store, bank, T0)
        await give_snapshots(store, bank, T0)  # the next start: nothing left to give, nothing said
    assert [r.getMessage() for r in caplog.records if r.name == "bot.results.asked"] == [LINE]
    first, second = await store.get_round(1), await store.get_round(2)
    assert first is not None and second is not None
    assert (first.versions, second.versions) == ((zw, ke), (None, zw))
    assert await store.first_tries(1, "capitals") == [
        FirstTry(8, "gone", True, 0, ""),  # no version of it can be known
        FirstTry(7, "ke", True, 1, ke),
        FirstTry(7, "zw", False, 1, zw),
    ]
    # Then the deck is edited: the past rounds show the snapshot they were given.
    bank.add(load_deck_text(DECK.replace("Capital of Zimbabwe?", "Largest city?"), "capitals.yaml"))
    asked = await round_deck(store, bank, second)
    assert asked is not None and [q.prompt for q in asked.questions] == ["Capital of Zimbabwe?"]
    assignment = await store.assignment(1)
    assert assignment is not None
    assert (await assignment_deck(store, bank, assignment)).question("ke").prompt == "Capital of Kenya?"  # type: ignore[union-attr]
    day = await store.qotd_day(1, 20240515)
    assert day is not None
    assert (await qotd_question(store, bank, day)).prompt == "Capital of Zimbabwe?"  # type: ignore[union-attr]


async def test_a_sqlite_database_at_schema_9_keeps_its_history(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    sqlite_at_9(tmp_path / "v9.db")
    async with await open_store(tmp_path / "v9.db") as store:
        await check_history_is_kept(store, caplog)


async def test_a_postgres_database_at_schema_9_keeps_its_history(
    postgres_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    await postgres_at_9(postgres_url)
    async with await open_store(postgres_url) as store:
        await check_history_is_kept(store, caplog)
