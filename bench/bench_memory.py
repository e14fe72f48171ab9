"""Memory benchmark: Bvunzo's resident memory against a bare discord.py bot's, on the same fake Discord.

Run from the repository root: .venv/bin/python bench/bench_memory.py [--servers 10000] [--members 500]

Three moments, each with a fresh fake (tests/e2e, in this process) and fresh bot processes:

- ready: once ready in one study server of --members members;
- clicks: after --members × --questions clicks (1,000 by default). Bvunzo plays a round (/quiz start, each
  member clicks a letter on each question); the bare bot posts as many messages with five buttons and
  answers each click by editing the message (an interaction's UPDATE_MESSAGE);
- servers: once ready with --servers servers in the READY / GUILD_CREATE stream, each a study server of a
  few channels, roles and members.

Bvunzo runs as `python -m bot` with default settings (SQLite, no dashboard), restarted: beside each run's
fresh database lies the deck cache a start before wrote (bot/bank/deck_cache.py), so it reads its decks
without PyYAML, as every start after the first does; --cold-decks leaves it out (the first start, or one
after the decks or the bot changed). The bare bot is discord.py and
nothing else, with Bvunzo's intents and cache settings (an AutoShardedClient, the guilds intent only) and
discord.py's defaults for the rest, as a bot that sets nothing runs: an unlimited REST pool (Bvunzo's holds 100
sockets), glibc's own malloc arenas (Bvunzo caps them at 2), a 1,000-message cache (both). A process is
measured once it is settled: its CPU time has stopped growing, and after the clicks, the REST connections its
burst opened have closed (aiohttp keeps each 15 s), so both bots are measured at the same moment whatever the
number the machine's load had them open. Both start from compiled code (precompiled). Prints figures, the
sockets each process held, ratios, and with --repeats the medians and ranges, which are the figures to judge.
"""

from __future__ import annotations

import argparse
import asyncio
import compileall
import contextlib
import os
import random
import re
import site
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import discord

from bench.bench_clicks import (
    LETTERS,
    BotUnderTest,
    _proc_stat_seconds,
    all_answered,
    bot_environment,
    disable_spec_checks,
    machine,
    memory_of,
    play_question,
)
from bot.bank import formulas
from bot.bank.bank import Bank
from bot.bank.deck_cache import cache_for
from tests.e2e.conftest import QUESTIONS, ROOT
from tests.e2e.fake_discord import Channel, FakeDiscord, FakeInteraction, FakeMessage, Guild, Member, User

BARE_BOT = """
import os, discord, yarl
discord.http.Route.BASE = os.environ["DISCORD_API_BASE"]
discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["DISCORD_GATEWAY_URL"])
intents = discord.Intents.none()
intents.guilds = True
client = discord.AutoShardedClient(intents=intents)
QUESTIONS, CHANNEL = int(os.environ["BARE_QUESTIONS"]), int(os.environ["BARE_CHANNEL"])

class Question(discord.ui.View):
    def __init__(self, number):
        super().__init__(timeout=None)
        self.number, self.answered = number, 0
        for letter in "ABCDE":
            button = discord.ui.Button(label=letter, custom_id=f"q{number}:{letter}")
            button.callback = self.answer
            self.add_item(button)

    async def answer(self, interaction):
        self.answered += 1
        await interaction.response.edit_message(content=f"Question {self.number}: {self.answered} answered")

@client.event
async def on_ready():
    channel = client.get_channel(CHANNEL)
    for number in range(1, QUESTIONS + 1 if channel else 1):
        await channel.send(f"Question {number}", view=Question(number))

client.run(os.environ["DISCORD_TOKEN"], log_handler=None)
"""
SETTLE_WINDOW = 2.0  # seconds without CPU growth beyond SETTLE_CPU before a process counts as settled
SETTLE_CPU = 0.03
SETTLE_WITHIN = 300.0
# aiohttp keeps a REST connection 15 s after its last request (keepalive_timeout): after a burst, a bot is
# measured once those it opened have closed, however many the machine's load had it open.
KEEP_ALIVE_WITHIN = 60.0
SPREAD_SECONDS = 1.0  # a crowd clicks a question over this long, as in bench_clicks.py
KINDS = ("bvunzo", "bare")
COLD_DECKS = False  # --cold-decks: Bvunzo starts without its deck cache, as the first start after an edit


