"""Item analysis at 1,000,000 answers: the deck analysis page cold, recomputed and kept (issue 26).

Run: .venv/bin/python bench/bench_item_analysis.py [--answers 1000000] [--requests 50] [--db postgresql://...]

The store is filled as bench_web.py fills it (one server plays a 40-question deck, 10% of the answers;
99 other servers the rest), but each round keeps the versions of the questions it asked, as rounds do
now, and the answers go in through import_answers (one executemany / one COPY-like statement per batch):
the answers' trigger writes first_tries as it goes, and first_tries' triggers the per-member totals.
"first computation" is the page's first request ever (nothing kept: the figures computed from the
store's first tries); "cold, kept" is the first request after the store and the dashboard are opened
again (the figures kept in the store, no first try changed); "recomputed" makes the kept figures stale
before each request; "kept" is the page answered from the kept figures, request after request.
Prints figures only; nothing asserts on time.
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
from bot.results.asked import keep_deck_versions, versions_asked
from bot.store import Answer, GuildDeckRecord, KeptItemFigures, NewRound, Store, open_store
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


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--answers", type=int, default=1_000_000)
    parser.add_argument("--requests", type=int, default=50)
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

        async def page_loads(store: Store, requests: int, *, stale: bool) -> list[float]:
            """One dashboard on `store`: its first request, then `requests` more."""
            runner = await serve(fake, store, timing)
            base = f"http://127.0.0.1:{runner.addresses[0][1]}"
            async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as client:
                fake.oauth.signed_in = moderator.user
                async with client.get(f"{base}/login?next=/") as answer:
                    assert answer.status == 200, answer.status
                loads = []
                for n in range(requests + 1):
                    if stale and n:
                        await store.keep_item_figures(
                            KeptItemFigures(study.id, DECK, "stale", -1, NOW - timedelta(days=1), "{}")
                        )
                    async with client.get(base + url) as answer:
                        await answer.read()
                        assert answer.status == 200, answer.status
                    loads.append(timings[-1])
            await runner.cleanup()
            return loads

        # Fresh connections each time: nothing of the fill (or of the last dashboard) in their caches.
        async with fake:
            store = await open_store(location)
            first, *recomputed = await page_loads(store, args.requests, stale=True)
            await store.close()
            store = await open_store(location)
            cold, *kept = await page_loads(store, args.requests, stale=False)
        tries = await store.first_tries(study.id, DECK)
        print(f"Study's deck: {len(tries):,} first tries of {len({t.user_id for t in tries}):,} members")
        query = []
        for _ in range(20):
            began = time.perf_counter()
            await store.first_tries(study.id, DECK)
            query.append((time.perf_counter() - began) * 1000)
        print(f"analysis page, first computation (nothing kept): {first:.1f} ms")
        print(f"cold, kept (store and dashboard opened again): {cold:.1f} ms")
        print(
            f"recomputed, p50 / max of {args.requests}: {statistics.median(recomputed):.1f} / {max(recomputed):.1f} ms"
        )
        print(
            f"kept figures, p50 / max of {args.requests}: {statistics.median(kept):.1f} / {max(kept):.1f} ms"
        )
        print(f"store.first_tries alone, median of 20: {statistics.median(query):.1f} ms")
        await store.close()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    asyncio.run(main())
