"""Click benchmark: hundreds of members answer a question within a second; acknowledgement times and REST calls.

Run from the repository root: /work/venv/bin/python bench/bench_clicks.py [--members 500 50] [--bot inline]
[--style cards classic] (the rounds' look, alternated round by round; cards, a server's default, unless told)

The fake Discord of tests/e2e (REST and gateway on 127.0.0.1) and the crowd of clicking members live in
this process. The bot is, by default, its own process: `python -m bot`, the real entry point, pointed at
the fake through the environment, as Discord is never in the bot's process. `--bot inline` runs BvunzoBot
in this process and event loop instead, as the e2e tests do; the fake's own work then competes with the
bot for one thread. Prints figures only; nothing here asserts on time.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import logging
import os
import random
import re
import signal
import sqlite3
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from itertools import product
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import discord

from bot.discord.client import BvunzoBot
from bot.host.config import Settings
from bot.store import open_store
from tests.e2e.conftest import QUESTIONS, ROOT, resumed
from tests.e2e.fake_discord import (
    Channel,
    FakeDiscord,
    FakeInteraction,
    FakeMessage,
    Member,
    RecordedRequest,
    WaitTimeout,
)
from tests.e2e.fake_discord.spec import SPEC_ENV, request_schemas
from tests.e2e.harness import running_client
from tests.e2e.rounds import is_open_question, is_revealed, round_id_of

DECK = "gradient-checkpointing"
LETTERS = tuple("ABCDE")
# After the last click of the first question, wait this long before /quiz skip, so that every live
# "N answered" edit the bot means to make (one per 2 s at most) has been made and counted.
LINGER_SECONDS = 3.0
BOT_MODES = ("process", "inline")
# `python -m bot` keeps discord.py's 2 s guild_ready_timeout: it handles interactions only after on_ready.
READY_GRACE_SECONDS = 2.3
STOP_WITHIN_SECONDS = 15.0
CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
# Lines of the bot's stderr worth reporting (its format: "<time> LEVEL   logger: message").
BOT_ERROR_LINE = re.compile(r"\b(ERROR|CRITICAL)\b|Traceback")
BOT_WARNING_LINE = re.compile(r"\bWARNING\b")
# discord.py warns at every start that voice is not supported (PyNaCl is not installed): not news.
BOT_NO_VOICE = re.compile(r"voice will NOT be supported")


# -- shared with bench_boards.py ---------------------------------------------------------------------


def machine() -> str:
    model = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (
        f"nproc {os.cpu_count()}, CPU model {model!r}, Python {sys.version.split()[0]}, "
        f"discord.py {discord.__version__}, SQLite {sqlite3.sqlite_version}"
    )


def percentile(samples: Sequence[float], fraction: float) -> float:
    """Nearest-rank percentile (p99 of 500 samples is the 495th smallest)."""
    ordered = sorted(samples)
    if not ordered:
        return float("nan")
    rank = max(1, -(-len(ordered) * fraction // 1))
    return ordered[int(rank) - 1]


def spread_ms(samples: Sequence[float]) -> str:
    """p50 / p99 / max of samples given in seconds, in milliseconds."""
    return (
        f"p50 {1000 * percentile(samples, 0.5):6.1f} ms   p99 {1000 * percentile(samples, 0.99):6.1f} ms   "
        f"max {1000 * max(samples, default=float('nan')):6.1f} ms"
    )


def disable_spec_checks() -> None:
    """Point the fake at no OpenAPI file: request bodies are then checked against LIMITS.md only.

    Must run before the fake checks its first request (the spec is loaded once per path).
    """
    os.environ[SPEC_ENV] = str(Path(tempfile.gettempdir()) / "bvunzo-bench-no-openapi.json")


class SpecCheckTime:
    """Time the fake spends checking request bodies against Discord's OpenAPI spec.

    The fake runs in this process; with the bot inline, this time is inside every dispatch→callback
    figure. Discord does the same check on its own servers. Installed once per process on the loaded spec.
    """

    def __init__(self) -> None:
        self.seconds = 0.0
        self.bodies = 0
        self.installed = False

    def install(self) -> None:
        schemas = request_schemas()
        if schemas is None or self.installed:
            return
        check = schemas.request_errors

        def timed(method: str, template: str, body: Any) -> list[str]:
            started = time.perf_counter()
            try:
                return check(method, template, body)
            finally:
                self.seconds += time.perf_counter() - started
                self.bodies += 1

        schemas.request_errors = timed  # type: ignore[method-assign]
        self.installed = True


SPEC_TIME = SpecCheckTime()


class ErrorCount(logging.Handler):
    """Errors the bot logs while the benchmark runs (a failed click, a failed edit...)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(f"{record.name}: {record.getMessage()}")