@dataclass(frozen=True)
class Figure:
    moment: str
    kind: str
    rss_kib: int | None
    peak_kib: int | None
    seconds: float  # from the process's start to its measure
    sockets: int | None  # open at the measure: REST connections kept alive, the gateway's, the database's


async def settled(pid: int) -> None:
    """Until the process has used under SETTLE_CPU seconds of CPU over SETTLE_WINDOW seconds."""
    stat, deadline = Path(f"/proc/{pid}/stat"), time.monotonic() + SETTLE_WITHIN
    samples: list[float] = []
    while time.monotonic() < deadline:
        samples.append(_proc_stat_seconds(stat))
        window = int(SETTLE_WINDOW / 0.25)
        if len(samples) > window and samples[-1] - samples[-1 - window] < SETTLE_CPU:
            return
        await asyncio.sleep(0.25)
    raise RuntimeError(f"process {pid} did not settle within {SETTLE_WITHIN:g} s")


@contextlib.asynccontextmanager
async def launched(
    kind: str, fake: FakeDiscord, folder: Path, channel: Channel | None, questions: int
) -> AsyncIterator[int]:
    """The bot's process, connected to the fake and settled; killed at the end."""
    if kind == "bvunzo":
        argv = ["-m", "bot"]
        # A fresh database per run: one that synced its commands before would not sync to this new fake.
        db = Path(tempfile.mkdtemp(dir=folder)) / "bvunzo.db"
        if not COLD_DECKS:
            restarted(db)
        env = bot_environment(fake, db)
    else:
        argv = ["-c", BARE_BOT]
        env = {**os.environ, **fake.env(), "BARE_QUESTIONS": str(questions)}
        env["BARE_CHANNEL"] = str(channel.id if channel is not None else 0)
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        *argv,
        cwd=ROOT,
        env=env,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=(folder / f"{kind}-stderr.log").open("wb"),
    )
    try:
        await fake.wait_for_bot(timeout=60)
        await settled(process.pid)
        yield process.pid
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()


def restarted(db: Path) -> None:
    """The deck cache a start before wrote beside the database (bot/bank/deck_cache.py), as the bot does."""
    cache = cache_for(db)
    assert cache is not None
    with formulas.unchecked():
        Bank.from_folder(QUESTIONS, cache)
    cache.save()


def study_server(fake: FakeDiscord, name: str, members: Sequence[User | str]) -> Guild:
    """A study server: a few channels and roles, its first member a moderator, the others students."""
    guild = fake.add_guild(name)
    for channel in ("quiz", "general", "announcements", "homework", "off-topic"):
        guild.add_channel(channel)
    students = guild.add_role("Students")
    mods = guild.add_role("Moderators", permissions=discord.Permissions(manage_guild=True))
    for n, member in enumerate(members):
        guild.add_member(member, roles=[mods] if n == 0 else [students])
    return guild


def one_study_server(fake: FakeDiscord, members: int) -> Guild:
    return study_server(fake, "Study", ["moderator", *(f"student{n:04d}" for n in range(members))])


def open_sockets(pid: int) -> int | None:
    """How many sockets the process holds (Linux's /proc; None elsewhere)."""
    try:
        fds = list(Path(f"/proc/{pid}/fd").iterdir())
    except OSError:
        return None
    with contextlib.suppress(OSError):
        return sum(1 for fd in fds if os.readlink(fd).startswith("socket:"))
    return None


async def connections_closed(pid: int, at_ready: int | None) -> None:
    """Until the process holds no more sockets than it did at ready: the burst's REST connections closed."""
    if at_ready is None:  # no /proc: measured as it is
        return
    deadline = time.monotonic() + KEEP_ALIVE_WITHIN
    while time.monotonic() < deadline:
        held = open_sockets(pid)
        if held is None or held <= at_ready:
            return
        await asyncio.sleep(0.25)
    raise RuntimeError(f"process {pid} kept its burst's connections past {KEEP_ALIVE_WITHIN:g} s")


def measure(moment: str, kind: str, pid: int, started: float) -> Figure:
    rss, peak = memory_of(pid)
    return Figure(moment, kind, rss, peak, time.monotonic() - started, open_sockets(pid))


