"""A scheduled round from the runner to the round service, with no cog: a fake channel port, the real service
(its own fake round port), the real SQLite store and a clock the test moves."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.bank import Bank
from bot.bank.loader import load_deck_text
from bot.bank.models import Deck
from bot.calendar.runner import CalendarRunner
from bot.calendar.scheduled import ScheduledRounds
from bot.rounds import IntroCard, RoundService
from bot.rounds.stored import round_options
from bot.store import CalendarSettings, GuildSettings, NewSchedule, ScheduleRecord, Store, open_store
from tests.test_round_service import (
    DECK_YAML,
    LOCKED_CHANNEL,
    FakePort,
    HandClock,
    Host,
)

ROOT = Path(__file__).resolve().parents[1]
GUILD, CHANNEL = 10, 20
T0 = datetime(2027, 5, 3, 15, 59, tzinfo=UTC)
AT = datetime(2027, 5, 3, 16, 0, tzinfo=UTC)  # 18:00 in Harare


class CountingStore:
    """The real store, counting how often each server's settings are read (and nothing else changed)."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self.settings_reads = 0

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        self.settings_reads += 1
        return await self._store.guild_settings(guild_id)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)


class CountingPort(FakePort):
    """The round service's fake port, counting its channel checks."""

    checks: int = 0

    def refusal(self, channel_id: int, *, thread: bool) -> str | None:
        self.checks += 1
        return super().refusal(channel_id, thread=thread)


@dataclass
class Channels:
    """The calendar's channel port: what it was asked, and which channels it would word as locked."""

    decks: dict[str, Deck]
    locked: set[int] = field(default_factory=set)
    closing: bool = False
    announced: list[tuple[int, str, datetime]] = field(default_factory=list)
    told: list[tuple[int, str]] = field(default_factory=list)
    wordings: int = 0  # how often it was asked why a channel cannot be posted in
    freshened: list[int] = field(default_factory=list)

    def holds(self, guild_id: int) -> bool:
        return True

    def cannot_post(self, channel_id: int) -> str | None:
        self.wordings += 1
        return "Bvunzo lost View Channel here" if channel_id in self.locked else None

    async def deck(self, guild_id: int, deck_id: str, *, fresh: bool) -> Deck | None:
        if fresh:
            self.freshened.append(guild_id)
        return self.decks.get(deck_id)

    async def announce(self, schedule: ScheduleRecord, title: str, starts_at: datetime) -> None:
        self.announced.append((schedule.id, title, starts_at))

    async def tell_moderators(self, schedule: ScheduleRecord, sentence: str) -> None:
        self.told.append((schedule.id, sentence))


@pytest.fixture
def deck() -> Deck:
    return load_deck_text(DECK_YAML, "capitals.yaml")


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    opened = await open_store(tmp_path / "bvunzo.db")
    await opened.save_calendar_settings(CalendarSettings(GUILD, "Africa/Harare"))
    yield opened
    await opened.close()


def daily(channel: int, deck_id: str = "capitals", announce: int = 0) -> NewSchedule:
    return NewSchedule(GUILD, channel, deck_id, "18:00", "daily", "", 2, 10, None, announce, None, 9, T0, AT)


async def test_a_due_schedule_starts_its_round_through_the_service_checking_once(
    store: Store, deck: Deck
) -> None:
    clock = HandClock(T0)
    counted = CountingStore(store)
    port = CountingPort()
    service = RoundService(Host(counted, Bank([deck]), clock), port)  # type: ignore[arg-type]
    channels = Channels({"capitals": deck})
    made = await store.add_schedule(daily(CHANNEL, announce=1), AT - timedelta(minutes=1))
    runner = CalendarRunner(counted, clock, ScheduledRounds(counted, service, channels))  # type: ignore[arg-type]
    await runner.tick()  # 15:59: the announcement, worded with the deck's title
    assert channels.announced == [(made.id, "Capitals", AT)]
    clock.now = AT
    await runner.tick()
    intro = await port.until(lambda s: isinstance(s.card, IntroCard))
    assert intro.channel_id == CHANNEL
    assert channels.freshened == [GUILD]  # the decks brought up to date before the round picks from them
    # One look at the channel (the round service's), one read of the server's settings for the start.
    assert port.checks == 1
    assert counted.settings_reads == 1
    assert channels.wordings == 1  # the announcement's own look, an occurrence before
    kept = await store.schedule(made.id)
    record = await store.get_round(1)
    assert kept is not None and kept.last_result == "started round 1"
    assert record is not None and round_options(record).questions == 2 and round_options(record).seconds == 10
    assert record.channel_id == CHANNEL and record.started_by == 0
    await service.shut_down()


async def test_a_locked_channel_or_a_gone_deck_skips_with_a_sentence_for_moderators(
    store: Store, deck: Deck
) -> None:
    clock = HandClock(AT)
    port = CountingPort()
    service = RoundService(Host(store, Bank([deck]), clock), port)
    channels = Channels({"capitals": deck}, locked={LOCKED_CHANNEL})
    locked = await store.add_schedule(daily(LOCKED_CHANNEL), AT)
    gone = await store.add_schedule(daily(CHANNEL, "history"), AT)
    await CalendarRunner(store, clock, ScheduledRounds(store, service, channels)).tick()
    assert sorted(channels.told) == sorted(
        [
            (locked.id, "Bvunzo lost View Channel here"),
            (gone.id, "the deck “history” is no longer in this server"),
        ]
    )
    assert port.checks == 1  # the gone deck never reached the round service
    kept = await store.schedule(locked.id)
    assert kept is not None and kept.last_result == "skipped: Bvunzo lost View Channel here"
    assert await store.get_round(1) is None
    await service.shut_down()


async def test_a_schedule_due_while_shutting_down_is_skipped(store: Store, deck: Deck) -> None:
    clock = HandClock(AT)
    port = CountingPort()
    service = RoundService(Host(store, Bank([deck]), clock), port)
    channels = Channels({"capitals": deck}, closing=True)
    made = await store.add_schedule(daily(CHANNEL), AT)
    await CalendarRunner(store, clock, ScheduledRounds(store, service, channels)).tick()
    assert channels.told == [(made.id, "Bvunzo was restarting")]
    assert port.checks == 0
    await service.shut_down()


def test_the_calendar_imports_no_cog_and_no_discord() -> None:
    """Every bot.calendar module, imported in a fresh interpreter, brings in no cogs module and no discord.py."""
    modules = sorted(p.stem for p in (ROOT / "bot" / "calendar").glob("*.py") if p.stem != "__init__")
    program = (
        "import sys\n"
        + "".join(f"import bot.calendar.{name}\n" for name in modules)
        + "print(sorted(m for m in sys.modules if m == 'cogs' or m.startswith(('cogs.', 'discord'))))\n"
    )
    found = subprocess.run(
        [sys.executable, "-c", program], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert "scheduled" in modules and "runner" in modules
    assert found.stdout.strip() == "[]"


def test_the_scheduled_rounds_wiring_imports_no_cog() -> None:
    """The adapter's side of a scheduled round (the runner's wiring, the round port and its channel),
    imported in a fresh interpreter, brings in no cogs module: the round service is reached without one."""
    program = (
        "import sys\n"
        "import bot.discord.calendar_channels, bot.discord.round_port, bot.discord.round_channel\n"
        "print(sorted(m for m in sys.modules if m == 'cogs' or m.startswith('cogs.')))\n"
    )
    found = subprocess.run(
        [sys.executable, "-c", program], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert found.stdout.strip() == "[]"