def settings_for(fake: FakeDiscord, db: Path) -> Settings:
    return Settings(
        token=fake.token,
        db_path=db,
        questions_path=QUESTIONS,
        api_base=fake.api_base,
        gateway_url=fake.gateway_url,
    )


class GcPauses:
    """Pauses of Python's cyclic garbage collector in this process (they stop its event loop)."""

    def __init__(self) -> None:
        self.pauses: list[float] = []
        self._started = 0.0

    def __enter__(self) -> GcPauses:
        gc.callbacks.append(self._note)
        return self

    def __exit__(self, *exc: object) -> None:
        gc.callbacks.remove(self._note)

    def _note(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self.pauses.append(time.perf_counter() - self._started)


async def watch_loop_lag(samples: list[float], interval: float = 0.005) -> None:
    """How late a short sleep wakes up: how long the event loop was busy with something else."""
    loop = asyncio.get_running_loop()
    while True:
        before = loop.time()
        await asyncio.sleep(interval)
        samples.append(loop.time() - before - interval)


async def all_answered(fake: FakeDiscord, interactions: Sequence[FakeInteraction], within: float) -> None:
    """Until every interaction is answered (or `within` seconds pass), with one cheap waiter for all."""
    answered = 0

    def probe() -> bool | None:
        nonlocal answered
        while answered < len(interactions) and interactions[answered].responded:
            answered += 1
        return True if answered == len(interactions) else None

    with contextlib.suppress(WaitTimeout):
        await fake.wait_until(probe, within, lambda: f"{len(interactions) - answered} clicks to be answered")


# -- where the CPU goes ---------------------------------------------------------------------------------


def _proc_stat_seconds(stat: Path) -> float:
    """utime + stime of a /proc stat file, in seconds (for a process: all its threads, live and ended)."""
    # The command name (field 2) is in parentheses and may hold spaces: count fields after its ")".
    after_name = stat.read_text().rsplit(")", 1)[1].split()
    return (int(after_name[11]) + int(after_name[12])) / CLOCK_TICKS


def _machine_busy_seconds() -> float | None:
    """CPU seconds every core of the machine has spent busy since boot (/proc/stat), steal included."""
    try:
        first = Path("/proc/stat").read_text().split("\n", 1)[0].split()
    except OSError:
        return None
    # cpu user nice system idle iowait irq softirq steal ...: all but idle and iowait are busy.
    user, nice, system, _idle, _iowait, irq, softirq, steal = (int(v) for v in first[1:9])
    return (user + nice + system + irq + softirq + steal) / CLOCK_TICKS


@dataclass(frozen=True)
class CpuTimes:
    """CPU seconds spent so far by this process, by the bot's process and by the whole machine.

    This process runs the fake and the crowd (and the bot, inline); other programs on the machine, such
    as someone's test suite, compete for the same cores.
    """

    bench: float  # this process, every thread
    bench_loop: float  # this process's event-loop thread
    bot: float | None = None  # the bot's process, every thread (None: the bot is inline)
    bot_loop: float | None = None  # the bot's main thread, which runs its event loop
    machine: float | None = None  # every core, every program

    @classmethod
    def now(cls, bot_pid: int | None) -> CpuTimes:
        bench, bench_loop, machine = time.process_time(), time.thread_time(), _machine_busy_seconds()
        if bot_pid is None:
            return cls(bench, bench_loop, machine=machine)
        try:
            bot = _proc_stat_seconds(Path(f"/proc/{bot_pid}/stat"))
            bot_loop = _proc_stat_seconds(Path(f"/proc/{bot_pid}/task/{bot_pid}/stat"))
        except (OSError, IndexError, ValueError):
            return cls(bench, bench_loop, machine=machine)
        return cls(bench, bench_loop, bot, bot_loop, machine)

    def since(self, before: CpuTimes) -> CpuTimes:
        def delta(now: float | None, then: float | None) -> float | None:
            return None if now is None or then is None else now - then

        return CpuTimes(
            self.bench - before.bench,
            self.bench_loop - before.bench_loop,
            delta(self.bot, before.bot),
            delta(self.bot_loop, before.bot_loop),
            delta(self.machine, before.machine),
        )

    @property
    def others(self) -> float | None:
        """What the rest of the machine used meanwhile (tick-rounded: a few 10 ms either way)."""
        if self.machine is None:
            return None
        return max(0.0, self.machine - self.bench - (self.bot or 0.0))


# -- the bot under test ------------------------------------------------------------------------------------


@dataclass
class BotUnderTest:
    mode: str
    pid: int | None = None  # the bot's own process; None when inline
    stderr: Path | None = None
    exit_code: int | None = None
    errors: list[str] = field(default_factory=list)  # ERROR / CRITICAL / Traceback lines it wrote
    warnings: list[str] = field(default_factory=list)
    ready_rss_kib: int | None = None  # the bot process's resident memory once ready, before any click
    rss_kib: int | None = None  # the bot process's resident memory once its round is over (VmRSS)
    peak_rss_kib: int | None = None  # its highest (VmHWM)


def memory_of(pid: int) -> tuple[int | None, int | None]:
    """A process's resident memory now and at its highest, in KiB (Linux's /proc; None elsewhere)."""
    found: dict[str, int] = {}
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            name, _, value = line.partition(":")
            if name in ("VmRSS", "VmHWM"):
                found[name] = int(value.split()[0])
    except OSError:
        pass
    return found.get("VmRSS"), found.get("VmHWM")


# A discord.py bot and nothing else, with Bvunzo's intents, on the same fake: the floor Bvunzo's memory is
# judged against (the "bare discord.py bot"). It acknowledges every click ephemerally, as Bvunzo does.
BARE_BOT = """
import os, discord, yarl
discord.http.Route.BASE = os.environ["DISCORD_API_BASE"]
discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["DISCORD_GATEWAY_URL"])
intents = discord.Intents.none()
intents.guilds = True
client = discord.Client(intents=intents)
@client.event
async def on_interaction(interaction):
    await interaction.response.send_message("Locked in", ephemeral=True)
client.run(os.environ["DISCORD_TOKEN"], log_handler=None)
"""


async def bare_bot_memory(members: int) -> tuple[int | None, int | None]:
    """The bare bot's resident memory (now, peak) a few seconds after it joined a server of `members`."""
    fake = FakeDiscord()
    study = fake.add_guild("Study")
    study.add_channel("quiz")
    for n in range(members):
        study.add_member(f"student{n:04d}")
    async with fake:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-c",
            BARE_BOT,
            env={**os.environ, **fake.env()},
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.DEVNULL,
        )
        try:
            await fake.wait_for_bot(timeout=30)
            await asyncio.sleep(READY_GRACE_SECONDS)
            return memory_of(process.pid)
        finally:
            process.kill()
            await process.wait()


