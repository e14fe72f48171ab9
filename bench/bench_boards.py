"""Board benchmark: /leaderboard and /stats on 1,000,000 stored answers, the real bot through the fake Discord.

Run from the repository root: /work/venv/bin/python bench/bench_boards.py [--runs 300] [--fresh] [--no-spec]

The history (10,000 members in 100 servers over 90 days, played as real rounds) is generated once with
Store.import_answers and cached in the temp folder (--fresh rebuilds it); each run works on a copy.
Prints figures only; nothing here asserts on time.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import random
import shutil
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_clicks import (
    SPEC_TIME,
    ErrorCount,
    GcPauses,
    disable_spec_checks,
    machine,
    percentile,
    settings_for,
    watch_loop_lag,
)
from bot.bank import load_folder
from bot.discord.client import BvunzoBot
from bot.store import Answer, NewRound, open_store
from tests.e2e.conftest import QUESTIONS, Clock, resumed
from tests.e2e.fake_discord import Channel, FakeDiscord, FakeInteraction, FakeMessage, Member, User
from tests.e2e.harness import running_client

# The history ends here; the bot's clock starts here and runs on in real time. A Wednesday afternoon, so
# "this week" holds two and a half days and "this month" twenty-five.
NOW = datetime(2025, 3, 26, 15, 0, tzinfo=UTC)
DAYS = 90
GUILDS = 100
MEMBERS = 10_000
REAL_DECK = "gradient-checkpointing"  # /leaderboard deck: must name a deck the bot has loaded
MADE_UP_DECKS = [f"deck-{n:02d}" for n in range(1, 12)]
QUESTIONS_PER_ROUND = 10
# Snowflake-sized ids, fixed so that a cached history fits every run. Server 0 is the biggest (Zipf).
GUILD_IDS = [1_200_000_000_000_000_000 + g for g in range(GUILDS)]
USER_BASE = 1_300_000_000_000_000_000
MAIN_GUILD = GUILD_IDS[0]
CALLERS = 20
HISTORY_VERSION = 1  # bump when the generator changes, so an old cache is not reused
HISTORY_KEY = "bench_history"  # meta: "answers rounds seconds-to-generate"


# -- the history ---------------------------------------------------------------------------------------


@dataclass
class History:
    path: Path
    answers: int
    rounds: int
    seconds: float  # to generate; 0 when it came from the cache
    cached: bool


async def generate(path: Path, total: int, seed: int) -> tuple[int, int]:
    """~`total` answers as real rounds (3-25 players, one deck each); (answers, rounds) written."""
    rng = random.Random(seed)
    real_questions = [q.id for q in next(d for d in load_folder(QUESTIONS)[0] if d.id == REAL_DECK).questions]
    weights = [1 / (rank + 1) for rank in range(GUILDS)]  # Zipf: the biggest server has ~19% of the play
    members: dict[int, list[int]] = {g: [] for g in GUILD_IDS}
    for user in range(MEMBERS):
        for guild in {rng.choices(GUILD_IDS, weights)[0] for _ in range(1 + (rng.random() < 0.1))}:
            members[guild].append(USER_BASE + user)
    decks_of = {
        g: [REAL_DECK, *rng.sample(MADE_UP_DECKS, rng.randint(2, len(MADE_UP_DECKS)))] for g in GUILD_IDS
    }
    start = NOW - timedelta(days=DAYS)
    batch: list[Answer] = []
    made = rounds = 0
    async with await open_store(path) as store:
        while made < total:
            guild = rng.choices(GUILD_IDS, weights)[0]
            if len(members[guild]) < 3:
                continue
            deck = rng.choice(decks_of[guild])
            began = start + timedelta(seconds=rng.uniform(0, DAYS * 86_400 - 3_600))
            if deck == REAL_DECK:
                questions = tuple(rng.sample(real_questions, len(real_questions)))
            else:
                questions = tuple(f"{deck}-q{n}" for n in rng.sample(range(60), QUESTIONS_PER_ROUND))
            record = await store.start_round(
                NewRound(guild, guild + 1, deck, members[guild][0], questions, 20, "standard", 7, began)
            )
            rounds += 1
            players = rng.sample(members[guild], min(len(members[guild]), rng.randint(3, 25)))
            skill = {p: rng.uniform(0.3, 0.95) for p in players}
            for index, question in enumerate(questions):
                posted = began + timedelta(seconds=30 * index)
                for player in players:
                    if rng.random() > 0.9:
                        continue  # missed this one
                    right = rng.random() < skill[player]
                    ms = rng.randint(800, 19_000)
                    batch.append(
                        Answer(
                            guild_id=guild,
                            round_id=record.id,
                            question_index=index,
                            question_id=question,
                            deck_id=deck,
                            user_id=player,
                            choice=0 if right else rng.randint(1, 3),
                            text=None,
                            right=right,
                            ms=ms,
                            points=100 if right else 0,
                            answered_at=posted + timedelta(milliseconds=ms),
                        )
                    )
            await store.finish_round(record.id, "finished", began + timedelta(seconds=30 * len(questions)))
            if len(batch) >= 100_000 or made + len(batch) >= total:
                made += await store.import_answers(batch)
                batch.clear()
    return made, rounds


def cached_path(folder: Path, total: int, seed: int) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    return folder / f"history-v{HISTORY_VERSION}-{total}-{seed}.db"


async def history(path: Path, total: int, seed: int, fresh: bool) -> History:
    """The cached history at `path`, generated first if missing (or if `fresh`)."""
    if path.exists() and not fresh:  # noqa: ASYNC240  (nothing else runs yet)
        async with await open_store(path) as store:
            found = (await store.get_meta(HISTORY_KEY) or "0 0 0").split()
        return History(path, int(found[0]), int(found[1]), float(found[2]), cached=True)
    partial = path.with_suffix(".partial")
    for stale in (partial, Path(f"{partial}-wal"), Path(f"{partial}-shm")):
        stale.unlink(missing_ok=True)
    started = time.perf_counter()
    answers, rounds = await generate(partial, total, seed)
    seconds = time.perf_counter() - started
    async with await open_store(partial) as store:
        await store.set_meta(HISTORY_KEY, f"{answers} {rounds} {seconds:.1f}")
    partial.replace(path)  # only a complete history is ever reused
    return History(path, answers, rounds, seconds, cached=False)


async def pick_callers(path: Path) -> tuple[list[int], int, int]:
    """CALLERS members of the main server spread over its all-time board; (ids, on the board, this week)."""
    async with await open_store(path) as store:
        board = await store.leaderboard(MAIN_GUILD, "all", NOW, limit=10**6)
        week = await store.leaderboard(MAIN_GUILD, "week", NOW, limit=0)
    ranked = [line.user_id for line in board.lines]
    step = max(1, len(ranked) // CALLERS)
    return ranked[::step][:CALLERS], board.total, week.total


# -- the fake's server -----------------------------------------------------------------------------------


@dataclass
class Server:
    fake: FakeDiscord
    channel: Channel
    callers: list[Member]


def build_server(caller_ids: list[int]) -> Server:
    fake = FakeDiscord()
    guild = fake.add_guild("Study Hall")
    # The fake numbers servers as it makes them, but the cached history is for a fixed server id: the
    # server takes that id before anyone connects (its @everyone role shares the server's id).
    guild.id = guild.everyone.id = MAIN_GUILD
    channel = guild.add_channel("boards")
    callers = []
    for number, user_id in enumerate(caller_ids):
        # Only the callers are members the fake knows; the other 10,000 exist in the store alone.
        user = User(id=user_id, name=f"player{number:02d}")
        fake.directory.users[user_id] = user
        callers.append(guild.add_member(user))
    return Server(fake, channel, callers)


# -- timing commands ---------------------------------------------------------------------------------------


@dataclass
class Timings:
    label: str
    seconds: list[float] = field(default_factory=list)  # dispatch -> callback
    spec: list[float] = field(default_factory=list)  # of which the fake's OpenAPI check of the callback
    wrong: list[str] = field(default_factory=list)  # answers that were not what the command shows
    lag: list[float] = field(default_factory=list)  # how late a 5 ms sleep woke up meanwhile
    gc_pauses: list[float] = field(default_factory=list)  # the garbage collector's, meanwhile


DEFERRED = 5  # the interaction callback type of a deferred answer


async def timed(
    timings: Timings,
    act: Awaitable[FakeInteraction],
    expect: str,
    *,
    keep: bool = True,
) -> FakeMessage | None:
    """One interaction, answered before the next is sent; its time goes to `timings` if `keep`."""
    spec_before = SPEC_TIME.seconds
    interaction = await act
    answer = await interaction.response(timeout=10)
    seconds, text, message = answer.seconds, answer.text, answer.message
    if answer.type == DEFERRED:
        # /stats defers while a chart is drawn: the member sees the stats when the answer replaces
        # the "thinking…" message, so that is the time that counts.
        message = await interaction.wait_original(timeout=15)
        seconds = asyncio.get_running_loop().time() - interaction.dispatched_at
        text = message.text
    if keep:
        timings.seconds.append(seconds)
        timings.spec.append(SPEC_TIME.seconds - spec_before)
        if expect not in text:
            timings.wrong.append(text[:200])
    return message


@contextlib.asynccontextmanager
async def watching(timings: Timings) -> AsyncIterator[None]:
    """Watch the event loop's lag while the block runs: a command that blocks it delays everyone."""
    watcher = asyncio.create_task(watch_loop_lag(timings.lag))
    try:
        with GcPauses() as collector:
            yield
    finally:
        watcher.cancel()
    timings.gc_pauses = collector.pauses


