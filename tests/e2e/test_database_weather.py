"""Database weather, played for real: SQLite's write lock held by another connection, PostgreSQL stopped.

Every click and command is still answered within Discord's 3 s (the fake flags a late one): deferred
when its store work runs long, then told the truth once that work ends: "Locked in" only after the
commit, or one sentence that it was not recorded. Nothing told "Locked in" is lost, nothing refused is
counted, the host reads one WARNING per outage and no traceback, and the round goes on afterwards.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiohttp
import asyncpg
import pytest
import pytest_asyncio

from bot.discord.client import BvunzoBot
from bot.discord.health import HealthServer
from bot.host.config import HttpAddress
from tests.e2e.conftest import POSTGRESQL, World
from tests.e2e.fake_discord import FakeInteraction, FakeMessage
from tests.e2e.harness import HANG_GUARD, wait_until
from tests.e2e.rounds import (
    DECKS,
    click,
    is_revealed,
    open_question,
    play_round,
    right_letter,
    round_id_of,
    set_pause,
    start,
)
from tests.postgres_server import PostgresServer

DECK = DECKS["gradient-checkpointing"]
CHANNEL_MESSAGE, DEFERRED = 4, 5  # callback types: an answer at once, a deferred ("thinking...") one
NOT_RECORDED = (
    "Bvunzo can't reach its database right now, so that was not recorded; please send it again in a moment."
)
MAYBE_RECORDED = (
    "Bvunzo lost its database while saving that, so it may not have been recorded; "
    "send it again in a moment and Bvunzo will tell you if it already was."
)


@asynccontextmanager
async def write_lock_held(path: Path) -> AsyncIterator[threading.Event]:
    """Another program holds the file's write lock (BEGIN IMMEDIATE) until the event yielded is set."""
    locked, release = threading.Event(), threading.Event()

    def hold() -> None:
        conn = sqlite3.connect(path, isolation_level=None)
        conn.execute("BEGIN IMMEDIATE")
        locked.set()
        release.wait(HANG_GUARD)
        conn.execute("COMMIT")
        conn.close()

    holder = threading.Thread(target=hold)
    holder.start()
    await asyncio.to_thread(locked.wait)
    try:
        yield release
    finally:
        release.set()
        await asyncio.to_thread(holder.join)


def answers_on_disk(db: Path, round_id: int) -> list[int]:
    """Who has an answer to the round in the file, read by a connection of its own (WAL: past any lock)."""
    conn = sqlite3.connect(db)
    try:
        rows = conn.execute("SELECT user_id FROM answers WHERE round_id = ? ORDER BY user_id", (round_id,))
        return [user_id for (user_id,) in rows]
    finally:
        conn.close()


async def heard(interaction: FakeInteraction) -> FakeMessage:
    """What the member finally reads: the answer itself, or the one that took a deferral's place."""
    first = await interaction.response(timeout=HANG_GUARD)
    if first.type == DEFERRED:
        return await interaction.wait_original(timeout=HANG_GUARD)
    assert first.type == CHANNEL_MESSAGE and first.message is not None, first
    return first.message


@pytest_asyncio.fixture
async def endpoint(bot: BvunzoBot) -> AsyncIterator[str]:
    server = HealthServer(bot)
    url = await server.start(HttpAddress("127.0.0.1", 0))
    try:
        yield url
    finally:
        await server.stop()


async def healthz(endpoint: str) -> tuple[int, dict[str, object]]:
    async with aiohttp.ClientSession() as http, http.get(f"{endpoint}/healthz") as response:
        return response.status, json.loads(await response.text())


def store_warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [
        r.getMessage()
        for r in caplog.records
        if r.levelno == logging.WARNING and r.name.startswith("bot.store")
    ]


async def test_clicks_during_a_held_sqlite_lock_are_deferred_then_locked_in_and_all_on_disk(
    world: World, bot: BvunzoBot
) -> None:
    world.clock.freeze()
    await set_pause(world, 0)
    await start(world, world.general, world.moderator, questions=1, seconds=60)
    question = await open_question(world, world.general, 1)
    round_id = round_id_of(question)
    players = world.members[:6]

    async with write_lock_held(world.db) as release:
        clicks = [await world.fake.click(question, member, label="A") for member in players]
        firsts = [await c.response(timeout=HANG_GUARD) for c in clicks]
        # Each click is acknowledged in time with an ephemeral "thinking...", and nobody has been told
        # anything yet: the answers are not on disk while the lock is held.
        assert [(f.type, f.ephemeral) for f in firsts] == [(DEFERRED, True)] * len(players)
        assert all(c.original is not None and c.original.loading for c in clicks)
        assert answers_on_disk(world.db, round_id) == []
        release.set()  # the other program commits, after the deferrals: a lock of any length past 2 s

    said = [(await c.wait_original(timeout=HANG_GUARD)).content for c in clicks]
    assert said == ["Locked in: A."] * len(players)
    assert all(len(c.followups) == 1 for c in clicks)  # the answer took the deferral's place, once
    assert answers_on_disk(world.db, round_id) == sorted(m.id for m in players)