@contextlib.asynccontextmanager
async def inline_bot(fake: FakeDiscord, db: Path) -> AsyncIterator[BotUnderTest]:
    """BvunzoBot in this process and event loop, ready at once (the tests' short guild_ready_timeout)."""
    errors = ErrorCount()
    logging.getLogger().addHandler(errors)
    under_test = BotUnderTest("inline")
    try:
        async with running_client(
            BvunzoBot(settings_for(fake, db)), fake, allow_logged_errors=True
        ) as client:
            await resumed(client)
            yield under_test
    finally:
        logging.getLogger().removeHandler(errors)
        under_test.errors = errors.messages


def bot_environment(fake: FakeDiscord, db: Path) -> dict[str, str]:
    """What the e2e tests give `python -m bot`: the fake's addresses, a database, the shipped decks."""
    # BVUNZO_EVENT_LOOP and BVUNZO_MALLOC_ARENAS pass through, so one checkout compares uvloop with
    # asyncio's own loop, or glibc's arenas left alone (0) with the bot's two.
    clean = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DISCORD_", "BVUNZO_")) or k in ("BVUNZO_EVENT_LOOP", "BVUNZO_MALLOC_ARENAS")
    }
    return {
        **clean,
        **fake.env(),
        "BVUNZO_DB": str(db),
        "BVUNZO_QUESTIONS": str(QUESTIONS),
        "BVUNZO_LOG_LEVEL": "WARNING",
    }


def _tail(path: Path, lines: int = 20) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no stderr)"


