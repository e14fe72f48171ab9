"""What only the PostgreSQL store does: answers committed in groups, bulk loads, its schema, its server.

Everything the interface promises is in tests/store_contract, run on both backends. These run against
the session's throw-away server (tests/postgres_server.py), one fresh database per test.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
import pytest

from bot.store import (
    Board,
    BoardLine,
    StoreError,
)
from bot.store.postgres import SCHEMA_VERSION, PostgresStore
from tests.store_contract.builders import T0, answer, start


@pytest.fixture
async def store(postgres_url: str) -> AsyncIterator[PostgresStore]:
    opened = await PostgresStore.open(postgres_url)
    yield opened
    await opened.close()


async def rows_in(url: str, sql: str) -> list[tuple[object, ...]]:
    """Read the database on a connection of its own, as another process would."""
    conn = await asyncpg.connect(url)
    try:
        return [tuple(row) for row in await conn.fetch(sql)]
    finally:
        await conn.close()


async def test_two_stores_bursting_on_the_same_members_and_decks(postgres_url: str) -> None:
    one, two = await PostgresStore.open(postgres_url), await PostgresStore.open(postgres_url)
    try:
        bio = await start(one, deck="bio")
        chem = await start(two, deck="chem")
        # Each store writes both decks for the same 60 members, in opposite orders: the groups add to
        # the same totals rows, and each answer is sent by both stores.
        clicks = [answer(rnd, q, user=n) for q in range(3) for n in range(60) for rnd in (bio, chem)]
        results = await asyncio.gather(
            *(one.record_answer(click) for click in clicks),
            *(two.record_answer(click) for click in reversed(clicks)),
        )
        assert sum(r.first for r in results) == len(clicks) == 360
        board = await one.leaderboard(1, "all", T0)
        assert board.total == 60
        assert {(line.rank, line.points, line.answered) for line in board.lines} == {(1, 600, 6)}
    finally:
        await one.close()
        await two.close()


async def test_after_a_bulk_load_the_boards_trigger_is_back(store: PostgresStore) -> None:
    rnd = await start(store)
    await store.record_answer(answer(rnd, 0, user=1))
    batch = [answer(rnd, 0, user=1), answer(rnd, 0, user=2), answer(rnd, 1, user=2, right=False)]
    assert await store.import_answers(batch) == 2
    board = await store.leaderboard(1, "all", T0)
    assert board == Board(lines=(BoardLine(1, 1, 100, 1, 1), BoardLine(1, 2, 100, 1, 2)), total=2)
    # The boards trigger is back on after the load: a click counts at once.
    await store.record_answer(answer(rnd, 2, user=2, points=70))
    assert await store.member_rank(1, 2, "today", T0) == BoardLine(1, 2, 170, 2, 3)


async def test_opening_twice_at_once_migrates_once(postgres_url: str) -> None:
    one, two = await asyncio.gather(PostgresStore.open(postgres_url), PostgresStore.open(postgres_url))
    await one.close()
    await two.close()
    assert one.schema_version == two.schema_version == SCHEMA_VERSION
    assert await rows_in(postgres_url, "SELECT version FROM bvunzo_schema ORDER BY 1") == [
        (1,),
        (2,),
        (3,),
        (4,),
        (5,),
        (6,),
        (7,),
        (8,),
        (9,),
        (10,),
        (11,),
        (12,),
        (13,),
        (14,),
        (15,),
        (16,),
        (17,),
        (18,),
        (19,),
        (20,),
    ]


async def test_a_newer_schema_is_refused_untouched(postgres_url: str) -> None:
    await (await PostgresStore.open(postgres_url)).close()
    conn = await asyncpg.connect(postgres_url)
    await conn.execute("INSERT INTO bvunzo_schema VALUES (99); DELETE FROM meta")
    await conn.close()
    with pytest.raises(StoreError, match="schema version 99 is newer"):
        await PostgresStore.open(postgres_url)
    assert await rows_in(postgres_url, "SELECT COUNT(*) FROM meta") == [(0,)]


async def test_an_unreachable_server_is_one_sentence_without_the_password(postgres_url: str) -> None:
    missing = postgres_url.replace("bvunzo@", "bvunzo:secret@").rsplit("/", 1)[0] + "/no_such_db"
    with pytest.raises(StoreError, match="has no such database") as refused:
        await PostgresStore.open(missing)
    assert "secret" not in str(refused.value)
    with pytest.raises(
        StoreError, match=r"cannot reach PostgreSQL at postgresql://bvunzo:\*\*\*@127.0.0.1:1/"
    ):
        await PostgresStore.open("postgresql://bvunzo:secret@127.0.0.1:1/bvunzo")


def test_without_postgresql_binaries_the_server_is_missing_with_a_reason(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from tests import postgres_server

    monkeypatch.setattr(postgres_server, "_search_path", lambda: str(tmp_path))
    with pytest.raises(postgres_server.ServerMissing, match="initdb is not installed"):
        postgres_server.start_server()
    with pytest.raises(postgres_server.ServerMissing) as caught:
        postgres_server.start_server()
    # Where CI requires PostgreSQL a missing server fails the test; elsewhere it skips it.
    outcomes = {}
    for required in ("1", "0"):
        monkeypatch.setenv(postgres_server.REQUIRE_ENV, required)
        with pytest.raises(BaseException) as outcome:  # pytest's skip and fail are BaseExceptions
            postgres_server.missing(caught.value)
        outcomes[required] = (outcome.type, str(outcome.value))
    assert outcomes == {
        "1": (
            pytest.fail.Exception,
            "BVUNZO_REQUIRE_POSTGRES is set but PostgreSQL's initdb is not installed "
            "(apt-get install postgresql puts it in place)",
        ),
        "0": (
            pytest.skip.Exception,
            "no PostgreSQL here: PostgreSQL's initdb is not installed "
            "(apt-get install postgresql puts it in place)",
        ),
    }