def _arrow(message: FakeMessage, emoji: str) -> dict[str, Any]:
    return next(b for b in message.buttons() if (b.get("emoji") or {}).get("name") == emoji)


async def measure(server: Server, runs: int, warm_up: int) -> list[Timings]:
    fake, channel, callers = server.fake, server.channel, server.callers
    by_turn = [callers[n % len(callers)] for n in range(runs + warm_up)]

    async def slash_each(label: str, command: str, expect: str, **options: Any) -> Timings:
        timings = Timings(label)
        async with watching(timings):
            await slash_calls(timings, command, expect, **options)
        return timings

    async def slash_calls(timings: Timings, command: str, expect: str, **options: Any) -> None:
        for n, caller in enumerate(by_turn):
            extra = dict(options)
            if extra.get("member") == "someone else":
                extra["member"] = callers[(n + 7) % len(callers)]
            await timed(
                timings,
                fake.slash(channel, caller, command, **extra),
                expect,
                keep=n >= warm_up,
            )

    results = [
        await slash_each("/leaderboard (all time)", "leaderboard", "Leaderboard — all time"),
        await slash_each("/leaderboard period:week", "leaderboard", "this week", period="week"),
        await slash_each("/leaderboard period:month", "leaderboard", "this month", period="month"),
        await slash_each(
            "/leaderboard deck:gradient-checkpointing", "leaderboard", "Gradient", deck=REAL_DECK
        ),
    ]

    pages = Timings("page buttons ▶ / ◀ (all time)")
    board = await timed(pages, fake.slash(channel, callers[0], "leaderboard"), "Page 1", keep=False)
    assert board is not None
    emoji = "▶"
    async with watching(pages):
        for n in range(runs + warm_up):
            button = _arrow(board, emoji)
            if button.get("disabled"):  # the last (or first) page: walk back the other way
                emoji = "◀" if emoji == "▶" else "▶"
                button = _arrow(board, emoji)
            await timed(
                pages,
                fake.click(board, callers[n % len(callers)], custom_id=button["custom_id"]),
                "Page ",
                keep=n >= warm_up,
            )
            if n == (runs + warm_up) // 2:
                emoji = "◀"
    results.append(pages)

    results.append(await slash_each("/stats (own)", "stats", "Stats —"))
    results.append(
        await slash_each("/stats member:(another caller)", "stats", "Stats —", member="someone else")
    )
    return results