@contextlib.asynccontextmanager
async def bot_process(fake: FakeDiscord, db: Path, stderr: Path) -> AsyncIterator[BotUnderTest]:
    """`python -m bot` as its own process, ready; stopped with SIGTERM at the end, which must exit 0."""
    with stderr.open("wb") as sink:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            cwd=ROOT,
            env=bot_environment(fake, db),
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.DEVNULL,
            stderr=sink,
        )
    under_test = BotUnderTest("process", pid=process.pid, stderr=stderr)
    try:
        try:
            await fake.wait_for_bot(timeout=30)
        except WaitTimeout as exc:
            raise RuntimeError(f"python -m bot did not connect; its stderr ends:\n{_tail(stderr)}") from exc
        await asyncio.sleep(READY_GRACE_SECONDS)
        if process.returncode is not None:
            raise RuntimeError(f"python -m bot exited with {process.returncode}:\n{_tail(stderr)}")
        under_test.ready_rss_kib, _ = memory_of(process.pid)
        yield under_test
        under_test.rss_kib, under_test.peak_rss_kib = memory_of(process.pid)
        process.send_signal(signal.SIGTERM)
        try:
            under_test.exit_code = await asyncio.wait_for(process.wait(), STOP_WITHIN_SECONDS)
        except TimeoutError as exc:
            raise RuntimeError(
                f"python -m bot did not exit within {STOP_WITHIN_SECONDS:g} s of SIGTERM"
            ) from exc
        if under_test.exit_code != 0:
            raise RuntimeError(f"python -m bot exited {under_test.exit_code} on SIGTERM:\n{_tail(stderr)}")
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
        _read_log(under_test)


def _read_log(under_test: BotUnderTest) -> None:
    """Pick the errors and warnings out of what the bot wrote to stderr."""
    path = under_test.stderr
    written = path.read_text(errors="replace").splitlines() if path and path.exists() else []
    under_test.errors = [line for line in written if BOT_ERROR_LINE.search(line)]
    under_test.warnings = [
        line for line in written if BOT_WARNING_LINE.search(line) and not BOT_NO_VOICE.search(line)
    ]


def running_bot(
    mode: str, fake: FakeDiscord, folder: Path
) -> contextlib.AbstractAsyncContextManager[BotUnderTest]:
    # A fresh database per run: one that synced before would not sync to this new fake.
    db = folder / "bvunzo.db"
    if mode == "inline":
        return inline_bot(fake, db)
    return bot_process(fake, db, folder / "bot-stderr.log")


# -- one question ---------------------------------------------------------------------------------------


@dataclass
class QuestionFigures:
    number: int
    round_id: int
    clicks: int
    dispatch_seconds: float  # first to last dispatch
    latencies: list[float]  # dispatch -> callback, seconds, of the clicks answered
    unanswered: int
    locked_in: int
    posts: int  # POST /channels/{id}/messages between the question's post and its reveal, both included
    edits: int  # PATCH /channels/{id}/messages/{id} in the same window
    callbacks: int  # interaction callbacks in the window (one per click)
    post_to_reveal: float
    lag: list[float]  # of this process's event loop
    gc_pauses: list[float]  # of this process
    click_wall: float  # first dispatch to last acknowledgement
    cpu: CpuTimes  # over the same span
    spec_seconds: float
    spec_bodies: int
    other_answers: dict[str, int] = field(default_factory=dict)
    rows: int = 0  # read from the database once the bot has stopped
    question_edits: int = 0  # fake.edits(question message) once the round is over: live counts + reveal


def _is_channel_message(channel: Channel) -> Callable[[RecordedRequest], bool]:
    prefix = f"/channels/{channel.id}/messages"
    return lambda r: r.path == prefix or r.path.startswith(prefix + "/")


def _post_of(fake: FakeDiscord, message: FakeMessage) -> RecordedRequest:
    return next(
        r
        for r in fake.requests
        if r.method == "POST" and isinstance(r.reply, dict) and r.reply.get("id") == str(message.id)
    )


def _reveal_of(fake: FakeDiscord, message: FakeMessage) -> RecordedRequest:
    path = f"/channels/{message.channel.id}/messages/{message.id}"
    return next(
        r
        for r in fake.requests
        if r.method == "PATCH"
        and r.path == path
        and "— answer" in json.dumps(r.body, ensure_ascii=False)  # what is_revealed looks for
    )


DEFERRED = 5  # a deferred answer's callback type: the member is told in the message that replaces it


def _told(click: Any) -> str:
    """What the member read: the answer, or what took a deferred answer's place (once it came)."""
    first = click.first_response
    original = click.original
    if first.type == DEFERRED:
        return original.content if original is not None and not original.loading else "(still thinking)"
    return str(first.content)


