"""Store benchmark: answers recorded per second against raw SQLite, and leaderboard times at 1M answers.

Run: /work/venv/bin/python bench/bench_store.py [--answers 1000000] [--writes 20000] [--keep DIR]
Prints figures only; nothing here asserts on time.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.store import Answer, NewRound, Store, open_store
from bot.store.sqlite.schema import migrate

NOW = datetime(2025, 3, 26, 15, 0, tzinfo=UTC)  # a Wednesday: "this week" holds two and a half days
DAYS = 90
GUILDS = 100
MEMBERS = 10_000
DECKS = [f"deck-{n:02d}" for n in range(12)]
QUESTIONS_PER_ROUND = 10


def machine() -> str:
    model = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = ""
    try:
        kib = int(Path("/proc/meminfo").read_text().split()[1])
        memory = f", {kib / 2**20:.0f} GiB RAM"
    except (OSError, ValueError, IndexError):
        pass
    return f"{os.cpu_count()} cores ({model}){memory}, Python {sys.version.split()[0]}, SQLite {sqlite3.sqlite_version}"


def load_average() -> str:
    """The 1, 5 and 15 minute load averages: on a shared machine, what else was running."""
    return ", ".join(f"{load:.2f}" for load in os.getloadavg())


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


# -- writes ------------------------------------------------------------------------------------------


def raw_rate(folder: Path, count: int, *, boards: bool) -> float:
    """Plain sqlite3 on a file set up as the store sets its own (WAL, synchronous=NORMAL, foreign keys),
    with the store's own schema: one INSERT per answer, each committed on its own (autocommit).

    boards=False drops the boards trigger: the bare table, the ceiling. boards=True keeps it: what the
    database itself does per answer, without the event loop and the worker thread around it.
    """
    path = folder / f"raw-{'boards' if boards else 'bare'}.db"
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = NORMAL")
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA cache_size = -65536")
    migrate(conn)
    if not boards:
        conn.execute("DROP TRIGGER answers_add_to_boards")
    conn.execute(
        "INSERT INTO rounds (id, guild_id, channel_id, deck_id, started_by, question_ids, seconds, mode, seed, "
        "started_at) VALUES (1, 1, 1, 'deck', 1, '[]', 20, 'standard', 1, 0)"
    )
    rows = [
        (
            1,
            1,
            n // 500,
            f"q{n // 500}",
            "deck",
            n % 500,
            n % 4,
            None,
            n % 4 == 0,
            1500,
            100 * (n % 4 == 0),
            n,
        )
        for n in range(count)
    ]
    insert = (
        "INSERT INTO answers (guild_id, round_id, question_index, question_id, deck_id, user_id, choice, text, "
        "correct, ms, points, answered_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (round_id, question_index, user_id) DO NOTHING"
    )
    started = time.perf_counter()
    for row in rows:
        conn.execute(insert, row)  # autocommit: each INSERT is a transaction with its own commit
    elapsed = time.perf_counter() - started
    conn.close()
    return count / elapsed


def answers_for(round_id: int, count: int, base: datetime) -> list[Answer]:
    return [
        Answer(
            guild_id=1,
            round_id=round_id,
            question_index=n // 500,
            question_id=f"q{n // 500}",
            deck_id="deck",
            user_id=n % 500,
            choice=n % 4,
            text=None,
            right=n % 4 == 0,
            ms=1500,
            points=100 * (n % 4 == 0),
            answered_at=base + timedelta(milliseconds=n),
        )
        for n in range(count)
    ]


@dataclass(frozen=True)
class StoreRates:
    """Answers per second through Store.record_answer."""

    one_at_a_time: float
    # `in_flight` members clicking at once, each sending their next answer when the last is acknowledged.
    in_flight: float
    # Every answer a task from the start, `in_flight` of them let through at a time by a semaphore: the
    # harness of the figures before group commit on SQLite. Its wake-ups cost the event loop about as
    # much as the store itself, so it understates the store; kept to compare with those figures.
    backlog: float


async def store_rates(store: Store, count: int, in_flight: int) -> StoreRates:
    """record_answer one at a time, then with `in_flight` clicks at once, each on a fresh round.

    One at a time, each answer is its own commit; in flight, those that arrive together share one
    (group commit), each caller returning after the commit that holds its answer.
    """
    rounds = []
    for channel in (1, 2, 3):
        record = await store.start_round(
            NewRound(
                1, 10_000 + channel, "deck", 1, tuple(f"q{i}" for i in range(50)), 20, "standard", 1, NOW
            )
        )
        rounds.append(record.id)
    one_by_one = answers_for(rounds[0], count, NOW)
    started = time.perf_counter()
    for answer in one_by_one:
        await store.record_answer(answer)
    sequential = count / (time.perf_counter() - started)

    crowd = answers_for(rounds[1], count, NOW)

    async def member(first: int) -> None:
        for answer in crowd[first::in_flight]:
            await store.record_answer(answer)

    started = time.perf_counter()
    await asyncio.gather(*(member(first) for first in range(in_flight)))
    concurrent = count / (time.perf_counter() - started)

    queued = answers_for(rounds[2], count, NOW)
    gate = asyncio.Semaphore(in_flight)

    async def click(answer: Answer) -> None:
        async with gate:
            await store.record_answer(answer)

    started = time.perf_counter()
    await asyncio.gather(*(click(answer) for answer in queued))
    backlog = count / (time.perf_counter() - started)
    return StoreRates(sequential, concurrent, backlog)


# -- a big server history ------------------------------------------------------------------------------


async def load_history(store: Store, total: int, rng: random.Random) -> dict[str, Any]:
    """~`total` answers from 10,000 members in 100 servers over 90 days, played as real rounds."""
    weights = [1 / (rank + 1) for rank in range(GUILDS)]  # Zipf: the biggest server has ~19% of the play
    guild_ids = [1_000 + g for g in range(GUILDS)]
    members: dict[int, list[int]] = {g: [] for g in guild_ids}
    for user in range(MEMBERS):
        user_id = 500_000 + user
        for guild in {rng.choices(guild_ids, weights)[0] for _ in range(1 + (rng.random() < 0.1))}:
            members[guild].append(user_id)
    decks_of = {g: rng.sample(DECKS, rng.randint(3, len(DECKS))) for g in guild_ids}
    start = NOW - timedelta(days=DAYS)
    batch: list[Answer] = []
    made = rounds = 0
    load_started = time.perf_counter()
    while made < total:
        guild = rng.choices(guild_ids, weights)[0]
        if len(members[guild]) < 2:
            continue
        deck = rng.choice(decks_of[guild])
        began = start + timedelta(seconds=rng.uniform(0, DAYS * 86_400 - 3_600))
        if began > NOW - timedelta(minutes=30):
            continue
        questions = tuple(f"{deck}-q{n}" for n in rng.sample(range(60), QUESTIONS_PER_ROUND))
        record = await store.start_round(
            NewRound(guild, guild * 10 + 1, deck, 1, questions, 20, "standard", 7, began)
        )
        rounds += 1
        players = rng.sample(members[guild], min(len(members[guild]), rng.randint(3, 25)))
        skill = {p: rng.uniform(0.3, 0.95) for p in players}
        for index, question in enumerate(questions):
            posted = began + timedelta(seconds=30 * index)
            for player in players:
                if rng.random() > 0.9:
                    continue
                right = rng.random() < skill[player]
                ms = rng.randint(800, 19_000)
                batch.append(
                    Answer(
                        guild,
                        record.id,
                        index,
                        question,
                        deck,
                        player,
                        0 if right else rng.randint(1, 3),
                        None,
                        right,
                        ms,
                        100 if right else 0,
                        posted + timedelta(milliseconds=ms),
                    )
                )
        await store.finish_round(record.id, "finished", began + timedelta(minutes=6))
        made += len(players) * QUESTIONS_PER_ROUND
        if len(batch) >= 100_000:
            await store.import_answers(batch)
            batch.clear()
    if batch:
        await store.import_answers(batch)
    biggest = guild_ids[0]
    return {
        "rounds": rounds,
        "seconds": time.perf_counter() - load_started,
        "guild": biggest,
        "members": members[biggest],
        "deck": decks_of[biggest][0],
    }


async def timed(label: str, query: Callable[[], Awaitable[Any]], runs: int) -> None:
    await query()  # warm the cache and the statement cache
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        await query()
        samples.append((time.perf_counter() - started) * 1_000)
    print(
        f"  {label:<48} median {statistics.median(samples):7.2f} ms   p99 {percentile(samples, 0.99):7.2f} ms"
    )


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--answers", type=int, default=1_000_000, help="answers in the big history")
    parser.add_argument("--writes", type=int, default=20_000, help="answers per write measurement")
    parser.add_argument("--in-flight", type=int, default=64, help="concurrent clicks in the crowd test")
    parser.add_argument("--runs", type=int, default=300, help="runs of each timed query")
    parser.add_argument("--repeats", type=int, default=3, help="repeats of each write measurement")
    parser.add_argument("--keep", type=Path, help="keep the databases in this folder")
    options = parser.parse_args()
    folder = options.keep or Path(tempfile.mkdtemp(prefix="bvunzo-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(20250326)
    print(f"Machine: {machine()}")
    try:
        print(
            f"\nWrites: {options.writes:,} answers per measurement (WAL, synchronous=NORMAL); median of "
            f"{options.repeats} runs, interleaved, each on a fresh file; load average {load_average()}"
        )
        rates: dict[str, list[float]] = {
            "bare": [],
            "boards": [],
            "sequential": [],
            "concurrent": [],
            "backlog": [],
            "hop": [],
        }
        for repeat in range(options.repeats):
            run = folder / f"writes-{repeat}"
            run.mkdir()
            rates["bare"].append(raw_rate(run, options.writes, boards=False))
            rates["boards"].append(raw_rate(run, options.writes, boards=True))
            async with await open_store(run / "store.db") as store:
                measured = await store_rates(store, options.writes, options.in_flight)
                started = time.perf_counter()
                for _ in range(options.writes):
                    await store.get_meta("last_opened_by")
                rates["hop"].append(options.writes / (time.perf_counter() - started))
            rates["sequential"].append(measured.one_at_a_time)
            rates["concurrent"].append(measured.in_flight)
            rates["backlog"].append(measured.backlog)
        raw = statistics.median(rates["bare"])
        rows = [
            ("raw sqlite3 INSERT, bare table (the ceiling)", "bare"),
            ("raw sqlite3 INSERT + the boards trigger", "boards"),
            ("Store.record_answer, one at a time", "sequential"),
            (f"Store.record_answer, {options.in_flight} clicks in flight", "concurrent"),
            (f"the same, all queued behind a semaphore of {options.in_flight}", "backlog"),
        ]
        for label, key in rows:
            rate = statistics.median(rates[key])
            runs_text = ", ".join(f"{r:,.0f}" for r in rates[key])
            ratio = "" if key == "bare" else f"   ceiling is {raw / rate:.2f}x"
            print(f"  {label:<48} {rate:9,.0f} answers/s{ratio:<22} (runs: {runs_text})")
        # The group-commit goal: a burst at least as fast as the database's own single-row commits.
        ratios = [c / b for c, b in zip(rates["concurrent"], rates["boards"], strict=True)]
        print(
            f"  record_answer ({options.in_flight} in flight) ÷ raw INSERT + trigger, per run: "
            f"{', '.join(f'{r:.2f}' for r in ratios)} (median {statistics.median(ratios):.2f})"
        )
        hop = statistics.median(rates["hop"])
        print(
            f"  for scale, the smallest Store call (get_meta: one trip to aiosqlite's thread, one lookup): "
            f"{hop:,.0f}/s, {1e6 / hop:.0f} µs each"
        )

        print(f"\nHistory: {options.answers:,} answers, {MEMBERS:,} members, {GUILDS} servers, {DAYS} days")
        async with await open_store(folder / "history.db") as store:
            info = await load_history(store, options.answers, rng)
            size = (folder / "history.db").stat().st_size / 2**20
            print(
                f"  loaded {info['rounds']:,} rounds in {info['seconds']:.1f} s (import_answers, batches of "
                f"100k); file {size:.0f} MiB"
            )
            guild, deck = info["guild"], info["deck"]
            board = await store.leaderboard(guild, "all", NOW)
            week = await store.leaderboard(guild, "week", NOW)
            print(
                f"  biggest server: {board.total:,} members on its all-time board, {week.total:,} this week"
            )
            # Rank look-ups for members who are on that board (a member with no answer returns at once).
            on_board = [
                line.user_id for line in (await store.leaderboard(guild, "all", NOW, limit=10**6)).lines
            ]
            this_week = [
                line.user_id for line in (await store.leaderboard(guild, "week", NOW, limit=10**6)).lines
            ]
            this_month = [
                line.user_id for line in (await store.leaderboard(guild, "month", NOW, limit=10**6)).lines
            ]
            runs = options.runs
            print(
                f"  each query {runs} times on the biggest server (time includes the hop to the worker thread):"
            )
            await timed("leaderboard all time, page 1", lambda: store.leaderboard(guild, "all", NOW), runs)
            await timed(
                "leaderboard all time, page 50",
                lambda: store.leaderboard(guild, "all", NOW, offset=490),
                runs,
            )
            await timed("leaderboard this month", lambda: store.leaderboard(guild, "month", NOW), runs)
            await timed("leaderboard this week", lambda: store.leaderboard(guild, "week", NOW), runs)
            await timed("leaderboard today", lambda: store.leaderboard(guild, "today", NOW), runs)
            await timed(
                "leaderboard one deck, all time",
                lambda: store.leaderboard(guild, "all", NOW, deck_id=deck),
                runs,
            )
            await timed(
                "leaderboard one deck, this week",
                lambda: store.leaderboard(guild, "week", NOW, deck_id=deck),
                runs,
            )
            await timed(
                "member_rank all time (a random ranked member)",
                lambda: store.member_rank(guild, rng.choice(on_board), "all", NOW),
                runs,
            )
            await timed(
                "member_rank this week (a random ranked member)",
                lambda: store.member_rank(guild, rng.choice(this_week), "week", NOW),
                runs,
            )
            await timed(
                "member_rank this month (a random ranked member)",
                lambda: store.member_rank(guild, rng.choice(this_month), "month", NOW),
                runs,
            )
            await timed(
                "member_stats (a random ranked member)",
                lambda: store.member_stats(guild, rng.choice(on_board), NOW),
                max(20, runs // 10),
            )
            await timed(
                "question_report one deck",
                lambda: store.question_report(guild, deck_id=deck),
                max(20, runs // 10),
            )

            measured = await store_rates(store, options.writes // 2, options.in_flight)
            print(
                f"  record_answer on this database: {measured.one_at_a_time:,.0f}/s one at a time, "
                f"{measured.in_flight:,.0f}/s with {options.in_flight} in flight"
            )
    finally:
        if options.keep is None:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    asyncio.run(main())