async def test_an_answer_ready_while_its_deferral_is_on_the_way_waits_for_it_and_follows_it_up(
    world: World, bot: BvunzoBot
) -> None:
    world.clock.freeze()
    await set_pause(world, 0)
    await start(world, world.general, world.moderator, questions=1, seconds=60)
    question = await open_question(world, world.general, 1)
    alice = world.members[0]
    # The deferral takes a while to reach Discord; the lock goes as soon as it leaves the bot, so the
    # answer is committed (and "Locked in" ready) while the deferral is still on its way.
    deferral = world.fake.faults.slow(0.5, "POST /interactions/*/*/callback", times=1)
    async with write_lock_held(world.db) as release:
        clicked = await world.fake.click(question, alice, label="B")
        await world.fake.wait_until(lambda: deferral.served or None, HANG_GUARD, lambda: "the deferral")
        release.set()
    first = await clicked.response(timeout=HANG_GUARD)
    assert (first.type, first.ephemeral) == (DEFERRED, True)
    said = await clicked.wait_original(timeout=HANG_GUARD)
    assert said.content == "Locked in: B."
    # One callback (the deferral), then the answer in its place: never a second callback.
    callbacks = world.fake.requests_to("POST /interactions/{interaction_id}/{interaction_token}/callback")
    assert [r.body["type"] for r in callbacks if str(clicked.id) in r.path] == [DEFERRED]


async def test_a_lock_past_the_bound_refuses_the_click_and_defers_the_board_until_it_is_read(
    world: World, bot: BvunzoBot, endpoint: str, caplog: pytest.LogCaptureFixture
) -> None:
    world.clock.freeze()
    alice, bongani = world.members[:2]
    await play_round(world, world.general, world.moderator, {alice: [True]})
    await start(world, world.general, world.moderator, questions=1, seconds=60)
    question = await open_question(world, world.general, 1)
    round_id = round_id_of(question)
    right = right_letter(question, DECK)

    with caplog.at_level(logging.INFO, logger="bot"):
        async with write_lock_held(world.db):
            clicked = await world.fake.click(question, bongani, label=right)
            first_click = await clicked.response()
            assert (first_click.type, first_click.ephemeral) == (DEFERRED, True)
            # The click's answer is stuck on the lock now (its deferral says so), in the store's one
            # connection: the board's read waits behind it. (Asked before, the board could be read first
            # while the click was still learning its member's language, on a busy machine.)
            board = await world.fake.slash(world.general, alice, "leaderboard")
            first_board = await board.response()
            assert (first_board.type, first_board.ephemeral) == (DEFERRED, False)  # the board is public

            shown = await board.wait_original(timeout=HANG_GUARD)
            assert f"<@{alice.id}>" in shown.text and "100" in shown.text

            refused = await clicked.wait_original(timeout=HANG_GUARD)
            assert refused.content == NOT_RECORDED
            assert refused.ephemeral
            assert answers_on_disk(world.db, round_id) == []
            status, body = await healthz(endpoint)
            assert (status, body["failed"]) == (503, ["store"])

        # One line for the host about the lock, however many tries and refusals it caused.
        warned = store_warnings(caplog)
        assert len(warned) == 1, warned
        assert "is locked by another program" in warned[0]

        # The lock is gone: the member sends the answer again and it counts, once.
        assert await click(world, question, bongani, right) == f"Locked in: {right}."
        assert answers_on_disk(world.db, round_id) == [bongani.id]
        assert "answers again after" in caplog.text
        assert (await healthz(endpoint))[0] == 200

    await (await world.fake.slash(world.general, world.moderator, "quiz skip")).response()
    await world.fake.wait_for_message(world.general, is_revealed(1))
    summary = await world.fake.wait_for_message(
        world.general,
        lambda m: "Round over" in m.text and f"Round {round_id} ·" in m.text,
        timeout=HANG_GUARD,
    )
    assert f"<@{bongani.id}>" in summary.text and "100" in summary.text