async def play_question(
    fake: FakeDiscord,
    bot: BotUnderTest,
    channel: Channel,
    moderator: Member,
    crowd: Sequence[Member],
    number: int,
    *,
    spread: float,
    rng: random.Random,
) -> tuple[QuestionFigures, FakeMessage]:
    loop = asyncio.get_running_loop()
    message = await fake.wait_for_message(channel, is_open_question(number), timeout=30)
    letters = [b["label"] for b in message.buttons() if b.get("label") in LETTERS]
    lag: list[float] = []
    watcher = asyncio.create_task(watch_loop_lag(lag))
    spec_before = (SPEC_TIME.seconds, SPEC_TIME.bodies)
    clicks: list[FakeInteraction] = []
    started, cpu_before = loop.time(), CpuTimes.now(bot.pid)
    try:
        with GcPauses() as collector:
            for i, member in enumerate(crowd):
                wait = started + spread * i / len(crowd) - loop.time()
                if wait > 0:
                    await asyncio.sleep(wait)
                clicks.append(await fake.click(message, member, label=rng.choice(letters)))
            last_dispatch = loop.time()
            await all_answered(fake, clicks, within=fake.response_deadline + 5)
            click_wall, cpu = loop.time() - started, CpuTimes.now(bot.pid).since(cpu_before)
    finally:
        watcher.cancel()
    spec_seconds, spec_bodies = SPEC_TIME.seconds - spec_before[0], SPEC_TIME.bodies - spec_before[1]

    if not is_revealed(number)(message) and number == 1:
        # The first question waits for its timer or a skip; later ones are revealed once every earlier
        # player has answered, which the whole crowd just did.
        await asyncio.sleep(max(0.0, last_dispatch + LINGER_SECONDS - loop.time()))
        await (await fake.slash(channel, moderator, "quiz skip")).response()
    await fake.wait_for_message(channel, is_revealed(number), timeout=30)

    posted, revealed = _post_of(fake, message), _reveal_of(fake, message)
    window = [r for r in fake.requests if posted.time <= r.time <= revealed.time]
    on_channel = [r for r in window if _is_channel_message(channel)(r)]
    answers = [c.first_response for c in clicks if c.first_response is not None]
    told = [_told(c) for c in clicks if c.first_response is not None]
    others: dict[str, int] = {}
    deferred = sum(1 for a in answers if a.type == DEFERRED)
    if deferred:
        others["(deferred first, then told)"] = deferred
    for text in told:
        if not text.startswith("Locked in"):
            others[text] = others.get(text, 0) + 1
    figures = QuestionFigures(
        number=number,
        round_id=round_id_of(message),
        clicks=len(clicks),
        dispatch_seconds=clicks[-1].dispatched_at - clicks[0].dispatched_at,
        latencies=[a.seconds for a in answers],
        unanswered=len(clicks) - len(answers),
        locked_in=sum(1 for text in told if text.startswith("Locked in")),
        posts=sum(1 for r in on_channel if r.method == "POST"),
        edits=sum(1 for r in on_channel if r.method == "PATCH"),
        callbacks=sum(1 for r in window if r.path.startswith("/interactions/")),
        post_to_reveal=revealed.time - posted.time,
        lag=lag,
        gc_pauses=collector.pauses,
        click_wall=click_wall,
        cpu=cpu,
        spec_seconds=spec_seconds,
        spec_bodies=spec_bodies,
        other_answers=others,
    )
    return figures, message


# -- one round ---------------------------------------------------------------------------------------------


@dataclass
class RunFigures:
    members: int
    bot: BotUnderTest
    questions: list[QuestionFigures]
    violations: list[str]
    seconds: float
    style: str = "cards"  # /quiz settings card_style of its round

    @property
    def errors(self) -> list[str]:
        return self.bot.errors


async def stored_rows(db: Path, questions: Sequence[QuestionFigures]) -> None:
    """Count each question's rows in the database the bot left behind (read after it stopped)."""
    async with await open_store(db) as store:
        for q in questions:
            q.rows = len(await store.round_answers(q.round_id, q.number - 1))


async def run_round(
    mode: str,
    members: int,
    questions: int,
    spread: float,
    seed: int,
    folder: Path,
    start_options: dict[str, Any] | None = None,
    *,
    style: str = "cards",
) -> RunFigures:
    began = time.perf_counter()
    rng = random.Random(seed)
    fake = FakeDiscord()
    study = fake.add_guild("Study")
    channel = study.add_channel("quiz")
    mods = study.add_role("Moderators", permissions=discord.Permissions(manage_guild=True))
    moderator = study.add_member("moderator", roles=[mods])
    crowd = [study.add_member(f"student{n:04d}") for n in range(members)]
    played: list[tuple[QuestionFigures, FakeMessage]] = []
    here = Path(tempfile.mkdtemp(prefix=f"clicks-{mode}-{members}-", dir=folder))
    async with fake:
        SPEC_TIME.install()
        async with running_bot(mode, fake, here) as bot:
            look = {"card_style": style}  # --style: Components V2 question cards or classic embeds
            await (await fake.slash(channel, moderator, "quiz settings", pause=0, **look)).response()
            started = await (
                await fake.slash(
                    channel,
                    moderator,
                    "quiz start",
                    deck=DECK,
                    questions=questions,
                    seconds=30,
                    **(start_options or {}),
                )
            ).response()
            planned = re.match(r"Starting a round of (\d+) questions?\b", started.content)
            if planned is None:
                raise RuntimeError(f"/quiz start answered: {started.content}")
            # The deck may hold fewer questions than asked for; the round then plays them all.
            for number in range(1, int(planned[1]) + 1):
                order = list(crowd)
                rng.shuffle(order)  # who clicks first changes from question to question
                played.append(
                    await play_question(fake, bot, channel, moderator, order, number, spread=spread, rng=rng)
                )
            await fake.wait_for_message(channel, lambda m: "Round over" in m.text, timeout=30)
            await fake.settle()
        for figures, message in played:
            figures.question_edits = len(fake.edits(message))
    await stored_rows(here / "bvunzo.db", [figures for figures, _ in played])
    return RunFigures(
        members=members,
        bot=bot,
        questions=[figures for figures, _ in played],
        violations=[v.describe() for v in fake.violations],
        seconds=time.perf_counter() - began,
        style=style,
    )


