"""Click benchmark: hundreds of members answer a question within a second; acknowledgement times and REST calls.

Run from the repository root: /work/venv/bin/python bench/bench_clicks.py [--members 500 50] [--no-spec]

The real BvunzoBot runs in this process against the fake Discord of tests/e2e (REST and gateway on
127.0.0.1, the same event loop). Prints figures only; nothing here asserts on time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import random
import sqlite3
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import discord

from bot.app import BvunzoBot
from bot.config import Settings
from tests.e2e.conftest import QUESTIONS, resumed
from tests.e2e.fake_discord import Channel, FakeDiscord, FakeInteraction, FakeMessage, Member, RecordedRequest
from tests.e2e.fake_discord.spec import SPEC_ENV, request_schemas
from tests.e2e.harness import running_client
from tests.e2e.rounds import is_open_question, is_revealed, round_id_of

DECK = "gradient-checkpointing"
LETTERS = tuple("ABCDE")
# After the last click of the first question, wait this long before /quiz skip, so that every live
# "N answered" edit the bot means to make (one per 2 s at most) has been made and counted.
LINGER_SECONDS = 3.0


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

    The fake runs in the bot's event loop, so this time is inside every dispatch→callback figure;
    Discord does the same check on its own servers. Installed once per process on the loaded spec.
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


async def watch_loop_lag(samples: list[float], interval: float = 0.005) -> None:
    """How late a short sleep wakes up: how long the event loop was busy with something else."""
    loop = asyncio.get_running_loop()
    while True:
        before = loop.time()
        await asyncio.sleep(interval)
        samples.append(loop.time() - before - interval)


async def all_answered(interactions: Sequence[FakeInteraction], timeout: float) -> None:
    """Poll (rather than one waiter per click, which the fake would wake on every change)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not all(i.responded for i in interactions) and loop.time() < deadline:
        await asyncio.sleep(0.05)


# -- one question ---------------------------------------------------------------------------------------


@dataclass
class QuestionFigures:
    number: int
    clicks: int
    dispatch_seconds: float  # first to last dispatch
    latencies: list[float]  # dispatch -> callback, seconds, of the clicks answered
    unanswered: int
    locked_in: int
    rows: int
    posts: int  # POST /channels/{id}/messages between the question's post and its reveal, both included
    edits: int  # PATCH /channels/{id}/messages/{id} in the same window
    question_edits: int  # fake.edits(question message): live counts + the reveal
    callbacks: int  # interaction callbacks in the window (one per click)
    post_to_reveal: float
    lag: list[float]
    spec_seconds: float
    spec_bodies: int
    other_answers: dict[str, int] = field(default_factory=dict)


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


