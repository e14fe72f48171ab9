"""Web benchmark: one deck of 2,000 questions; its page's server time, and the event loop's longest stall
while 12 browsers load it at once.

Run: .venv/bin/python bench/bench_deck_page.py [--questions 2000] [--loads 30] [--parallel 12]

The dashboard runs in this process on a SQLite store in a temporary folder, against the tests' fake
Discord (for the login and the moderator check). A middleware placed first times each request inside
the server. A ticker task on the same loop sleeps 1 ms again and again and keeps the longest gap between
two wake-ups beyond its 1 ms: the longest time anything else on the loop (a bot's click, a round's
timer) would have waited.

Two cases of 12 loads at once: "unchanged" (the deck was loaded before), and "just changed" (the
store's deck version counted up, as another process saving the deck does, so the page must read and
parse the deck again). The 12 clients share this process's loop; each reads its answer in chunks, which
costs the loop far less than drawing a page. Prints figures only; nothing asserts on time.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path

import aiohttp
import discord
from aiohttp import web

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_store import load_average, machine
from bench.bench_web import serve
from bot.store import GuildDeckRecord, Store, open_store
from tests.e2e.fake_discord import FakeDiscord

NOW = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
DECK = "big-deck"


def deck_text(questions: int) -> str:
    lines = [f"id: {DECK}", "title: A big deck", "questions:"]
    for n in range(questions):
        lines += [
            f"- id: q{n:04d}",
            f"  prompt: Question number {n} of the big deck, about cells and their parts; which is right?",
            f"  choices: [Right answer {n}, Wrong answer {n}a, Wrong answer {n}b, Wrong answer {n}c]",
            "  answer: 0",
            f"  explanation: Because choice 0 of question {n} is the key, as the course notes say.",
            "  tags: [biology, cells]",
        ]
    return "\n".join(lines) + "\n"


class Ticker:
    """A task that sleeps 1 ms at a time and keeps the longest gap beyond that: the loop's worst stall."""

    def __init__(self) -> None:
        self.longest = 0.0
        self._task: asyncio.Task[None] | None = None

    async def _run(self) -> None:
        while True:
            began = time.perf_counter()
            await asyncio.sleep(0.001)
            self.longest = max(self.longest, time.perf_counter() - began - 0.001)

    def start(self) -> None:
        self.longest = 0.0
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> float:
        assert self._task is not None
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task
        return self.longest * 1000


Timed = Callable[[web.Request], Awaitable[web.StreamResponse]]


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--questions", type=int, default=2000)
    parser.add_argument("--loads", type=int, default=30, help="one at a time, for the server time per load")
    parser.add_argument("--parallel", type=int, default=12)
    parser.add_argument("--rounds", type=int, default=3, help="bursts of --parallel loads per case")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-deck-page-"))
    fake = FakeDiscord()
    study = fake.add_guild("Study")
    mods = study.add_role("Moderators", permissions=discord.Permissions(manage_guild=True))
    moderator = study.add_member("moderator", roles=[mods])
    timings: list[float] = []

    @web.middleware
    async def timing(request: web.Request, handler: Timed) -> web.StreamResponse:
        began = time.perf_counter()
        try:
            return await handler(request)
        finally:
            if request.path.endswith(DECK):
                timings.append((time.perf_counter() - began) * 1000)

    try:
        store: Store = await open_store(folder / "bench.db")
        text = deck_text(args.questions)
        await store.save_guild_deck(GuildDeckRecord(study.id, DECK, f"{DECK}.yaml", text, 1, NOW))
        await store.bump_deck_version(study.id)
        print(f"# {machine()}; load average {load_average()}")
        async with fake:
            runner = await serve(fake, store, timing)
            base = f"http://127.0.0.1:{runner.addresses[0][1]}"
            page = f"{base}/servers/{study.id}/decks/{DECK}"
            async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as client:
                fake.oauth.signed_in = moderator.user
                async with client.get(f"{base}/login?next=/") as answer:
                    assert answer.status == 200, answer.status

                async def load() -> int:
                    async with client.get(page) as answer:
                        body = await answer.read()
                        assert answer.status == 200, answer.status
                        return len(body)

                size = await load()  # the first: reads and parses the deck
                timings.clear()
                for _ in range(args.loads):
                    await load()
                ordered = sorted(timings)
                print(
                    f"deck of {args.questions:,} questions, page of {size / 1024:,.0f} KiB; one load at a "
                    f"time ({args.loads}): server time p50 {statistics.median(ordered):.1f} ms, "
                    f"max {ordered[-1]:.1f} ms"
                )
                ticker = Ticker()
                for case in ("unchanged", "just changed"):
                    stalls, walls = [], []
                    for _ in range(args.rounds):
                        if case == "just changed":
                            await store.bump_deck_version(study.id)
                        timings.clear()
                        ticker.start()
                        began = time.perf_counter()
                        await asyncio.gather(*(load() for _ in range(args.parallel)))
                        walls.append((time.perf_counter() - began) * 1000)
                        stalls.append(await ticker.stop())
                    print(
                        f"{args.parallel} loads at once, deck {case}: longest loop stall "
                        f"{' / '.join(f'{s:.0f}' for s in stalls)} ms; all {args.parallel} answered in "
                        f"{' / '.join(f'{w:.0f}' for w in walls)} ms"
                    )
            await runner.cleanup()
        await store.close()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    asyncio.run(main())