# -- report ------------------------------------------------------------------------------------------------


def cpu_line(q: QuestionFigures) -> str:
    """Where the CPU went from the first click to the last acknowledgement."""
    cpu, span = q.cpu, f"{q.click_wall:.2f} s"
    spec = (
        f"; the fake's OpenAPI checks {1000 * q.spec_seconds:.0f} ms ({q.spec_bodies} bodies)"
        if q.spec_bodies
        else ""
    )
    if cpu.others is not None:
        spec += f"; other programs on the machine {cpu.others:.2f} s"
    if cpu.bot is None or cpu.bot_loop is None:
        return (
            f"CPU in the {span} from the first click to the last acknowledgement: this process "
            f"(bot + fake + crowd) {cpu.bench:.2f} s, its event-loop thread {cpu.bench_loop:.2f} s of it{spec}"
        )
    return (
        f"CPU in the {span} from the first click to the last acknowledgement: bot process {cpu.bot:.2f} s "
        f"(event-loop thread {cpu.bot_loop:.2f} s, other threads {cpu.bot - cpu.bot_loop:.2f} s); "
        f"this process (fake + crowd) {cpu.bench:.2f} s, its event-loop thread {cpu.bench_loop:.2f} s{spec}"
    )


def show(run: RunFigures, repeat: int, repeats: int) -> None:
    where = f"python -m bot, pid {run.bot.pid}" if run.bot.pid else "inline"
    print(
        f"\n{run.members} members (+1 moderator), round {repeat} of {repeats} on {run.style} "
        f"({run.seconds:.1f} s; bot {where})"
    )
    for q in run.questions:
        print(
            f"  question {q.number}: {q.clicks} clicks dispatched over {q.dispatch_seconds:.2f} s; "
            f"revealed {q.post_to_reveal:.1f} s after its post"
        )
        print(f"    dispatch -> acknowledgement: {spread_ms(q.latencies)}")
        others = "".join(f"; {n} x {text!r}" for text, n in q.other_answers.items())
        never = f" ({q.unanswered} never answered)" if q.unanswered else ""
        print(
            f"    “Locked in”: {q.locked_in} of {q.clicks}{never}{others}; "
            f"rows stored for the question: {q.rows}"
        )
        print(
            f"    REST on the channel's messages from the question's post to its reveal: posts {q.posts}, "
            f"edits {q.edits} (besides {q.callbacks} interaction callbacks); "
            f"fake.edits(question message): {q.question_edits}"
        )
        print(f"    {cpu_line(q)}")
        print(
            f"    this process's event-loop lag (a 5 ms sleep woke late by): {spread_ms(q.lag)}; its garbage "
            f"collector: {len(q.gc_pauses)} pauses, {1000 * sum(q.gc_pauses):.0f} ms in all, longest "
            f"{1000 * max(q.gc_pauses, default=0):.0f} ms"
        )
    print(f"  violations of Discord's rules found by the fake: {len(run.violations)}")
    for violation in run.violations:
        print("    " + violation.replace("\n", "\n    "))
    if run.bot.rss_kib is not None:
        print(
            f"  bot resident memory: {_mib(run.bot.ready_rss_kib)} once ready, {_mib(run.bot.rss_kib)} after "
            f"the round (peak {_mib(run.bot.peak_rss_kib)})"
        )
    if run.bot.exit_code is not None:
        print(f"  python -m bot exited {run.bot.exit_code} on SIGTERM")
    print(f"  errors logged by the bot: {len(run.errors)}")
    for error in run.errors[:20]:
        print(f"    {error}")
    if run.bot.warnings:
        print(f"  warnings logged by the bot: {len(run.bot.warnings)}")
        for warning in run.bot.warnings[:5]:
            print(f"    {warning}")