async def play_question(
    fake: FakeDiscord,
    bot: BvunzoBot,
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
    started = loop.time()
    try:
        for i, member in enumerate(crowd):
            wait = started + spread * i / len(crowd) - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
            clicks.append(await fake.click(message, member, label=rng.choice(letters)))
        last_dispatch = loop.time()
        await all_answered(clicks, timeout=fake.response_deadline + 5)
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
    others: dict[str, int] = {}
    for answer in answers:
        if not answer.content.startswith("Locked in"):
            others[answer.content] = others.get(answer.content, 0) + 1
    rows = await bot.store.round_answers(round_id_of(message), number - 1)
    figures = QuestionFigures(
        number=number,
        clicks=len(clicks),
        dispatch_seconds=clicks[-1].dispatched_at - clicks[0].dispatched_at,
        latencies=[a.seconds for a in answers],
        unanswered=len(clicks) - len(answers),
        locked_in=sum(1 for a in answers if a.content.startswith("Locked in")),
        rows=len(rows),
        posts=sum(1 for r in on_channel if r.method == "POST"),
        edits=sum(1 for r in on_channel if r.method == "PATCH"),
        question_edits=0,  # filled in once the round is over (later edits of this message count too)
        callbacks=sum(1 for r in window if r.path.startswith("/interactions/")),
        post_to_reveal=revealed.time - posted.time,
        lag=lag,
        spec_seconds=spec_seconds,
        spec_bodies=spec_bodies,
        other_answers=others,
    )
    return figures, message


# -- one round ---------------------------------------------------------------------------------------------


@dataclass
class RunFigures:
    members: int
    questions: list[QuestionFigures]
    violations: list[str]
    errors: list[str]
    seconds: float


async def run_round(members: int, questions: int, spread: float, seed: int, folder: Path) -> RunFigures:
    began = time.perf_counter()
    rng = random.Random(seed)
    fake = FakeDiscord()
    study = fake.add_guild("Study")
    channel = study.add_channel("quiz")
    mods = study.add_role("Moderators", permissions=discord.Permissions(manage_guild=True))
    moderator = study.add_member("moderator", roles=[mods])
    crowd = [study.add_member(f"student{n:04d}") for n in range(members)]
    errors = ErrorCount()
    logging.getLogger().addHandler(errors)
    played: list[tuple[QuestionFigures, FakeMessage]] = []
    try:
        async with fake:
            SPEC_TIME.install()
            # A fresh database per run: one that synced before would not sync to this new fake.
            db = Path(tempfile.mkdtemp(prefix=f"clicks-{members}-", dir=folder)) / "bvunzo.db"
            bot = BvunzoBot(settings_for(fake, db))
            async with running_client(bot, fake, allow_logged_errors=True) as client:
                await resumed(client)
                await (await fake.slash(channel, moderator, "quiz settings", pause=0)).response()
                started = await (
                    await fake.slash(
                        channel, moderator, "quiz start", deck=DECK, questions=questions, seconds=30
                    )
                ).response()
                if not started.content.startswith("Starting a round"):
                    raise RuntimeError(f"/quiz start answered: {started.content}")
                for number in range(1, questions + 1):
                    order = list(crowd)
                    rng.shuffle(order)  # who clicks first changes from question to question
                    played.append(
                        await play_question(
                            fake, bot, channel, moderator, order, number, spread=spread, rng=rng
                        )
                    )
                await fake.wait_for_message(channel, lambda m: "Round over" in m.text, timeout=30)
            await fake.settle()
            for figures, message in played:
                figures.question_edits = len(fake.edits(message))
    finally:
        logging.getLogger().removeHandler(errors)
    return RunFigures(
        members=members,
        questions=[figures for figures, _ in played],
        violations=[v.describe() for v in fake.violations],
        errors=errors.messages,
        seconds=time.perf_counter() - began,
    )


# -- report ------------------------------------------------------------------------------------------------


def show(run: RunFigures, spread: float) -> None:
    print(f"\n{run.members} members (+1 moderator); clicks spread over {spread:g} s; letters at random")
    for q in run.questions:
        print(
            f"  question {q.number}: {q.clicks} clicks dispatched over {q.dispatch_seconds:.2f} s, "
            f"revealed {q.post_to_reveal:.1f} s after its post"
        )
        print(f"    dispatch -> acknowledgement: {spread_ms(q.latencies)}")
        others = "".join(f"; {n} × {text!r}" for text, n in q.other_answers.items())
        print(
            f"    acknowledged with “Locked in”: {q.locked_in} of {q.clicks}"
            f"{f' ({q.unanswered} never answered)' if q.unanswered else ''}{others}; "
            f"rows stored for the question: {q.rows}"
        )
        print(
            f"    REST calls on the channel's messages, post to reveal: {q.posts} post(s), {q.edits} edit(s) "
            f"(+ {q.callbacks} interaction callbacks); edits of the question message: {q.question_edits}"
        )
        print(f"    event loop lag while clicks came in: {spread_ms(q.lag)}")
        if q.spec_bodies:
            print(
                f"    the fake's OpenAPI checks meanwhile: {1000 * q.spec_seconds:.0f} ms of loop time for "
                f"{q.spec_bodies} bodies ({1000 * q.spec_seconds / q.spec_bodies:.2f} ms each)"
            )
    print(f"  Discord-rule violations found by the fake: {len(run.violations)}")
    for violation in run.violations:
        print("    " + violation.replace("\n", "\n    "))
    print(f"  errors logged by the bot: {len(run.errors)}")
    for error in run.errors[:20]:
        print(f"    {error}")
    print(f"  (this run took {run.seconds:.1f} s)")


def compare(runs: Sequence[RunFigures]) -> None:
    print("\nEdits per question against the number of players:")
    print("  members  question  posts  edits  question-message edits  p99 ack")
    for run in runs:
        for q in run.questions:
            print(
                f"  {run.members:7d}  {q.number:8d}  {q.posts:5d}  {q.edits:5d}  {q.question_edits:22d}  "
                f"{1000 * percentile(q.latencies, 0.99):5.1f} ms"
            )


async def main(options: argparse.Namespace) -> None:
    spec = "off (--no-spec: LIMITS.md checks only)" if options.no_spec else "on"
    print(f"Machine: {machine()}")
    print(f"The fake's OpenAPI check of every request body: {spec} (it runs in this process's event loop)")
    runs = []
    with tempfile.TemporaryDirectory(prefix="bvunzo-bench-clicks-") as folder:
        for members in options.members:
            run = await run_round(members, options.questions, options.spread, options.seed, Path(folder))
            show(run, options.spread)
            runs.append(run)
    compare(runs)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--members", type=int, nargs="+", default=[500, 50], help="crowd sizes, one round each"
    )
    parser.add_argument("--questions", type=int, default=2, help="questions per round (1-3 keeps it short)")
    parser.add_argument("--spread", type=float, default=1.0, help="seconds over which a crowd clicks")
    parser.add_argument("--seed", type=int, default=20250326, help="seed of the letters and click order")
    parser.add_argument("--no-spec", action="store_true", help="skip the fake's OpenAPI body checks")
    arguments = parser.parse_args()
    if arguments.no_spec:
        disable_spec_checks()
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    asyncio.run(main(arguments))
