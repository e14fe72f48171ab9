"""The store on PostgreSQL: answers exactly once and committed, boards and ranks, stats, practice, schema.

Runs against the session's throw-away server (tests/postgres_server.py), one fresh database per test.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import asyncpg
import pytest

from bot.store import (
    Board,
    BoardLine,
    GuildDeckRecord,
    GuildSettings,
    Memory,
    Recorded,
    RoundAlreadyRunning,
    StoreError,
)
from bot.store.postgres import SCHEMA_VERSION, PostgresStore
from tests.test_store_support import QUESTIONS, T0, answer, start


@pytest.fixture
async def store(postgres_url: str) -> AsyncIterator[PostgresStore]:
    opened = await PostgresStore.open(postgres_url)
    yield opened
    await opened.close()


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)  # type: ignore[arg-type,misc]


async def rows_in(url: str, sql: str) -> list[tuple[object, ...]]:
    """Read the database on a connection of its own, as another process would."""
    conn = await asyncpg.connect(url)
    try:
        return [tuple(row) for row in await conn.fetch(sql)]
    finally:
        await conn.close()


# -- answers ---------------------------------------------------------------------------------------


async def test_first_answer_is_stored_and_a_second_is_told_the_first(store: PostgresStore) -> None:
    rnd = await start(store)  # type: ignore[arg-type]
    first = answer(rnd, 0, user=7, right=False, choice=2)
    assert await store.record_answer(first) == Recorded(first=True, previous=None)

    again = await store.record_answer(answer(rnd, 0, user=7, right=True, choice=0))

    assert again == Recorded(first=False, previous=first)
    assert await store.round_answers(rnd.id) == [first]


async def test_concurrent_clicks_record_exactly_once_and_are_committed(
    store: PostgresStore, postgres_url: str
) -> None:
    rnd = await start(store)  # type: ignore[arg-type]
    clicks = [answer(rnd, 3, user=42, choice=n % 4, right=n % 4 == 0, ms=1_000 + n) for n in range(40)]

    results = await asyncio.gather(*(store.record_answer(click) for click in clicks))

    assert sum(r.first for r in results) == 1
    (stored,) = await store.round_answers(rnd.id, 3)
    assert all(r.previous == stored for r in results if not r.first)
    # Another connection sees it at once: committed, not queued; and the boards count it once.
    assert await rows_in(postgres_url, "SELECT COUNT(*) FROM answers") == [(1,)]
    assert await rows_in(postgres_url, "SELECT answered FROM board_totals WHERE deck_id = ''") == [(1,)]


async def test_two_stores_on_one_database_record_exactly_once(postgres_url: str) -> None:
    one, two = await PostgresStore.open(postgres_url), await PostgresStore.open(postgres_url)
    try:
        rnd = await start(one)  # type: ignore[arg-type]
        clicks = [answer(rnd, 0, user=5, choice=n % 3, right=n % 3 == 0, ms=500 + n) for n in range(30)]
        results = await asyncio.gather(
            *((one if n % 2 else two).record_answer(click) for n, click in enumerate(clicks))
        )
        assert sum(r.first for r in results) == 1
        (stored,) = await two.round_answers(rnd.id)
        assert all(r.previous == stored for r in results if not r.first)
        # A round started through one store is running for the other: one per channel across processes.
        with pytest.raises(RoundAlreadyRunning):
            await start(two, channel=rnd.channel_id)  # type: ignore[arg-type]
    finally:
        await one.close()
        await two.close()


async def test_a_burst_is_committed_in_groups_each_answer_once(
    store: PostgresStore, postgres_url: str
) -> None:
    rnd = await start(store)  # type: ignore[arg-type]
    # 300 members answer question 0; members 0..49 click twice more (a different choice each time).
    clicks = [answer(rnd, 0, user=n, choice=1, right=False) for n in range(300)]
    clicks += [answer(rnd, 0, user=n, choice=c, right=c == 0) for n in range(50) for c in (0, 2)]

    results = await asyncio.gather(*(store.record_answer(click) for click in clicks))

    assert [r.first for r in results] == [True] * 300 + [False] * 100
    assert all(r.previous == clicks[n // 2] for n, r in enumerate(results[300:]))
    assert await rows_in(postgres_url, "SELECT COUNT(*), SUM(correct) FROM answers") == [(300, 0)]
    assert await rows_in(
        postgres_url, "SELECT COUNT(*), SUM(answered) FROM board_totals WHERE deck_id = ''"
    ) == [(300, 300)]


async def test_an_unknown_round_in_a_burst_fails_alone(store: PostgresStore) -> None:
    rnd = await start(store)  # type: ignore[arg-type]
    clicks = [answer(rnd, 1, user=n) for n in range(20)]
    clicks[10] = replace(clicks[10], round_id=999)

    results = await asyncio.gather(*(store.record_answer(click) for click in clicks), return_exceptions=True)

    assert isinstance(results[10], ValueError)
    assert all(r == Recorded(first=True, previous=None) for n, r in enumerate(results) if n != 10)
    assert len(await store.round_answers(rnd.id)) == 19


async def test_two_stores_bursting_on_the_same_members_and_decks(postgres_url: str) -> None:
    one, two = await PostgresStore.open(postgres_url), await PostgresStore.open(postgres_url)
    try:
        bio = await start(one, deck="bio")  # type: ignore[arg-type]
        chem = await start(two, deck="chem")  # type: ignore[arg-type]
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


async def test_an_answer_to_a_round_that_does_not_exist_is_refused(store: PostgresStore) -> None:
    rnd = await start(store)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="round 999"):
        await store.record_answer(replace(answer(rnd, 0, user=1), round_id=999))


async def test_import_answers_skips_duplicates_and_fills_the_boards(store: PostgresStore) -> None:
    rnd = await start(store)  # type: ignore[arg-type]
    await store.record_answer(answer(rnd, 0, user=1))
    batch = [answer(rnd, 0, user=1), answer(rnd, 0, user=2), answer(rnd, 1, user=2, right=False)]
    assert await store.import_answers(batch) == 2
    board = await store.leaderboard(1, "all", T0)
    assert board == Board(lines=(BoardLine(1, 1, 100, 1, 1), BoardLine(1, 2, 100, 1, 2)), total=2)
    # The boards trigger is back on after the load: a click counts at once.
    await store.record_answer(answer(rnd, 2, user=2, points=70))
    assert await store.member_rank(1, 2, "today", T0) == BoardLine(1, 2, 170, 2, 3)


# -- rounds ----------------------------------------------------------------------------------------


async def test_a_round_runs_posts_reveals_and_ends_once(store: PostgresStore) -> None:
    rnd = await start(store, channel=77)  # type: ignore[arg-type]
    assert rnd.status == "running" and rnd.current == -1 and rnd.question_ids == QUESTIONS
    with pytest.raises(RoundAlreadyRunning) as refused:
        await start(store, channel=77)  # type: ignore[arg-type]
    assert refused.value.round == rnd

    await store.post_question(rnd.id, 2, message_id=555, posted_at=T0 + timedelta(seconds=5))
    await store.reveal_question(rnd.id, 2, T0 + timedelta(seconds=25))
    now = await store.get_round(rnd.id)
    assert now is not None
    assert (now.current, now.message_id, now.posted_at, now.revealed) == (
        2,
        555,
        T0 + timedelta(seconds=5),
        True,
    )
    with pytest.raises(ValueError, match="no question 10"):
        await store.post_question(rnd.id, 10, message_id=1, posted_at=T0)
    assert [r.id for r in await store.running_rounds()] == [rnd.id]

    await store.finish_round(rnd.id, "stopped", T0 + timedelta(minutes=1), "stopped by a moderator")
    await store.finish_round(rnd.id, "finished", T0 + timedelta(minutes=2))
    ended = await store.last_finished_round(1, 77)
    assert ended is not None
    assert (ended.status, ended.ended_at, ended.end_reason) == (
        "stopped",
        T0 + timedelta(minutes=1),
        "stopped by a moderator",
    )
    assert await store.running_round(77) is None
    assert (await start(store, channel=77)).id != rnd.id  # type: ignore[arg-type]


# -- boards ----------------------------------------------------------------------------------------


async def test_all_time_board_ranks_ties_and_pages(store: PostgresStore) -> None:
    rnd = await start(store)  # type: ignore[arg-type]
    # Points: user 1 → 300, users 2 and 3 → 200 (user 3 got there first), user 4 → 100.
    for user, scores in {1: [100, 100, 100], 2: [100, 100, 0], 3: [200, 0, 0], 4: [100, 0, 0]}.items():
        for index, points in enumerate(scores):
            at = T0 + timedelta(seconds=index * 30 + (user == 2))
            await store.record_answer(answer(rnd, index, user=user, points=points, right=points > 0, at=at))

    board = await store.leaderboard(1, "all", T0)
    assert [(line.rank, line.user_id, line.points, line.right) for line in board.lines] == [
        (1, 1, 300, 3),
        (2, 2, 200, 2),
        (2, 3, 200, 1),
        (4, 4, 100, 1),
    ]
    assert board.total == 4
    page = await store.leaderboard(1, "all", T0, offset=2, limit=1)
    assert page == Board(lines=(BoardLine(2, 3, 200, 1, 3),), total=4)
    assert await store.member_rank(1, 3, "all", T0) == BoardLine(2, 3, 200, 1, 3)
    assert await store.member_rank(1, 9, "all", T0) is None
    assert await store.leaderboard(2, "all", T0) == Board(lines=(), total=0)


async def test_weeks_start_on_monday_in_utc(store: PostgresStore) -> None:
    rnd = await start(store)  # type: ignore[arg-type]
    await store.record_answer(answer(rnd, 0, user=1, at=utc(2024, 5, 12, 23, 59, 59)))  # a Sunday
    await store.record_answer(answer(rnd, 0, user=2, at=utc(2024, 5, 13, 0, 0, 0)))  # the Monday after
    await store.record_answer(answer(rnd, 1, user=2, points=50, at=utc(2024, 5, 14, 8)))

    monday = utc(2024, 5, 13, 9)
    assert (await store.leaderboard(1, "week", monday)).lines == (BoardLine(1, 2, 150, 2, 2),)
    assert (await store.leaderboard(1, "today", monday)).lines == (BoardLine(1, 2, 100, 1, 1),)
    assert (await store.leaderboard(1, "week", utc(2024, 5, 12, 23))).lines == (BoardLine(1, 1, 100, 1, 1),)
    assert (await store.leaderboard(1, "month", monday)).total == 2
    assert await store.member_rank(1, 1, "week", monday) is None
    assert await store.member_rank(1, 2, "week", utc(2024, 5, 15)) == BoardLine(1, 2, 150, 2, 2)


async def test_deck_boards_and_period_ranks_with_ties(store: PostgresStore) -> None:
    bio = await start(store, deck="bio")  # type: ignore[arg-type]
    chem = await start(store, deck="chem")  # type: ignore[arg-type]
    await store.record_answer(answer(bio, 0, user=1, points=80))
    await store.record_answer(answer(bio, 0, user=2, points=80))
    await store.record_answer(answer(chem, 0, user=3, points=500))

    week = await store.leaderboard(1, "week", T0, deck_id="bio")
    assert [(line.rank, line.user_id, line.points) for line in week.lines] == [(1, 1, 80), (1, 2, 80)]
    assert await store.member_rank(1, 2, "week", T0, deck_id="bio") == BoardLine(1, 2, 80, 1, 1)
    assert await store.member_rank(1, 2, "week", T0) == BoardLine(2, 2, 80, 1, 1)
    assert await store.member_rank(1, 2, "all", T0, deck_id="chem") is None
    empty_page = await store.leaderboard(1, "month", T0, offset=5)
    assert empty_page == Board(lines=(), total=3)


async def test_practice_never_reaches_the_boards(store: PostgresStore) -> None:
    await store.record_practice(1, 1, "deck", "q0", True, T0)
    assert await store.leaderboard(1, "all", T0) == Board(lines=(), total=0)


# -- stats and reports -----------------------------------------------------------------------------


async def test_member_stats_totals_streak_decks_and_weeks(store: PostgresStore) -> None:
    bio = await start(store, deck="bio")  # type: ignore[arg-type]
    chem = await start(store, deck="chem")  # type: ignore[arg-type]
    for index, right in enumerate([True, True, False, True]):
        await store.record_answer(answer(bio, index, user=1, right=right))
    await store.record_answer(answer(chem, 0, user=1, points=300, at=T0 - timedelta(weeks=1)))
    await store.record_practice(1, None, "bio", "q0", True, T0)
    await store.record_practice(1, None, "bio", "q1", False, T0)

    stats = await store.member_stats(1, 1, T0)

    assert (stats.points, stats.answered, stats.right, stats.rounds, stats.best_streak) == (600, 5, 4, 2, 3)
    assert stats.week_points == 300
    assert [(d.deck_id, d.points, d.answered) for d in stats.decks] == [
        ("bio", 300, 4),
        ("chem", 300, 1),
    ]  # equal: by name
    assert [w.week_start for w in stats.weeks][-2:] == [date(2024, 5, 6), date(2024, 5, 13)]
    assert [w.points for w in stats.weeks] == [0, 0, 0, 0, 0, 0, 300, 300]
    assert (stats.practice_answered, stats.practice_right) == (2, 1)


async def test_question_reports_of_a_round_and_of_a_deck(store: PostgresStore) -> None:
    rnd = await start(store, questions=("a", "b"))  # type: ignore[arg-type]
    await store.record_answer(answer(rnd, 0, user=1, right=False, choice=2))
    await store.record_answer(answer(rnd, 0, user=2, right=False, choice=2))
    await store.record_answer(answer(rnd, 0, user=3, right=True, choice=0))

    a, b = await store.question_report(1, round_id=rnd.id)
    assert (a.question_id, a.answered, a.right, a.top_wrong_choice, a.top_wrong_count) == ("a", 3, 1, 2, 2)
    assert (b.question_id, b.answered) == ("b", 0)
    assert [line.question_id for line in await store.question_report(1, deck_id="deck")] == ["a"]
    assert await store.question_report(2, round_id=rnd.id) == []


async def test_missed_in_last_round(store: PostgresStore) -> None:
    old = await start(store, deck="old")  # type: ignore[arg-type]
    new = await start(store, deck="new")  # type: ignore[arg-type]
    await store.record_answer(answer(old, 0, user=1, right=False, at=T0))
    await store.record_answer(answer(new, 2, user=1, right=False, at=T0 + timedelta(hours=1)))
    await store.record_answer(answer(new, 1, user=1, right=False, at=T0 + timedelta(hours=2)))
    await store.record_answer(answer(new, 0, user=1, right=True, at=T0 + timedelta(hours=3)))

    assert await store.missed_in_last_round(1) == ("new", ["q1", "q2"])
    assert await store.missed_in_last_round(1, guild_id=2) is None


# -- practice, memories, decks, settings -----------------------------------------------------------


def remembered(question: str, due: datetime, reviews: int = 1, lapses: int = 0) -> Memory:
    return Memory(7, "deck", question, '{"card": 1}', due, reviews, lapses, T0)


async def test_memories_are_saved_replaced_and_counted(store: PostgresStore) -> None:
    await store.record_practice(7, None, "deck", "q0", True, T0, remembered("q0", T0 + timedelta(days=1)))
    await store.save_memories([remembered("q1", T0 - timedelta(days=1), 3, 1), remembered("q2", T0, 2, 0)])
    await store.save_memory(remembered("q2", T0 + timedelta(days=4), 3, 0))
    with pytest.raises(ValueError, match="another member"):
        await store.record_practice(8, None, "deck", "q0", True, T0, remembered("q0", T0))

    assert set(await store.memories(7, "deck")) == {"q0", "q1", "q2"}
    assert (await store.memories(7, "deck"))["q2"].due == T0 + timedelta(days=4)
    assert await store.due_count(7, T0) == 1
    assert await store.due_count(7, T0, "other") == 0
    assert await store.next_due(7) == T0 - timedelta(days=1)
    assert await store.next_due(7, "other") is None
    assert await store.learned_count(7, 2) == 2
    assert set(await store.question_memories("deck", "q1", [7, 8])) == {7}
    assert await store.question_memories("deck", "q1", []) == {}


async def test_uploaded_decks_settings_and_meta(store: PostgresStore) -> None:
    deck = GuildDeckRecord(1, "mine", "mine.yaml", "text: 1", 5, T0)
    await store.save_guild_deck(deck)
    await store.save_guild_deck(replace(deck, text="text: 2"))
    await store.save_guild_deck(replace(deck, guild_id=2))
    assert [d.text for d in await store.guild_decks(1)] == ["text: 2"]
    assert len(await store.guild_decks()) == 2
    assert await store.delete_guild_deck(1, "mine") is True
    assert await store.delete_guild_deck(1, "mine") is False

    assert await store.guild_settings(3) == GuildSettings(3)
    await store.save_guild_settings(GuildSettings(3, quiz_master_role_id=2**62, questions=5, language="fr"))
    assert (await store.guild_settings(3)).quiz_master_role_id == 2**62
    await store.set_member_language(4, "sn")
    assert await store.member_language(4) == "sn"
    await store.set_member_language(4, None)
    assert await store.member_language(4) is None
    await store.set_meta("k", "v")
    assert await store.get_meta("k") == "v"
    assert (await store.get_meta("last_opened_by") or "").startswith("Bvunzo ")


# -- schema and connection -------------------------------------------------------------------------


async def test_opening_twice_at_once_migrates_once(postgres_url: str) -> None:
    one, two = await asyncio.gather(PostgresStore.open(postgres_url), PostgresStore.open(postgres_url))
    await one.close()
    await two.close()
    assert one.schema_version == two.schema_version == SCHEMA_VERSION
    assert await rows_in(postgres_url, "SELECT version FROM bvunzo_schema ORDER BY 1") == [(1,), (2,)]


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


async def test_a_closed_store_says_so(store: PostgresStore) -> None:
    await store.close()
    with pytest.raises(StoreError, match="closed"):
        await store.get_meta("k")


def test_without_postgresql_binaries_the_server_is_missing_with_a_reason(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from tests import postgres_server

    monkeypatch.setattr(postgres_server, "_search_path", lambda: str(tmp_path))
    with pytest.raises(postgres_server.ServerMissing, match="initdb is not installed"):
        postgres_server.start_server()
    monkeypatch.setenv(postgres_server.REQUIRE_ENV, "1")
    assert postgres_server.required()
    monkeypatch.setenv(postgres_server.REQUIRE_ENV, "0")
    assert not postgres_server.required()