def _mib(kib: int | None) -> str:
    return "-" if kib is None else f"{kib / 1024:.1f} MiB"


def _seconds(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def per_thousand_clicks(run: RunFigures) -> float:
    """A round's bot CPU seconds per 1,000 clicks."""
    clicks = sum(q.clicks for q in run.questions if q.cpu.bot is not None)
    return 1000 * sum(q.cpu.bot or 0 for q in run.questions) / max(clicks, 1)


def summarise(runs: Sequence[RunFigures]) -> None:
    print(
        "\nSummary (every round, every question; CPU seconds from the first click to the last acknowledgement):"
    )
    print(
        "  members  round  question  ack p50  ack p99  ack max  Locked in  rows  posts  edits  question edits"
        "  bot CPU  bot loop  bench CPU  bench loop  others  burst"
    )
    for run in runs:
        repeat = sum(1 for r in runs[: runs.index(run) + 1] if r.members == run.members)
        for q in run.questions:
            print(
                f"  {run.members:7d}  {repeat:5d}  {q.number:8d}  {1000 * percentile(q.latencies, 0.5):7.1f}  "
                f"{1000 * percentile(q.latencies, 0.99):7.1f}  {1000 * max(q.latencies, default=0):7.1f}  "
                f"{q.locked_in:9d}  {q.rows:4d}  {q.posts:5d}  {q.edits:5d}  {q.question_edits:14d}"
                f"  {_seconds(q.cpu.bot):>7}  {_seconds(q.cpu.bot_loop):>8}  {q.cpu.bench:9.2f}"
                f"  {q.cpu.bench_loop:10.2f}  {_seconds(q.cpu.others):>6}  {q.click_wall:5.2f}"
            )
    bot_cpu = [q.cpu.bot for run in runs for q in run.questions if q.cpu.bot is not None]
    if bot_cpu:
        loop = os.environ.get("BVUNZO_EVENT_LOOP", "auto")
        print(
            f"  bot CPU over every burst: {sum(bot_cpu):.2f} s for {sum(q.clicks for r in runs for q in r.questions)} "
            f"clicks in {len(runs)} rounds (BVUNZO_EVENT_LOOP={loop})"
        )
    for members, style in dict.fromkeys((run.members, run.style) for run in runs):
        mine = [run for run in runs if (run.members, run.style) == (members, style)]
        latencies = [s for run in mine for q in run.questions for s in q.latencies]
        clicks = sum(q.clicks for run in mine for q in run.questions)
        locked = sum(q.locked_in for run in mine for q in run.questions)
        rows = sum(q.rows for run in mine for q in run.questions)
        edits = sorted({q.question_edits for run in mine for q in run.questions})
        violations = sum(len(run.violations) for run in mine)
        errors = sum(len(run.errors) for run in mine)
        print(
            f"  {members} members on {style}, all clicks pooled: {spread_ms(latencies)}; “Locked in” {locked} of {clicks}, "
            f"rows {rows}; edits per question message {edits}; violations {violations}; bot errors {errors}"
        )
        cpu = [q.cpu.bot for run in mine for q in run.questions if q.cpu.bot is not None]
        resident = [(run.bot.ready_rss_kib, run.bot.rss_kib) for run in mine if run.bot.rss_kib is not None]
        if cpu and resident:
            per_round = ", ".join(f"{per_thousand_clicks(run):.2f}" for run in mine)
            print(
                f"  {members} members on {style}: bot CPU per 1,000 clicks {1000 * sum(cpu) / clicks:.2f} s "
                f"(each round's: {per_round} s); bot resident "
                f"memory once ready → after each round {', '.join(f'{_mib(a)} → {_mib(b)}' for a, b in resident)}"
            )


def goals(runs: Sequence[RunFigures], p99_goal_ms: float) -> None:
    """The issue's three goals, judged on every question of every round."""
    questions = [(run, q) for run in runs for q in run.questions]
    fast = [(run, q) for run, q in questions if 1000 * percentile(q.latencies, 0.99) < p99_goal_ms]
    stored = [(run, q) for run, q in questions if q.rows == q.clicks == q.locked_in]
    print(f"\nGoals (each judged per question; {len(questions)} questions played):")
    print(f"  p99 acknowledgement under {p99_goal_ms:g} ms: {len(fast)} of {len(questions)} questions")
    for members in dict.fromkeys(run.members for run in runs):
        mine = [q for run, q in questions if run.members == members]
        worst = max(1000 * percentile(q.latencies, 0.99) for q in mine)
        met = sum(1 for run, q in fast if run.members == members)
        print(f"    {members} members: {met} of {len(mine)}, worst p99 {worst:.1f} ms")
    print(f"  every click locked in and stored: {len(stored)} of {len(questions)} questions")
    by_number: dict[int, dict[int, set[int]]] = {}
    for run, q in questions:
        by_number.setdefault(q.number, {}).setdefault(run.members, set()).add(q.question_edits)
    for number, seen in sorted(by_number.items()):
        shown = ", ".join(f"{members} members: {sorted(edits)}" for members, edits in seen.items())
        print(f"  edits of question {number}'s message by crowd size: {shown}")


def start_option(text: str) -> tuple[str, Any]:
    """NAME=VALUE from the command line, typed as /quiz start takes it: a number, true/false, or text."""
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text!r}")
    if value.isdigit():
        return name, int(value)
    if value in {"true", "false"}:
        return name, value == "true"
    return name, value