# -- report ------------------------------------------------------------------------------------------------


def show(results: list[Timings], goal_ms: float) -> None:
    print(
        f"\n  {'command':<40} {'runs':>4} {'p50':>8} {'p99':>8} {'max':>8}  {'p99 w/o spec':>12}  "
        f"{'loop stalled, max':>17}  {'longest GC':>10}"
    )
    for timings in results:
        s = timings.seconds
        net = [total - spec for total, spec in zip(timings.seconds, timings.spec, strict=True)]
        verdict = "" if 1000 * percentile(s, 0.99) < goal_ms else f"  over the {goal_ms:g} ms goal"
        print(
            f"  {timings.label:<40} {len(s):4d} {1000 * percentile(s, 0.5):6.1f}ms "
            f"{1000 * percentile(s, 0.99):6.1f}ms {1000 * max(s):6.1f}ms  {1000 * percentile(net, 0.99):10.1f}ms  "
            f"{1000 * max(timings.lag, default=0):15.1f}ms  {1000 * max(timings.gc_pauses, default=0):8.1f}ms"
            f"{verdict}"
        )
        for text in timings.wrong[:3]:
            print(f"      unexpected answer: {text!r}")
        if len(timings.wrong) > 3:
            print(f"      ... {len(timings.wrong)} unexpected answers in all")
    print(
        "  (p99 w/o spec: each time less the fake's own OpenAPI check of the callback body, which runs in "
        "this event loop; loop stalled: the longest a 5 ms sleep overslept while that command ran; longest GC: the "
        "longest pause of Python's garbage collector meanwhile)"
    )


