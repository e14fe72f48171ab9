"""Item analysis at 1,000,000 answers: the deck analysis page from kept figures, and the worker computing them.

Run: .venv/bin/python bench/bench_item_analysis.py [--answers 1000000] [--requests 100] [--cold 5]
     [--computations 5] [--db postgresql://...]

The store is filled as bench_web.py fills it (one server plays a 40-question deck, 10% of the answers;
99 other servers the rest), each round keeping the versions of the questions it asked, the answers going
in through import_answers (the answers' trigger writes first_tries, first_tries' triggers the per-member
totals). The page never computes (bot/results/item_worker.py does, in the background): "worker" times
its computations (the kept figures made stale before each, the clock a minute on) and the event loop's
longest stall meanwhile; "cold" is the page's first request on a store and dashboard opened again (one
process, new connections); "warm" the requests after it; "stale" the page while a first try changed
since the kept figures (shown with "being updated", the worker nudged). Server time is measured by a
middleware placed first. Prints figures only; nothing asserts on time.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import random
import shutil
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import aiohttp
import discord
from aiohttp import web

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_store import load_average, machine
from bench.bench_web import (
    DECK,
    NOW,
    OTHER_GUILDS,
    OTHER_PLAYERS,
    PER_ROUND,
    PLAYERS,
    QUESTIONS,
    Timed,
    deck_text,
    serve,
)
from bot.bank.loader import load_deck_text
from bot.bank.models import Deck
from bot.results.asked import keep_deck_versions, versions_asked
from bot.results.item_worker import ItemWorker
from bot.store import Answer, GuildDeckRecord, NewRound, Store, open_store
from tests.e2e.fake_discord import FakeDiscord


async def fill(store: Store, study_id: int, answers: int, rng: random.Random) -> None:
    deck = load_deck_text(deck_text(), f"{DECK}.yaml")
    ours = answers // 10
    rounds_ours = max(1, ours // (PER_ROUND * PLAYERS))
    theirs = answers - rounds_ours * PER_ROUND * PLAYERS
    rounds_theirs = max(1, theirs // (PER_ROUND * OTHER_PLAYERS))
    ability = {user: rng.random() for user in range(1, 2_001)}
    batch: list[Answer] = []

    async def play(guild: int, ids: list[str], players: list[int], at: object) -> None:
        asked = tuple(v for v in versions_asked(deck, ids) if v is not None)
        rnd = await store.start_round(
            NewRound(guild, 42, DECK, 1, tuple(ids), 20, "standard", 1, at, asked=asked)
        )  # type: ignore[arg-type]
        for index, qid in enumerate(ids):
            for user in players:
                right = rng.random() < 0.3 + 0.6 * ability.get(user, 0.5)
                choice = 0 if right else rng.randint(1, 3)
                when = at + timedelta(seconds=index * 30)  # type: ignore[operator]
                batch.append(
                    Answer(
                        guild, rnd.id, index, qid, DECK, user, choice, None, right, 2000, 100 * right, when
                    )
                )
        await store.finish_round(rnd.id, "finished", at + timedelta(minutes=10))  # type: ignore[operator]
        if len(batch) >= 50_000:
            await store.import_answers(batch)
            batch.clear()

    start = NOW - timedelta(days=90)
    for n in range(rounds_ours):
        ids = rng.sample([f"q{k:02d}" for k in range(QUESTIONS)], PER_ROUND)
        await play(study_id, ids, rng.sample(range(1, 2_001), PLAYERS), start + timedelta(hours=n))
    for n in range(rounds_theirs):
        ids = [f"q{k:02d}" for k in rng.sample(range(QUESTIONS), PER_ROUND)]
        await play(
            10_000 + n % OTHER_GUILDS,
            ids,
            rng.sample(range(1, 5_001), OTHER_PLAYERS),
            start + timedelta(minutes=n),
        )
    await store.import_answers(batch)
    await keep_deck_versions(store, [deck], start)


async def computations(store: Store, guild_id: int, deck: Deck, runs: int) -> tuple[list[float], float]:
    """The worker computing the deck's figures `runs` times (each time made stale and a minute on): each
    computation's time, and the event loop's longest stall while it ran (a task asking for 1 ms sleeps)."""
    now = [NOW]
    worker = ItemWorker(store, lambda g, d: _found(deck), lambda: now[0])
    took, stalls = [], [0.0]
    for _ in range(runs):
        kept = await store.kept_item_figures(guild_id, DECK)
        if kept is not None:
            await store.keep_item_figures(replace(kept, changes=kept.changes - 1))
        now[0] += timedelta(minutes=1)
        worker.nudge(guild_id, DECK)
        working = asyncio.Event()
        ticker = asyncio.create_task(_tick(working, stalls))
        began = time.perf_counter()
        assert await worker.work() == 1
        took.append((time.perf_counter() - began) * 1000)
        working.set()
        await ticker
    return took, max(stalls)


async def _tick(done: asyncio.Event, stalls: list[float]) -> None:
    """Sleep 1 ms at a time until `done`, noting by how much more each sleep overran (ms)."""
    last = time.perf_counter()
    while not done.is_set():
        await asyncio.sleep(0.001)
        at = time.perf_counter()
        stalls.append((at - last) * 1000 - 1)
        last = at


async def _found(deck: Deck) -> Deck:
    return deck


def p50_p99(samples: list[float]) -> str:
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return f"p50 {statistics.median(ordered):.1f} / p99 {p99:.1f} ms (of {len(ordered)})"


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--answers", type=int, default=1_000_000)
    parser.add_argument("--requests", type=int, default=100, help="warm and stale page requests")
    parser.add_argument("--cold", type=int, default=5, help="cold requests, each on a store opened again")
    parser.add_argument("--computations", type=int, default=5, help="the worker's computations")
    parser.add_argument(
        "--db", help="a postgresql:// URL of an empty database (default: SQLite in a temp folder)"
    )
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-items-"))
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
            if request.path.endswith("/analysis"):
                timings.append((time.perf_counter() - began) * 1000)

    try:
        location = args.db or folder / "bench.db"
        store = await open_store(location)
        filled = time.perf_counter()
        await fill(store, study.id, args.answers, random.Random(7))
        await store.save_guild_deck(GuildDeckRecord(study.id, DECK, f"{DECK}.yaml", deck_text(), 1, NOW))
        await store.bump_deck_version(study.id)
        await store.close()
        print(f"# {machine()}; load average {load_average()}")
        print(
            f"filled {args.answers:,} answers in {time.perf_counter() - filled:.0f} s ({'PostgreSQL' if args.db else 'SQLite'})"
        )
        url = f"/servers/{study.id}/decks/{DECK}/analysis"

        async def page_loads(store: Store, requests: int, *, says: str) -> list[float]:
            """One dashboard on `store`: its first request, then `requests` more (each page must hold `says`)."""
            runner = await serve(fake, store, timing)
            base = f"http://127.0.0.1:{runner.addresses[0][1]}"
            async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as client:
                fake.oauth.signed_in = moderator.user
                async with client.get(f"{base}/login?next=/") as answer:
                    assert answer.status == 200, answer.status
                loads = []
                for _ in range(requests + 1):
                    async with client.get(base + url) as answer:
                        assert says in await answer.text() and answer.status == 200, answer.status
                    loads.append(timings[-1])
            await runner.cleanup()
            return loads

        deck = load_deck_text(deck_text(), f"{DECK}.yaml")
        # Fresh connections each time: nothing of the fill (or of the last dashboard) in their caches.
        async with fake:
            store = await open_store(location)
            gc.freeze()  # as `bvunzo web` (and the bot) do once started: what lives on stays out of full collections
            took, stall = await computations(store, study.id, deck, args.computations)
            await store.close()
            cold = []
            for _ in range(args.cold):
                store = await open_store(location)
                cold += await page_loads(store, 0, says='id="item-q00"')
                await store.close()
            store = await open_store(location)
            warm = (await page_loads(store, args.requests, says='id="item-q00"'))[1:]
            kept = await store.kept_item_figures(study.id, DECK)
            assert kept is not None
            await store.keep_item_figures(replace(kept, changes=kept.changes - 1))
            stale = (await page_loads(store, args.requests, says='id="being-updated"'))[1:]
        tries = await store.first_tries(study.id, DECK)
        print(f"Study's deck: {len(tries):,} first tries of {len({t.user_id for t in tries}):,} members")
        print(f"worker, one computation: {p50_p99(took)}; longest event loop stall meanwhile {stall:.1f} ms")
        print(f"page, kept figures, cold (store and dashboard opened again): {p50_p99(cold)}")
        print(f"page, kept figures, warm: {p50_p99(warm)}")
        print(f"page, stale figures (shown, worker nudged): {p50_p99(stale)}")
        await store.close()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    asyncio.run(main())