async def at_ready(kind: str, members: int, folder: Path) -> Figure:
    fake = FakeDiscord()
    one_study_server(fake, members)
    async with fake:
        started = time.monotonic()
        async with launched(kind, fake, folder, None, 0) as pid:
            return measure("ready", kind, pid, started)


async def with_servers(kind: str, servers: int, folder: Path) -> Figure:
    fake = FakeDiscord()
    # Users made here, not by name through the fake (which looks a name up among every user it has).
    pool = [User(id=fake.directory.new_id(), name=f"member{n:05d}") for n in range(4 * servers)]
    fake.directory.users.update((user.id, user) for user in pool)
    rng = random.Random(servers)
    for n in range(servers):
        study_server(fake, f"Study {n}", rng.sample(pool, 8))
    async with fake:
        started = time.monotonic()
        async with launched(kind, fake, folder, None, 0) as pid:
            return measure("servers", kind, pid, started)


async def crowd_clicks(
    fake: FakeDiscord, message: FakeMessage, crowd: Sequence[Member], rng: random.Random
) -> None:
    """Each member clicks a letter of the message once, over SPREAD_SECONDS; until every click is answered."""
    loop = asyncio.get_running_loop()
    clicks: list[FakeInteraction] = []
    started = loop.time()
    for i, member in enumerate(crowd):
        wait = started + SPREAD_SECONDS * i / len(crowd) - loop.time()
        if wait > 0:
            await asyncio.sleep(wait)
        clicks.append(await fake.click(message, member, label=rng.choice(LETTERS)))
    await all_answered(fake, clicks, within=fake.response_deadline + 5)


async def after_clicks(kind: str, members: int, questions: int, folder: Path) -> Figure:
    fake = FakeDiscord()
    guild = one_study_server(fake, members)
    channel, moderator = guild.channel("quiz"), guild.member(fake.user("moderator"))
    assert moderator is not None
    crowd = [m for m in guild.members.values() if m.user.name.startswith("student")]
    rng = random.Random(members * questions)
    async with fake:
        started = time.monotonic()
        async with launched(kind, fake, folder, channel, questions) as pid:
            at_ready = open_sockets(pid)
            if kind == "bvunzo":
                await play_round(
                    fake, BotUnderTest("process", pid=pid), channel, moderator, crowd, questions, rng
                )
            else:
                for number in range(1, questions + 1):
                    message = await fake.wait_for_message(
                        channel, lambda m, n=number: m.content.startswith(f"Question {n}")
                    )
                    await crowd_clicks(fake, message, crowd, rng)
            await fake.settle()
            await settled(pid)
            await connections_closed(pid, at_ready)
            await settled(pid)
            return measure("clicks", kind, pid, started)


async def play_round(
    fake: FakeDiscord,
    bot: BotUnderTest,
    channel: Channel,
    moderator: Member,
    crowd: list[Member],
    questions: int,
    rng: random.Random,
) -> None:
    """A round of Bvunzo, as bench_clicks.py plays it: every member answers every question."""
    await (await fake.slash(channel, moderator, "quiz settings", pause=0)).response()
    started = await (
        await fake.slash(
            channel, moderator, "quiz start", deck="gradient-checkpointing", questions=questions, seconds=30
        )
    ).response()
    planned = re.match(r"Starting a round of (\d+) questions?\b", started.content)
    if planned is None or int(planned[1]) != questions:
        raise RuntimeError(f"/quiz start answered: {started.content}")
    for number in range(1, questions + 1):
        order = list(crowd)
        rng.shuffle(order)
        await play_question(fake, bot, channel, moderator, order, number, spread=SPREAD_SECONDS, rng=rng)
    await fake.wait_for_message(channel, lambda m: "Round over" in m.text, timeout=30)


def _mib(kib: int | None) -> str:
    return "-" if kib is None else f"{kib / 1024:.1f} MiB"


def _range(figures: Sequence[Figure]) -> str:
    kib = [f.rss_kib or 0 for f in figures]
    return f"{min(kib) / 1024:.1f}-{max(kib) / 1024:.1f} MiB"


