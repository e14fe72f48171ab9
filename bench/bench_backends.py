"""SQLite and PostgreSQL side by side: answers per second against raw commits, boards and ranks at 1M answers.

Run: .venv/bin/python bench/bench_backends.py [--answers 1000000] [--writes 10000] [--postgres URL]
Without --postgres it starts a throw-away server (as the tests do: initdb in a temp dir, fsync off, so
neither engine flushes the disk per commit: SQLite runs WAL with synchronous=NORMAL). Prints figures only.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import asyncpg

from bench.bench_store import NOW, answers_for, load_history, machine, percentile, raw_rate, store_rates
from bot.store import NewRound, open_store
from tests.postgres_server import start_server

_INSERT = (
    "INSERT INTO answers (guild_id, round_id, question_index, question_id, deck_id, user_id, choice, text, "
    "correct, ms, points, answered_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) "
    "ON CONFLICT (round_id, question_index, user_id) DO NOTHING"
)


async def raw_postgres_rate(url: str, count: int, *, boards: bool) -> float:
    """Plain asyncpg on the store's own schema: one INSERT per answer, each its own committed transaction."""
    async with await open_store(url) as store:
        record = await store.start_round(
            NewRound(1, 99_000 + boards, "deck", 1, tuple(f"q{i}" for i in range(50)), 20, "standard", 1, NOW)
        )
    conn = await asyncpg.connect(url)
    try:
        if not boards:
            await conn.execute("ALTER TABLE answers DISABLE TRIGGER answers_add_to_boards")
        rows = [
            (
                a.guild_id,
                a.round_id,
                a.question_index,
                a.question_id,
                a.deck_id,
                a.user_id,
                a.choice,
                a.text,
                int(a.right),
                a.ms,
                a.points,
                int(a.answered_at.timestamp() * 1000),
            )
            for a in answers_for(record.id, count, NOW)
        ]
        started = time.perf_counter()
        for row in rows:
            await conn.execute(_INSERT, *row)
        elapsed = time.perf_counter() - started
        if not boards:
            await conn.execute("ALTER TABLE answers ENABLE TRIGGER answers_add_to_boards")
    finally:
        await conn.close()
    return count / elapsed


async def fresh_database(admin_url: str, name: str) -> str:
    conn = await asyncpg.connect(admin_url)
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    return admin_url.rsplit("/", 1)[0] + f"/{name}"


async def sample(query: Callable[[], Awaitable[Any]], runs: int) -> tuple[float, float]:
    await query()
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        await query()
        samples.append((time.perf_counter() - started) * 1_000)
    return statistics.median(samples), percentile(samples, 0.99)


