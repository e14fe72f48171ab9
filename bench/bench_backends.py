"""SQLite and PostgreSQL side by side: answers per second against raw commits, boards and ranks at 1M answers.

Run: .venv/bin/python bench/bench_backends.py [--answers 1000000] [--writes 10000] [--repeats 3]
     [--postgres URL]          (--answers 0: the write figures alone)
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

from bench.bench_store import (
    NOW,
    answers_for,
    load_average,
    load_history,
    machine,
    percentile,
    raw_rate,
    store_rates,
)
from bot.store import NewRound, open_store
from tests.postgres_server import start_server

ENGINES = ("SQLite", "PostgreSQL")

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


async def write_figures(folder: Path, admin: str, writes: int, in_flight: int, repeats: int) -> None:
    """Answers per second on both engines, `repeats` times interleaved, each repeat on fresh databases.

    The ratio that matters, record_answer with `in_flight` clicks against the raw single-row commit rate
    (INSERT + boards trigger, autocommit) of the same engine, is taken within each repeat: the two are
    measured a few seconds apart, so a shared machine's load moves both alike.
    """
    rows = {
        "bare": "raw INSERT, bare table",
        "boards": "raw INSERT + boards trigger (one commit each)",
        "one": "record_answer, one at a time",
        "crowd": f"record_answer, {in_flight} in flight",
        "backlog": f"  the same, all queued behind a semaphore of {in_flight}",
    }
    rates: dict[str, dict[str, list[float]]] = {engine: {key: [] for key in rows} for engine in ENGINES}
    load_before = load_average()
    for repeat in range(repeats):
        run = folder / f"writes-{repeat}"
        run.mkdir()
        sqlite, postgres = rates["SQLite"], rates["PostgreSQL"]
        sqlite["bare"].append(raw_rate(run, writes, boards=False))
        sqlite["boards"].append(raw_rate(run, writes, boards=True))
        async with await open_store(run / "store.db") as store:
            measured = await store_rates(store, writes, in_flight)
        sqlite["one"].append(measured.one_at_a_time)
        sqlite["crowd"].append(measured.in_flight)
        sqlite["backlog"].append(measured.backlog)
        postgres["bare"].append(
            await raw_postgres_rate(await fresh_database(admin, "bench_bare"), writes, boards=False)
        )
        postgres["boards"].append(
            await raw_postgres_rate(await fresh_database(admin, "bench_raw"), writes, boards=True)
        )
        async with await open_store(await fresh_database(admin, "bench_store")) as pg_store:
            measured = await store_rates(pg_store, writes, in_flight)
        postgres["one"].append(measured.one_at_a_time)
        postgres["crowd"].append(measured.in_flight)
        postgres["backlog"].append(measured.backlog)
    print(f"\nWrites: {writes:,} answers each; median of {repeats} repeats, interleaved (answers/s)")
    print(f"  load average (1, 5, 15 min) before: {load_before}, after: {load_average()}")
    print(f"  {'':<46} {'SQLite':>12} {'PostgreSQL':>12}")
    for key, label in rows.items():
        left, right = (statistics.median(rates[engine][key]) for engine in ENGINES)
        print(f"  {label:<46} {left:>10,.0f}/s {right:>10,.0f}/s")
    for engine in ENGINES:
        for key in ("crowd", "backlog"):
            ratios = [c / b for c, b in zip(rates[engine][key], rates[engine]["boards"], strict=True)]
            print(
                f"  {engine}: {rows[key].strip()} ÷ raw INSERT + trigger, per repeat: "
                f"{', '.join(f'{r:.2f}' for r in ratios)} (median {statistics.median(ratios):.2f})"
            )
    for engine in ENGINES:
        for key, label in rows.items():
            print(f"  {engine} {label}, each repeat: {', '.join(f'{r:,.0f}' for r in rates[engine][key])}")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--answers", type=int, default=1_000_000, help="answers in the big history (0: writes only)"
    )
    parser.add_argument("--writes", type=int, default=10_000, help="answers per write measurement")
    parser.add_argument("--in-flight", type=int, default=64, help="concurrent clicks")
    parser.add_argument("--runs", type=int, default=300, help="runs of each timed query")
    parser.add_argument("--repeats", type=int, default=3, help="repeats of the write measurements")
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
        await write_figures(folder, admin, options.writes, options.in_flight, options.repeats)
        if options.answers <= 0:
            return
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
