"""The end-to-end world: a fake Discord with two study servers, and the real BvunzoBot run against it."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

import discord
import pytest
import pytest_asyncio

from bot.discord.client import EXTENSIONS, BvunzoBot
from bot.host.config import Settings
from tests.e2e.fake_discord import Channel, FakeDiscord, Guild, Member, Role
from tests.e2e.fake_discord.fixtures import fake_discord  # noqa: F401  (a fixture for the tests)
from tests.e2e.harness import running_client

ROOT = Path(__file__).resolve().parents[2]
QUESTIONS = ROOT / "questions"
DECK = "gradient-checkpointing"


class Clock:
    """Real time plus an offset a test can move, so periods and days can be crossed on purpose.

    Frozen, it stands still until the test moves it: a question's timer cannot run out and a live edit
    cannot fall due on their own, so a test says when time passes and checks what follows, never how fast.
    The bot sleeps on it (bot/quiz/clock.py): moving it wakes every sleeper to look at the new time, and
    `sleeping_until` tells a test what the bot is waiting for.
    """

    def __init__(self) -> None:
        self.offset = timedelta()
        self.frozen_at: datetime | None = None
        self._moved = asyncio.Event()
        self._sleepers: list[datetime] = []

    def __call__(self) -> datetime:
        return (self.frozen_at or datetime.now(UTC)) + self.offset

    def set(self, when: datetime) -> None:
        self.offset = when - (self.frozen_at or datetime.now(UTC))
        self._wake()

    def freeze(self) -> None:
        self.frozen_at = datetime.now(UTC)
        self._wake()

    def advance(self, seconds: float) -> None:
        self.offset += timedelta(seconds=seconds)
        self._wake()

    def _wake(self) -> None:
        moved, self._moved = self._moved, asyncio.Event()
        moved.set()

    async def sleep_until(self, moment: datetime) -> None:
        self._sleepers.append(moment)
        try:
            while (left := (moment - self()).total_seconds()) > 0:
                moved = self._moved
                # Frozen, only a move of the clock brings the moment nearer; running, real time does too.
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(moved.wait(), None if self.frozen_at else left)
        finally:
            self._sleepers.remove(moment)

    def sleeping_until(self, moment: datetime) -> bool:
        """Whether something of the bot sleeps on this clock until exactly `moment`."""
        return moment in self._sleepers


@dataclass
class World:
    fake: FakeDiscord
    study: Guild
    other: Guild
    general: Channel
    annex: Channel
    lounge: Channel
    mods: Role
    quizmasters: Role
    moderator: Member
    quizmaster: Member
    members: list[Member]
    outsider: Member  # a member of the other server only
    db: Path
    questions: Path = QUESTIONS
    clock: Clock = field(default_factory=Clock)

    def settings(self, **changes: object) -> Settings:
        base = Settings(
            token=self.fake.token,
            db_path=self.db,
            questions_path=self.questions,
            api_base=self.fake.api_base,
            gateway_url=self.fake.gateway_url,
        )
        return Settings(**{**{f: getattr(base, f) for f in base.__dataclass_fields__}, **changes})  # type: ignore[arg-type]

    def bot(self, *, extensions: Sequence[str] = EXTENSIONS, **changes: object) -> BvunzoBot:
        return BvunzoBot(self.settings(**changes), clock=self.clock, extensions=extensions)

    @contextlib.asynccontextmanager
    async def running(
        self, bot: BvunzoBot | None = None, *, allow_logged_errors: bool = False
    ) -> AsyncIterator[BvunzoBot]:
        bot = bot or self.bot()
        async with running_client(bot, self.fake, allow_logged_errors=allow_logged_errors) as client:
            await resumed(client)
            yield client


async def resumed(bot: BvunzoBot) -> None:
    """on_ready listeners run after is_ready(); wait for the round service's resume pass to be over.

    Only a bot without the quiz extension has no round service, and nothing to resume.
    """
    service = getattr(bot, "round_service", None)
    if service is not None:
        await asyncio.wait_for(service.resumed.wait(), timeout=10)


def build_world(fake: FakeDiscord, tmp_path: Path, *, shard_count: int | None = None) -> World:
    """With shard_count, Discord recommends that many shards, Study A is on shard 0 and Study B on 1."""
    if shard_count is not None:
        fake.shard_count = shard_count
    study = fake.add_guild("Study A", shard=(0, shard_count) if shard_count else None)
    other = fake.add_guild("Study B", shard=(1, shard_count) if shard_count else None)
    general = study.add_channel("general")
    annex = study.add_channel("annex")
    lounge = other.add_channel("lounge")
    mods = study.add_role("Moderators", permissions=discord.Permissions(manage_guild=True))
    quizmasters = study.add_role("Quiz masters", permissions=0)
    moderator = study.add_member("tendai", roles=[mods])
    quizmaster = study.add_member("rudo", roles=[quizmasters])
    members = [
        study.add_member(name)
        for name in (
            "alice",
            "bongani",
            "chipo",
            "dumi",
            "eve",
            "farai",
            "gugu",
            "hana",
            "ivy",
            "jabu",
            "kuda",
            "lwazi",
        )
    ]
    outsider = other.add_member(
        "olivia", roles=[other.add_role("Admins", permissions=discord.Permissions(administrator=True))]
    )
    clock = Clock()
    # Discord's edit limit is judged on the bot's clock: time a test moves by hand counts as time passed.
    fake.rate_clock = lambda: clock().timestamp()
    return World(
        clock=clock,
        fake=fake,
        study=study,
        other=other,
        general=general,
        annex=annex,
        lounge=lounge,
        mods=mods,
        quizmasters=quizmasters,
        moderator=moderator,
        quizmaster=quizmaster,
        members=members,
        outsider=outsider,
        db=tmp_path / "bvunzo.db",
    )


SQLITE, POSTGRESQL = "sqlite", "postgresql"
# A test marked with this runs twice: on SQLite, and on a fresh database of the session's PostgreSQL
# (skipped, with the reason, where PostgreSQL is not installed).
ON_BOTH_DATABASES = pytest.mark.parametrize("database", [SQLITE, POSTGRESQL], indirect=True)


@pytest.fixture
def database(request: pytest.FixtureRequest) -> str:
    """The store the world's bot runs on: SQLite, unless the test is marked ON_BOTH_DATABASES."""
    kind: str = getattr(request, "param", SQLITE)
    return kind


@pytest.fixture
def world(
    fake_discord: FakeDiscord,  # noqa: F811  (pytest injects the fixture)
    tmp_path: Path,
    database: str,
    request: pytest.FixtureRequest,
) -> World:
    made = build_world(fake_discord, tmp_path)
    # Already migrated (tests/conftest.py), either engine: the settings take a path or a URL.
    if database == POSTGRESQL:
        made.db = request.getfixturevalue("postgres_migrated_url")
    else:
        made.db = request.getfixturevalue("sqlite_migrated_path")
    return made


@pytest_asyncio.fixture
async def bot(world: World) -> AsyncIterator[BvunzoBot]:
    async with world.running() as running:
        yield running