async def board_figures(
    store: Any, info: dict[str, Any], runs: int, seed: int
) -> dict[str, tuple[float, float]]:
    rng = random.Random(seed)
    guild, deck = info["guild"], info["deck"]
    ranked = {
        period: [line.user_id for line in (await store.leaderboard(guild, period, NOW, limit=10**6)).lines]
        for period in ("all", "week", "month")
    }
    queries: dict[str, Callable[[], Awaitable[Any]]] = {
        "leaderboard all time, page 1": lambda: store.leaderboard(guild, "all", NOW),
        "leaderboard all time, page 50": lambda: store.leaderboard(guild, "all", NOW, offset=490),
        "leaderboard this month": lambda: store.leaderboard(guild, "month", NOW),
        "leaderboard this week": lambda: store.leaderboard(guild, "week", NOW),
        "leaderboard today": lambda: store.leaderboard(guild, "today", NOW),
        "leaderboard one deck, all time": lambda: store.leaderboard(guild, "all", NOW, deck_id=deck),
        "leaderboard one deck, this week": lambda: store.leaderboard(guild, "week", NOW, deck_id=deck),
        "member_rank all time": lambda: store.member_rank(guild, rng.choice(ranked["all"]), "all", NOW),
        "member_rank this week": lambda: store.member_rank(guild, rng.choice(ranked["week"]), "week", NOW),
        "member_rank this month": lambda: store.member_rank(guild, rng.choice(ranked["month"]), "month", NOW),
    }
    return {label: await sample(query, runs) for label, query in queries.items()}


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--answers", type=int, default=1_000_000, help="answers in the big history")
    parser.add_argument("--writes", type=int, default=10_000, help="answers per write measurement")
    parser.add_argument("--in-flight", type=int, default=64, help="concurrent clicks")
    parser.add_argument("--runs", type=int, default=300, help="runs of each timed query")
    parser.add_argument("--postgres", help="a postgresql:// URL of a database this may create databases with")
    options = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bvunzo-bench-"))
    server = None
    if options.postgres:
        admin = options.postgres
    else:
        server = start_server()
        admin = server.url()
    print(f"Machine: {machine()}")
    try:
        version = await (await asyncpg.connect(admin)).fetchval("SHOW server_version")
        print(f"PostgreSQL {version}{' (throw-away server, fsync off)' if server else ''}")
        print(f"\nWrites: {options.writes:,} answers each, one commit per answer")
        print(f"  {'':<44} {'SQLite':>12} {'PostgreSQL':>12}")
        sqlite_bare = raw_rate(folder, options.writes, boards=False)
        sqlite_boards = raw_rate(folder, options.writes, boards=True)
        pg_bare = await raw_postgres_rate(
            await fresh_database(admin, "bench_bare"), options.writes, boards=False
        )
        pg_boards = await raw_postgres_rate(
            await fresh_database(admin, "bench_raw"), options.writes, boards=True
        )
        async with await open_store(folder / "store.db") as store:
            sqlite_one, sqlite_crowd = await store_rates(store, options.writes, options.in_flight)
        async with await open_store(await fresh_database(admin, "bench_store")) as pg_store:
            pg_one, pg_crowd = await store_rates(pg_store, options.writes, options.in_flight)
        for label, left, right in (
            ("raw INSERT, bare table", sqlite_bare, pg_bare),
            ("raw INSERT + boards trigger (one commit each)", sqlite_boards, pg_boards),
            ("record_answer, one at a time", sqlite_one, pg_one),
            (f"record_answer, {options.in_flight} in flight", sqlite_crowd, pg_crowd),
        ):
            print(f"  {label:<44} {left:>10,.0f}/s {right:>10,.0f}/s")
        print(
            f"  record_answer ({options.in_flight} in flight) ÷ raw INSERT + trigger: "
            f"SQLite {sqlite_crowd / sqlite_boards:.2f}, PostgreSQL {pg_crowd / pg_boards:.2f}"
        )

        print(f"\nBoards at {options.answers:,} answers, the biggest server, {options.runs} runs each (ms)")
        figures: dict[str, dict[str, tuple[float, float]]] = {}
        async with await open_store(folder / "history.db") as store:
            started = time.perf_counter()
            info = await load_history(store, options.answers, random.Random(20250326))
            print(f"  SQLite loaded in {time.perf_counter() - started:.0f} s")
            figures["SQLite"] = await board_figures(store, info, options.runs, 1)
        async with await open_store(await fresh_database(admin, "bench_history")) as pg_store:
            started = time.perf_counter()
            info = await load_history(pg_store, options.answers, random.Random(20250326))
            print(f"  PostgreSQL loaded in {time.perf_counter() - started:.0f} s")
            figures["PostgreSQL"] = await board_figures(pg_store, info, options.runs, 1)
        print(f"  {'':<36} {'SQLite median':>14} {'p99':>8} {'PostgreSQL median':>18} {'p99':>8}")
        for label in figures["SQLite"]:
            (sm, sp), (pm, pp) = figures["SQLite"][label], figures["PostgreSQL"][label]
            print(f"  {label:<36} {sm:>14.2f} {sp:>8.2f} {pm:>18.2f} {pp:>8.2f}")
    finally:
        if server is not None:
            server.stop()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    asyncio.run(main())
