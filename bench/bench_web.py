"""Web benchmark: each page's server time at 1,000,000 answers, p50/p99 printed (target p99 < 50 ms).

Run: .venv/bin/python bench/bench_web.py [--answers 1000000] [--requests 200] [--db postgresql://...]
     [--only SUBSTRING ...]  (times only the pages whose path holds one, e.g. --only qotd --only assign)

The dashboard runs in this process against the tests' fake Discord, in a process of its own as Discord is
another machine (bench/discord_apart.py: for the login and the moderator check; members' names and avatars
come from the store, where the bot records them from each member's interactions (fill_faces seeds them for
every member who answered), Discord being asked only for the ids the store does not know), on a store
filled with answers: one server ("Study") plays a deck of 40
questions, 10% of all answers, the rest is spread over 99 other servers. A middleware placed first
times each request inside the server (routing, the moderator gate, the page, its template). The
analysis page reads the figures its worker kept (computed here once before the pages are timed);
"analysis parts" times the worker's query and arithmetic alone (bench_item_analysis.py times the rest).
Study also has a year of questions of the day and 60 assignments (fill_calendar) for the calendar's pages.
Once the dashboard listens, what the process holds is frozen out of the garbage collector's generations, as
`bvunzo web` does (bot/web/server.py; the bot too, for a dashboard inside it): without that, a full
collection walked the filling's leftovers in the middle of a request (175 ms at 20,000 answers, loaded).
Prints figures only; nothing asserts on time.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import random
import shutil
import socket
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import aiohttp
from aiohttp import web

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_store import load_average, machine
from bench.discord_apart import Apart, discord_apart
from bot.bank.loader import load_deck_text
from bot.host.config import HttpAddress, WebSettings
from bot.quiz.item_analysis import analyse
from bot.results.item_figures import compute_figures, item_questions
from bot.store import (
    Answer,
    AssignmentAnswer,
    CalendarSettings,
    GuildDeckRecord,
    MemberFace,
    NewAssignment,
    NewRound,
    QotdAnswer,
    QotdDay,
    Store,
    open_store,
)
from bot.web.app import make_app
from bot.web.server import in_process
from tests.e2e.fake_discord import FakeDiscord

NOW = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
DECK = "bench-deck"
QUESTIONS = 40
PER_ROUND = 10
PLAYERS = 20
OTHER_GUILDS = 99
OTHER_PLAYERS = 50


def deck_text() -> str:
    lines = [f"id: {DECK}", "title: Bench deck", "questions:"]
    for n in range(QUESTIONS):
        lines += [
            f"- id: q{n:02d}",
            f"  prompt: Question number {n}, which choice is right?",
            f"  choices: [Right {n}, Wrong {n}a, Wrong {n}b, Wrong {n}c]",
            "  answer: 0",
            f"  explanation: Because choice 0 of question {n} is the key.",
        ]
    return "\n".join(lines) + "\n"


async def fill(store: Store, study_id: int, answers: int, rng: random.Random) -> set[int]:
    """`answers` answers: a tenth in Study's deck (members of graded ability), the rest elsewhere; the
    members who answered."""
    ours = answers // 10
    rounds_ours = max(1, ours // (PER_ROUND * PLAYERS))
    theirs = answers - rounds_ours * PER_ROUND * PLAYERS
    rounds_theirs = max(1, theirs // (PER_ROUND * OTHER_PLAYERS))
    ability = {user: rng.random() for user in range(1, 2_001)}
    batch: list[Answer] = []
    played: set[int] = set()

    async def flush() -> None:
        await store.import_answers(batch)
        batch.clear()

    async def play(guild: int, deck: str, ids: list[str], players: list[int], at: datetime) -> None:
        rnd = await store.start_round(NewRound(guild, 42, deck, 1, tuple(ids), 20, "standard", 1, at))
        played.update(players)
        for index, qid in enumerate(ids):
            for user in players:
                right = rng.random() < 0.3 + 0.6 * ability.get(user, 0.5)
                choice = 0 if right else rng.randint(1, 3)
                batch.append(
                    Answer(
                        guild,
                        rnd.id,
                        index,
                        qid,
                        deck,
                        user,
                        choice,
                        None,
                        right,
                        2000,
                        100 if right else 0,
                        at + timedelta(seconds=index * 30),
                    )
                )
        await store.finish_round(rnd.id, "finished", at + timedelta(minutes=10))
        if len(batch) >= 50_000:
            await flush()

    start = NOW - timedelta(days=90)
    for n in range(rounds_ours):
        ids = rng.sample([f"q{k:02d}" for k in range(QUESTIONS)], PER_ROUND)
        await play(study_id, DECK, ids, rng.sample(range(1, 2_001), PLAYERS), start + timedelta(hours=n))
    for n in range(rounds_theirs):
        guild = 10_000 + n % OTHER_GUILDS
        ids = [f"q{k:02d}" for k in rng.sample(range(QUESTIONS), PER_ROUND)]
        await play(guild, DECK, ids, rng.sample(range(1, 5_001), OTHER_PLAYERS), start + timedelta(minutes=n))
    await flush()
    return played


async def fill_faces(store: Store, members: set[int]) -> None:
    """Each member's face as the bot recorded it from their interactions (bot/faces/recorder.py): a name,
    and an avatar for two in three. Members a page lists who never used the bot would have none."""
    faces = [
        MemberFace(user, f"Member {user}", None if user % 3 == 0 else f"{user:032x}", NOW)
        for user in sorted(members)
    ]
    for start in range(0, len(faces), 5_000):
        await store.save_member_faces(faces[start : start + 5_000])


QOTD_DAYS = 365
ASSIGNMENTS = 60
ASSIGNED = 30  # members who start each assignment; 5 of them leave it unfinished


async def fill_calendar(store: Store, study_id: int, rng: random.Random) -> set[int]:
    """A year of Study's questions of the day (PLAYERS answers a day) and ASSIGNMENTS assignments of 10
    questions (ASSIGNED members each), in Harare's zone; the members who answered."""
    played: set[int] = set()
    await store.save_calendar_settings(CalendarSettings(study_id, timezone="Africa/Harare"))
    first = (NOW - timedelta(days=QOTD_DAYS)).date()
    for n in range(QOTD_DAYS):
        day = first + timedelta(days=n)
        posted = datetime(day.year, day.month, day.day, 6, 0, tzinfo=UTC)
        number = int(f"{day:%Y%m%d}")
        qotd = QotdDay(
            study_id, number, 42, DECK, f"q{n % QUESTIONS:02d}", n, None, posted, posted + timedelta(hours=12)
        )
        await store.claim_qotd_day(qotd)
        await store.set_qotd_message(study_id, number, 10_000 + n)
        for user in rng.sample(range(1, 2_001), PLAYERS):
            played.add(user)
            right = rng.random() < 0.6
            at = posted + timedelta(minutes=rng.randint(1, 600))
            await store.record_qotd_answer(
                QotdAnswer(study_id, number, user, 0 if right else 1, right, at, None, 100 * right)
            )
    ids = tuple(f"q{k:02d}" for k in range(10))
    for n in range(ASSIGNMENTS):
        opened = NOW - timedelta(days=2 * (ASSIGNMENTS - n))
        record = await store.add_assignment(
            NewAssignment(study_id, 42, DECK, ids, n, opened + timedelta(days=3), 2, "allow", 1, opened)
        )
        for k, user in enumerate(rng.sample(range(1, 2_001), ASSIGNED)):
            played.add(
                user
            )  # every assigned member starts, so answers (the bench has no "did not start" stranger)
            attempt = await store.start_attempt(record.id, user, opened + timedelta(hours=1), 2)
            assert attempt is not None
            for index, qid in enumerate(ids):
                right = rng.random() < 0.7
                at = opened + timedelta(hours=1, minutes=index)
                given = AssignmentAnswer(
                    attempt.id, index, qid, 0 if right else 2, right, 3000, at, None, 100 * right
                )
                await store.record_assignment_answer(given)
            if k >= 5:
                await store.finish_attempt(attempt.id, opened + timedelta(hours=2))
    return played