def _median_kib(figures: Sequence[Figure]) -> float:
    return statistics.median(f.rss_kib or 0 for f in figures)


def report(figures: Sequence[Figure], goal: float) -> None:
    print(f"\n  moment   Bvunzo        bare discord.py  ratio  (goal ≤ {goal:.2f}×)")
    for moment in dict.fromkeys(f.moment for f in figures):
        ours = [f for f in figures if f.moment == moment and f.kind == "bvunzo"]
        bare = [f for f in figures if f.moment == moment and f.kind == "bare"]
        for mine, floor in zip(ours, bare, strict=True):
            ratio = (mine.rss_kib or 0) / (floor.rss_kib or 1)
            print(
                f"  {moment:7}  {_mib(mine.rss_kib):>10}    {_mib(floor.rss_kib):>10}       {ratio:.2f}×"
                f"   (peaks {_mib(mine.peak_kib)} / {_mib(floor.peak_kib)}; sockets {mine.sockets} / "
                f"{floor.sockets}; measured {mine.seconds:.0f} s / {floor.seconds:.0f} s after start)"
            )
        if len(ours) > 1:
            # One run's figure moves with the machine's load (see bench/README.md): judge the medians.
            mine_kib, floor_kib = _median_kib(ours), _median_kib(bare)
            print(
                f"  {'median':7}  {_mib(round(mine_kib)):>10}    {_mib(round(floor_kib)):>10}       "
                f"{mine_kib / (floor_kib or 1):.2f}×   ({moment}, {len(ours)} runs each; ranges "
                f"{_range(ours)} / {_range(bare)})"
            )


def precompiled() -> None:
    """Both bots' code compiled, as an installed bot has it: bot/ and cogs/, and the environment's packages
    (pip compiles what it installs, uv does not). Without `.pyc` files, and with PYTHONDONTWRITEBYTECODE set
    (in some environments), each start compiles the source it imports: 4-5 MiB more for either bot."""
    for folder in (ROOT / "bot", ROOT / "cogs", *{Path(p) for p in site.getsitepackages()}):
        compileall.compile_dir(folder, quiet=1)


async def main(options: argparse.Namespace) -> None:
    print(f"Machine: {machine()}; load average {' '.join(f'{v:.1f}' for v in os.getloadavg())}")
    precompiled()
    figures: list[Figure] = []
    with tempfile.TemporaryDirectory(prefix="bvunzo-bench-memory-") as name:
        folder = Path(name)
        for _ in range(options.repeats):
            for kind in KINDS:
                here = Path(tempfile.mkdtemp(dir=folder))
                if "ready" in options.moments:
                    figures.append(await at_ready(kind, options.members, here))
                if "clicks" in options.moments:
                    figures.append(await after_clicks(kind, options.members, options.questions, here))
                if "servers" in options.moments:
                    figures.append(await with_servers(kind, options.servers, here))
                for f in figures[-len(options.moments) :]:
                    print(
                        f"  {f.kind:7} {f.moment:8} {_mib(f.rss_kib)} (peak {_mib(f.peak_kib)}, "
                        f"{f.sockets} sockets)",
                        flush=True,
                    )
    figures.sort(key=lambda f: options.moments.index(f.moment))
    report(figures, options.goal)
    print(f"Load average at the end: {' '.join(f'{v:.1f}' for v in os.getloadavg())}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--members", type=int, default=500, help="members of the study server (and clickers)")
    parser.add_argument(
        "--questions", type=int, default=2, help="questions (each member clicks once per question)"
    )
    parser.add_argument("--servers", type=int, default=10_000, help="servers in the GUILD_CREATE stream")
    parser.add_argument(
        "--moments", nargs="+", choices=("ready", "clicks", "servers"), default=["ready", "clicks", "servers"]
    )
    parser.add_argument("--repeats", type=int, default=1, help="runs of each moment for each bot")
    parser.add_argument(
        "--cold-decks", action="store_true", help="start Bvunzo without the deck cache a start before wrote"
    )
    parser.add_argument("--goal", type=float, default=1.3, help="the ratio the issue asks for at most")
    arguments = parser.parse_args()
    COLD_DECKS = arguments.cold_decks
    disable_spec_checks()
    asyncio.run(main(arguments))