@pytest.mark.parametrize("database", [POSTGRESQL], indirect=True)
async def test_postgresql_stopped_mid_round_is_one_sentence_and_the_round_goes_on(
    world: World,
    bot: BvunzoBot,
    endpoint: str,
    postgres_server: PostgresServer,
    caplog: pytest.LogCaptureFixture,
) -> None:
    world.clock.freeze()
    alice, bongani, chipo = world.members[:3]
    await set_pause(world, 0)
    await start(world, world.general, world.moderator, questions=2, seconds=60)
    question = await open_question(world, world.general, 1)
    right = right_letter(question, DECK)
    assert await click(world, question, alice, right) == f"Locked in: {right}."

    with caplog.at_level(logging.INFO, logger="bot"):
        postgres_server.halt()
        try:
            for member in (bongani, chipo):
                said = await heard(await world.fake.click(question, member, label=right))
                assert (said.content, said.ephemeral) == (NOT_RECORDED, True)
            status, body = await healthz(endpoint)
            assert (status, body["failed"]) == (503, ["store"])
        finally:
            postgres_server.start()
        warned = store_warnings(caplog)
        assert len(warned) == 1, warned
        # Which one the host reads depends on where the halt caught a connection: closed between two
        # uses, refused on a new one, or cut while asyncpg was mid-statement (a busy machine makes the
        # last two likely): one sentence whichever it is.
        kinds = ("cannot reach PostgreSQL", "closed the connection", "broke a connection mid-statement")
        assert any(kind in warned[0] for kind in kinds), warned[0]

        # The server is back: the pool connects again, and the answer sent again counts.
        assert await click(world, question, bongani, right) == f"Locked in: {right}."
        assert "answers again after" in caplog.text
        assert (await healthz(endpoint))[0] == 200

        await (await world.fake.slash(world.general, world.moderator, "quiz skip")).response()
        await world.fake.wait_for_message(world.general, is_revealed(1))
        second = await open_question(world, world.general, 2)
        assert await click(world, second, alice, right_letter(second, DECK)) == (
            f"Locked in: {right_letter(second, DECK)}."
        )

        # Down again as the question is revealed: the round's own writes wait for the server.
        postgres_server.halt()
        try:
            await (await world.fake.slash(world.general, world.moderator, "quiz skip")).response()
            await wait_until(lambda: len(store_warnings(caplog)) == 2, what="the second outage's warning")
        finally:
            postgres_server.start()
        await world.fake.wait_for_message(world.general, is_revealed(2), timeout=HANG_GUARD)
        summary = await world.fake.wait_for_message(
            world.general, lambda m: "Round over" in m.text, timeout=HANG_GUARD
        )
    assert f"<@{alice.id}>" in summary.text and "200" in summary.text
    assert f"<@{bongani.id}>" in summary.text
    assert f"<@{chipo.id}>" not in summary.text  # refused, never counted
    stored = await bot.store.round_answers(round_id_of(question))
    assert sorted((a.user_id, a.question_index) for a in stored) == sorted(
        [(alice.id, 0), (bongani.id, 0), (alice.id, 1)]
    )
    assert len(store_warnings(caplog)) == 2  # one per outage


@pytest.mark.parametrize("database", [POSTGRESQL], indirect=True)
async def test_clicks_waiting_on_a_postgresql_lock_are_deferred_then_refused_or_told_they_may_not_count(
    world: World, bot: BvunzoBot, caplog: pytest.LogCaptureFixture
) -> None:
    world.clock.freeze()
    alice = world.members[0]
    await set_pause(world, 0)
    await start(world, world.general, world.moderator, questions=1, seconds=60)
    question = await open_question(world, world.general, 1)
    round_id = round_id_of(question)
    assert isinstance(world.db, str)  # the world's PostgreSQL database
    other = await asyncpg.connect(world.db)  # another program, holding the answers table
    try:
        locker = other.transaction()
        await locker.start()
        await other.execute("LOCK TABLE answers IN ACCESS EXCLUSIVE MODE")
        with caplog.at_level(logging.WARNING, logger="bot"):
            # Past PostgreSQL's lock_timeout (10 s) the INSERT is rolled back: surely not recorded.
            clicked = await world.fake.click(question, alice, label="B")
            first = await clicked.response(timeout=HANG_GUARD)
            assert (first.type, first.ephemeral) == (DEFERRED, True)  # the INSERT waits on the lock
            said = await clicked.wait_original(timeout=HANG_GUARD)
            assert said.content == NOT_RECORDED

            clicked = await world.fake.click(question, alice, label="B")
            first = await clicked.response(timeout=HANG_GUARD)
            assert (first.type, first.ephemeral) == (DEFERRED, True)

            async def waiting() -> bool:
                return bool(await other.fetchval(WAITING_ON_A_LOCK))

            await wait_until(waiting, timeout=HANG_GUARD, what="the bot's INSERT to wait on the lock")
            # The server drops the bot's connection with its INSERT on the way: did it commit? Unknown to
            # the bot, which says so.
            await other.execute(f"SELECT pg_terminate_backend(pid) FROM ({WAITING_ON_A_LOCK_ROWS}) AS w")
            said = await clicked.wait_original(timeout=HANG_GUARD)
            assert said.content == MAYBE_RECORDED
        assert len(store_warnings(caplog)) == 1  # one outage, two refusals
        await locker.rollback()
    finally:
        await other.close()
    # Sent again, it finds nothing stored (the INSERT never committed): it counts now, once.
    assert await click(world, question, alice, "B") == "Locked in: B."
    stored = await bot.store.round_answers(round_id)
    assert [a.user_id for a in stored] == [alice.id]


WAITING_ON_A_LOCK_ROWS = (
    "SELECT pid FROM pg_stat_activity WHERE application_name = 'bvunzo' AND wait_event_type = 'Lock'"
)
WAITING_ON_A_LOCK = f"SELECT count(*) FROM ({WAITING_ON_A_LOCK_ROWS}) AS w"
