"""Calendar benchmark: what is due at a minute among 100,000 schedules, and 1,000 questions of the day at once.

Run from the repository root: .venv/bin/python bench/bench_calendar.py [--servers 10000] [--schedules 100000]
    [--burst 1000] [--runs 1000] [--postgres URL]

1. The store holds `--servers` servers, `--schedules` scheduled rounds spread over the next 24 hours and a
   question of the day for each server; the runner's look at one minute (due_schedules and due_qotds,
   as CalendarRunner.tick asks them) is timed `--runs` times at random minutes, on SQLite and on
   PostgreSQL (a throw-away server unless --postgres names one).
2. `--burst` servers on the fake Discord of tests/e2e (REST and gateway on 127.0.0.1, with Discord's
   global limit of 50 requests a second switched on, so a 429 is what an unpaced bot would get) have
   their question of the day due at the same minute; the real BvunzoBot posts them all. Printed: how
   long from the minute to the last post, the most requests in any second, and the 429s.
Prints figures only; nothing here asserts on time.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import asyncpg

from bot.calendar.occurrences import wake_at
from bot.discord.client import BvunzoBot
from bot.host.config import Settings
from bot.store import NewSchedule, QotdSettings, Store, open_store
from tests.e2e.conftest import QUESTIONS, resumed
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.harness import running_client
from tests.postgres_server import start_server

DECK = "gradient-checkpointing"
GLOBAL_LIMIT = 50
T0 = datetime(2027, 5, 3, 0, 0, tzinfo=UTC)


async def fill(store: Store, servers: int, schedules: int, rng: random.Random) -> float:
    """The store as the runner finds it: every schedule's next run somewhere in the next 24 hours."""
    started = time.perf_counter()
    guilds = [10**17 + n for n in range(servers)]

    async def one(n: int) -> None:
        minute = rng.randrange(24 * 60)
        at = T0 + timedelta(minutes=minute)
        await store.add_schedule(
            NewSchedule(
                guild_id=guilds[n % servers],
                channel_id=guilds[n % servers] + 1,
                deck_id=DECK,
                at=f"{minute // 60:02d}:{minute % 60:02d}",
                repeat="daily",
                days="",
                questions=None,
                seconds=None,
                mode=None,
                announce_minutes=0,
                ping_role_id=None,
                created_by=1,
                created_at=T0,
                next_at=at,
            ),
            wake_at(at, 0, False),
        )

    for first in range(0, schedules, 200):
        await asyncio.gather(*(one(n) for n in range(first, min(schedules, first + 200))))
    for first in range(0, servers, 200):
        await asyncio.gather(
            *(
                store.save_qotd_settings(
                    QotdSettings(g, g + 1, DECK, "08:00", 1, T0 + timedelta(minutes=rng.randrange(24 * 60)))
                )
                for g in guilds[first : first + 200]
            )
        )
    return time.perf_counter() - started


async def timed(query: Callable[[], Awaitable[Any]], runs: int) -> tuple[float, float, float]:
    await query()
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        await query()
        samples.append((time.perf_counter() - started) * 1000)
    samples.sort()
    return statistics.median(samples), samples[int(len(samples) * 0.99) - 1], samples[-1]


async def due_figures(
    store: Store, runs: int, schedules: int, servers: int
) -> dict[str, tuple[float, float, float]]:
    """The runner's look at a minute. It moves every schedule on once it ran, so at any minute only what
    falls due in that minute is waiting: the day's first minute, before anything ran, is that state."""
    first_minute = T0 + timedelta(seconds=59)
    return {
        "due_schedules, one minute (~70 due)": await timed(
            lambda: store.due_schedules(first_minute, 500), runs
        ),
        "due_qotds, one minute (~7 due)": await timed(lambda: store.due_qotds(first_minute, 500), runs),
    }