async def main(options: argparse.Namespace) -> None:
    spec = "off (--no-spec: LIMITS.md checks only)" if options.no_spec else "on"
    print(f"Machine: {machine()}")
    if options.bot == "inline":
        print("Bot: inline — BvunzoBot in this process and event loop, with the fake and the crowd")
    else:
        print(
            "Bot: its own process — python -m bot (the real entry point), pointed at the fake through "
            "the environment; the fake and the crowd stay in this process"
        )
    print(
        f"Deck {DECK}, {options.questions} questions of 30 s, /quiz settings pause:0; each crowd clicks "
        f"over {options.spread:g} s, evenly spaced, letters at random. The first question is skipped "
        f"{LINGER_SECONDS:g} s after its last click; later ones are revealed early (everyone answered)."
    )
    print(f"The fake's OpenAPI check of every request body: {spec} (it runs in this process's event loop)")
    print("Rounds' look (/quiz settings card_style), alternated round by round: " + ", ".join(options.style))
    if options.option:
        print("/quiz start options: " + " ".join(f"{name}:{value}" for name, value in options.option))
    # The fake's copy of the OpenAPI spec (some 10^5 objects) lives as long as this process: out of the
    # collector's way, else each full collection walks it, stalling the fake for ~100 ms mid-burst.
    request_schemas()
    gc.collect()
    gc.freeze()
    runs = []
    with tempfile.TemporaryDirectory(prefix="bvunzo-bench-clicks-") as folder:
        for members in options.members:
            for repeat, style in product(range(1, options.repeats + 1), options.style):
                gc.collect()  # start each round without the previous round's garbage
                seed = options.seed + 1000 * members + repeat  # each style's round n clicks alike
                run = await run_round(
                    options.bot,
                    members,
                    options.questions,
                    options.spread,
                    seed,
                    Path(folder),
                    dict(options.option),
                    style=style,
                )
                show(run, repeat, options.repeats)
                runs.append(run)
    summarise(runs)
    goals(runs, options.goal)
    if options.bare:
        for members in dict.fromkeys(options.members):
            now, peak = await bare_bot_memory(members)
            print(
                f"  a bare discord.py bot (Bvunzo's intents) in a server of {members} members, once ready: "
                f"resident memory {_mib(now)} (peak {_mib(peak)})"
            )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--bot",
        choices=BOT_MODES,
        default="process",
        help="process: python -m bot on its own (default); inline: in this process and event loop",
    )
    parser.add_argument("--members", type=int, nargs="+", default=[500, 50], help="crowd sizes")
    parser.add_argument("--repeats", type=int, default=3, help="rounds per crowd size")
    parser.add_argument("--questions", type=int, default=2, help="questions per round (1-3 keeps it short)")
    parser.add_argument("--spread", type=float, default=1.0, help="seconds over which a crowd clicks")
    parser.add_argument("--seed", type=int, default=20250326, help="seed of the letters and click order")
    parser.add_argument("--no-spec", action="store_true", help="skip the fake's OpenAPI body checks")
    parser.add_argument("--goal", type=float, default=250.0, help="the p99 goal in ms")
    parser.add_argument(
        "--style",
        nargs="+",
        choices=("cards", "classic"),
        default=["cards"],
        help="the rounds' look (card_style), alternated round by round: cards (the default), classic",
    )
    parser.add_argument(
        "--bare", action="store_true", help="also measure a bare discord.py bot's memory on the same fake"
    )
    parser.add_argument(
        "--option",
        type=start_option,
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a /quiz start option for every round, e.g. --option standings=live (repeatable)",
    )
    arguments = parser.parse_args()
    if arguments.no_spec:
        disable_spec_checks()
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    asyncio.run(main(arguments))