Timed = Callable[[web.Request], Awaitable[web.StreamResponse]]


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--answers", type=int, default=1_000_000)
    parser.add_argument("--requests", type=int, default=100)
    parser.add_argument(
        "--db", help="a postgresql:// URL of an empty database (default: SQLite in a temp folder)"
    )
    parser.add_argument(
        "--only", action="append", help="time only the pages whose path holds this text (repeatable)"
    )
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-web-"))
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    try:
        async with discord_apart(f"http://127.0.0.1:{sock.getsockname()[1]}/callback") as fake:
            await bench(args, fake, sock, folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


async def bench(args: argparse.Namespace, fake: Apart, sock: socket.socket, folder: Path) -> None:
    study_id = fake.guild_id
    timings: dict[str, list[float]] = {}

    @web.middleware
    async def timing(request: web.Request, handler: Timed) -> web.StreamResponse:
        began = time.perf_counter()
        try:
            return await handler(request)
        finally:
            timings.setdefault(request.path_qs, []).append((time.perf_counter() - began) * 1000)

    store = await open_store(args.db or folder / "bench.db")
    filled = time.perf_counter()
    members = await fill(store, study_id, args.answers, random.Random(7))
    await store.save_guild_deck(GuildDeckRecord(study_id, DECK, f"{DECK}.yaml", deck_text(), 1, NOW))
    await store.bump_deck_version(study_id)
    members |= await fill_calendar(store, study_id, random.Random(11))
    await fill_faces(store, members)
    # The item figures' worker computes the analysis before any page reads it (the page never does).
    await compute_figures(store, study_id, load_deck_text(deck_text(), f"{DECK}.yaml"), NOW)
    print(f"# {machine()}; load average {load_average()}")
    print(
        f"filled {args.answers:,} answers in {time.perf_counter() - filled:.0f} s "
        f"({'PostgreSQL' if args.db else 'SQLite'})"
    )
    runner = await serve_apart(fake, sock, store, timing)
    gc.collect()  # the filling's garbage, which a dashboard's process never made, is not kept frozen
    gc.freeze()
    base = f"http://127.0.0.1:{runner.addresses[0][1]}"
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as client:
        async with client.get(f"{base}/login?next=/") as answer:
            assert answer.status == 200, answer.status
        pages = await bench_pages(store, study_id)
        for path in [p for p in pages if not args.only or any(o in p for o in args.only)]:
            for _ in range(args.requests):
                async with client.get(base + path) as answer:
                    await answer.read()
                    assert answer.status == 200, (path, answer.status)
    await runner.cleanup()
    tries = await store.first_tries(study_id, DECK)
    print(f"Study's deck: {len(tries):,} first tries of {len({t.user_id for t in tries}):,} members")
    await phases(store, study_id)
    print(
        f"{'page (first request, then p50/p99/max of all)':<64} {'first':>8} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}"
    )
    for path, samples in timings.items():
        if path.startswith(("/servers/", "/me")) or path == "/":
            ordered = sorted(samples)
            p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
            shown = path.replace(str(study_id), "{guild}")
            print(
                f"{shown:<64} {samples[0]:8.1f} {statistics.median(samples):8.1f} {p99:8.1f} {ordered[-1]:8.1f}"
            )
    await store.close()


async def bench_pages(store: Store, study_id: int) -> list[str]:
    """Every page timed, in order: the decks', web-core's, the calendar's."""
    pages = [
        f"/servers/{study_id}/decks",
        f"/servers/{study_id}/decks/{DECK}",
        f"/servers/{study_id}/decks/{DECK}/questions/q07/edit",
        f"/servers/{study_id}/decks/{DECK}/questions/q07/preview",
        f"/servers/{study_id}/decks/{DECK}/analysis",
        f"/servers/{study_id}/decks/{DECK}/export?format=yaml",
    ]
    # web-core's pages on the same store: a round's report and results, the lists, the board.
    latest = (await store.guild_rounds(study_id, limit=1))[0].id
    pages += [
        "/",
        "/me",
        f"/servers/{study_id}/rounds",
        f"/servers/{study_id}/rounds/{latest}",
        f"/servers/{study_id}/rounds/{latest}/results.csv",
        f"/servers/{study_id}/flags",
        f"/servers/{study_id}/suggestions",
        f"/servers/{study_id}/board",
        f"/servers/{study_id}/board?period=month",
        f"/servers/{study_id}/settings",
        f"/servers/{study_id}/audit",
    ]
    # The calendar's pages: a year of questions of the day, 60 assignments of 30 members.
    newest = (await store.assignments_page(study_id, limit=1))[0].id
    return [
        *pages,
        f"/servers/{study_id}/qotd",
        f"/servers/{study_id}/qotd?from=2026-06-01&to=2026-06-30&deck={DECK}",
        f"/servers/{study_id}/qotd/{(NOW - timedelta(days=1)).date().isoformat()}",
        f"/servers/{study_id}/qotd/results.csv?from=2026-11-01",
        f"/servers/{study_id}/assignments",
        f"/servers/{study_id}/assignments/{newest}",
        f"/servers/{study_id}/assignments/{newest}/results.csv",
    ]


async def phases(store: Store, guild_id: int) -> None:
    """The analysis page's two parts alone: the store's query, and the engine's arithmetic."""
    questions = item_questions(load_deck_text(deck_text(), "bench.yaml"))
    query, engine = [], []
    for _ in range(20):
        began = time.perf_counter()
        tries = await store.first_tries(guild_id, DECK)
        query.append((time.perf_counter() - began) * 1000)
        began = time.perf_counter()
        analyse(questions, tries)
        engine.append((time.perf_counter() - began) * 1000)
    print(
        f"analysis parts, median of 20: store.first_tries {statistics.median(query):.1f} ms, "
        f"analyse() {statistics.median(engine):.1f} ms"
    )


async def serve(fake: FakeDiscord, store: Store, timing: object) -> web.AppRunner:
    """The dashboard against a fake Discord in this process (bench_deck_page.py, bench_item_analysis.py)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    told = Apart(0, fake.oauth.client_id, fake.oauth.client_secret, fake.token, fake.http_base, fake.api_base)
    fake.oauth.redirect_uris.append(f"http://127.0.0.1:{sock.getsockname()[1]}/callback")
    return await serve_apart(told, sock, store, timing)


async def serve_apart(fake: Apart, sock: socket.socket, store: Store, timing: object) -> web.AppRunner:
    """The dashboard on `sock` (bound, its /callback registered with the fake), `timing` its first middleware."""
    port = sock.getsockname()[1]
    settings = WebSettings(
        public_url=f"http://127.0.0.1:{port}",
        client_id=fake.client_id,
        client_secret=fake.client_secret,
        token=fake.token,
        listen=HttpAddress("127.0.0.1", port),
        oauth_url=fake.http_base + "/oauth2/authorize",
        api_base=fake.api_base,
    )
    server = await in_process(settings, store, clock=lambda: NOW)
    app = await make_app(server.context)
    app.middlewares.insert(0, timing)  # type: ignore[arg-type]
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    await web.SockSite(runner, sock).start()
    return runner


if __name__ == "__main__":
    asyncio.run(main())