async def burst(count: int, folder: Path) -> None:
    logging.basicConfig(level=logging.WARNING)
    fake = FakeDiscord()
    await fake.start()
    fake.global_limit = GLOBAL_LIMIT
    try:
        guilds = [fake.add_guild(f"Study {n}") for n in range(count)]
        channels = [g.add_channel("general") for g in guilds]
        db = folder / "burst.db"
        due = datetime.now(UTC).replace(microsecond=0) + timedelta(seconds=20)
        async with await open_store(db) as store:
            for guild, channel in zip(guilds, channels, strict=True):
                await store.save_qotd_settings(
                    QotdSettings(guild.id, channel.id, DECK, f"{due:%H:%M}", 1, due)
                )
        settings = Settings(
            token=fake.token,
            db_path=db,
            questions_path=QUESTIONS,
            api_base=fake.api_base,
            gateway_url=fake.gateway_url,
        )
        bot = BvunzoBot(settings)
        async with running_client(bot, fake, ready_timeout=120, allow_logged_errors=True) as running:
            await resumed(running)
            deadline = time.monotonic() + 180
            while time.monotonic() < deadline:
                posts = [
                    r
                    for r in fake.requests
                    if r.key == "POST /channels/{channel_id}/messages" and r.status == 200
                ]
                if len(posts) >= count:
                    break
                await asyncio.sleep(0.5)
            posts = [
                r
                for r in fake.requests
                if r.key == "POST /channels/{channel_id}/messages" and r.status == 200
            ]
            limited = [r for r in fake.requests if r.status == 429]
            start = min((r.time for r in posts), default=0.0)
            last = max((r.time for r in posts), default=0.0)
            times = sorted(
                r.time for r in fake.requests if not r.path.startswith("/webhooks") and r.time >= start
            )
            busiest = max((sum(1 for t in times if s <= t < s + 1.0) for s in times), default=0)
            print(
                f"\n{count} questions of the day due at {due:%H:%M:%S} UTC, through the fake Discord (global limit {GLOBAL_LIMIT}/s)"
            )
            print(f"  posted: {len(posts)} of {count}; first to last post {last - start:.1f} s")
            print(f"  most requests in any one second: {busiest}; 429s: {len(limited)}")
    finally:
        await fake.stop()


async def fresh_database(admin_url: str, name: str) -> str:
    conn = await asyncpg.connect(admin_url)
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    return admin_url.rsplit("/", 1)[0] + f"/{name}"


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--servers", type=int, default=10_000)
    parser.add_argument("--schedules", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=1_000)
    parser.add_argument(
        "--burst", type=int, default=1_000, help="questions of the day due together (0: skip)"
    )
    parser.add_argument("--postgres", help="a postgresql:// URL of a database this may create databases with")
    parser.add_argument("--skip-store", action="store_true", help="only the burst")
    options = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bvunzo-bench-calendar-"))
    server = None
    try:
        if not options.skip_store:
            if options.postgres:
                admin = options.postgres
            else:
                server = start_server()
                admin = server.url()
            print(
                f"{options.servers:,} servers, {options.schedules:,} schedules, a question of the day each; {options.runs} looks (ms)"
            )
            results = {}
            for name, location in (
                ("SQLite", str(folder / "calendar.db")),
                ("PostgreSQL", await fresh_database(admin, "bench_calendar")),
            ):
                async with await open_store(location) as store:
                    loaded = await fill(store, options.servers, options.schedules, random.Random(7))
                    print(f"  {name} filled in {loaded:.0f} s")
                    results[name] = await due_figures(store, options.runs, options.schedules, options.servers)
            print(
                f"  {'':<44} {'SQLite median':>13} {'p99':>7} {'max':>7} {'PostgreSQL median':>18} {'p99':>7} {'max':>7}"
            )
            for label in results["SQLite"]:
                (sm, sp, sx), (pm, pp, px) = results["SQLite"][label], results["PostgreSQL"][label]
                print(f"  {label:<44} {sm:>13.2f} {sp:>7.2f} {sx:>7.2f} {pm:>18.2f} {pp:>7.2f} {px:>7.2f}")
        if options.burst > 0:
            await burst(options.burst, folder)
    finally:
        if server is not None:
            server.stop()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    asyncio.run(main())