def hide_charts() -> None:
    """Make `import matplotlib` fail, as in the Docker image, which installs no `charts` extra."""
    sys.modules["matplotlib"] = None  # type: ignore[assignment]


def charts_note(hidden: bool) -> str:
    if hidden:
        return "hidden (--no-charts, as in the Docker image, which installs no `charts` extra): no PNG"
    try:
        import matplotlib
    except ImportError:
        return "not installed: /stats sends no chart"
    return f"matplotlib {matplotlib.__version__} installed: /stats renders an 8-week PNG chart each time"


async def main(options: argparse.Namespace) -> None:
    print(f"Machine: {machine()}")
    spec = "off (--no-spec)" if options.no_spec else "on"
    print(f"The fake's OpenAPI check of every request body: {spec} (it runs in this process's event loop)")
    print(f"Charts (the optional `charts` extra): {charts_note(options.no_charts)}")
    cache = options.cache or Path(tempfile.gettempdir()) / "bvunzo-bench-boards"
    path = cached_path(cache, options.answers, options.seed)
    made = await history(path, options.answers, options.seed, options.fresh)
    how = "reused from the cache (--fresh rebuilds it); it had been" if made.cached else ""
    print(
        f"\nHistory: {made.answers:,} answers in {made.rounds:,} rounds, {MEMBERS:,} members, {GUILDS} servers, "
        f"{DAYS} days; {how} generated and loaded with Store.import_answers in {made.seconds:.1f} s; "
        f"{made.path.stat().st_size / 2**20:.0f} MiB at {made.path}"
    )
    with tempfile.TemporaryDirectory(prefix="bvunzo-bench-boards-") as folder:
        db = Path(folder) / "bvunzo.db"
        shutil.copyfile(made.path, db)  # the bot writes (its command hash); the cache stays as made
        caller_ids, on_board, this_week = await pick_callers(db)
        print(
            f"The fake's server is the biggest: {on_board:,} members on its all-time board "
            f"({-(-on_board // 10)} pages), {this_week:,} this week; {len(caller_ids)} of them, spread over "
            f"the board, are the members who call the commands (the fake knows only them)."
        )
        server = build_server(caller_ids)
        clock = Clock()
        clock.set(NOW)
        errors = ErrorCount()
        logging.getLogger().addHandler(errors)
        started = time.perf_counter()
        try:
            async with server.fake:
                SPEC_TIME.install()
                bot = BvunzoBot(settings_for(server.fake, db), clock=clock)
                async with running_client(bot, server.fake, allow_logged_errors=True) as client:
                    await resumed(client)
                    results = await measure(server, options.runs, options.warm_up)
                await server.fake.settle()
        finally:
            logging.getLogger().removeHandler(errors)
        print(
            f"\nEach command {options.runs} times, one after another, callers in turn, after {options.warm_up} "
            f"unmeasured warm-up calls; times are dispatch -> the bot's callback, as the fake saw them "
            f"({time.perf_counter() - started:.0f} s in all)."
        )
        show(results, options.goal)
        violations = server.fake.violations
        print(f"\n  violations of Discord's rules found by the fake: {len(violations)}")
        for violation in violations[:20]:
            print("    " + violation.describe().replace("\n", "\n    "))
        print(f"  errors logged by the bot: {len(errors.messages)}")
        for message in errors.messages[:20]:
            print(f"    {message}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=300, help="measured calls of each command")
    parser.add_argument("--warm-up", type=int, default=5, help="unmeasured calls of each command first")
    parser.add_argument("--answers", type=int, default=1_000_000, help="answers in the history")
    parser.add_argument("--seed", type=int, default=20250326, help="seed of the history")
    parser.add_argument("--cache", type=Path, help="folder of the cached history (default: the temp folder)")
    parser.add_argument("--fresh", action="store_true", help="generate the history again")
    parser.add_argument("--goal", type=float, default=100.0, help="the p99 goal in ms, to flag misses")
    parser.add_argument("--no-spec", action="store_true", help="skip the fake's OpenAPI body checks")
    parser.add_argument(
        "--no-charts", action="store_true", help="hide matplotlib, as the Docker image has none"
    )
    arguments = parser.parse_args()
    if arguments.no_spec:
        disable_spec_checks()
    if arguments.no_charts:
        hide_charts()
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    asyncio.run(main(arguments))
