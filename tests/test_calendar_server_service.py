"""A server's calendar as a service: schedules kept and listed, a new time zone moving them, the champion role,
and the round a results file is for; the real SQLite store and a clock the test sets."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime, time
from pathlib import Path

import pytest

from bot.bank import Bank
from bot.bank.loader import load_deck_text
from bot.bank.models import Deck
from bot.calendar.server_calendar import MOST_SCHEDULES, ScheduleAsked, ServerCalendar, schedule_rule
from bot.errors import UserError
from bot.store import CalendarSettings, Store, open_store
from tests.test_calendar_assignment_service import DECK_YAML

GUILD, CHANNEL, TEACHER, ROLE = 10, 20, 100, 555
NOW = datetime(2027, 5, 3, 10, 0, tzinfo=UTC)  # Monday, 12:00 in Harare


@dataclass
class Host:
    store: Store
    bank: Bank
    now: datetime = NOW

    def clock(self) -> datetime:
        return self.now

    def holds_guild(self, guild_id: int) -> bool:
        return True


@pytest.fixture
def deck() -> Deck:
    return load_deck_text(DECK_YAML, "capitals.yaml")


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    opened = await open_store(tmp_path / "bvunzo.db")
    await opened.save_calendar_settings(CalendarSettings(GUILD, "Africa/Harare"))
    yield opened
    await opened.close()


def asked(deck: Deck, at: str = "18:00") -> ScheduleAsked:
    return ScheduleAsked(
        deck, CHANNEL, schedule_rule(at, "daily", None), "daily", None, 3, None, None, 0, None, TEACHER
    )


async def test_schedules_kept_listed_moved_to_a_new_zone_and_removed(store: Store, deck: Deck) -> None:
    calendar = ServerCalendar(Host(store, Bank([deck])))  # type: ignore[arg-type]
    made, zone = await calendar.add_schedule(GUILD, asked(deck))
    assert zone == "Africa/Harare"
    assert made.next_at == datetime(2027, 5, 3, 16, 0, tzinfo=UTC)  # 18:00 in Harare, today
    listed, zone = await calendar.schedules(GUILD)
    assert [(f.schedule.id, f.title, f.recent) for f in listed] == [(made.id, "Capitals", [])]
    # 18:00 in New York is 22:00 UTC: still ahead today.
    new_zone, moved = await calendar.set_timezone(GUILD, "America/New_York")
    assert new_zone.key == "America/New_York" and len(moved) == 1 and f"#{made.id}" in moved[0]
    kept = await store.schedule(made.id)
    assert kept is not None and kept.next_at == datetime(2027, 5, 3, 22, 0, tzinfo=UTC)
    assert (await calendar.set_timezone(GUILD, "America/New_York"))[1] == []  # the same zone moves nothing
    with pytest.raises(UserError):
        await calendar.set_timezone(GUILD, "Mars/Olympus_Mons")
    await calendar.remove_schedule(GUILD, made.id)
    with pytest.raises(UserError, match=f"no schedule #{made.id}"):
        await calendar.remove_schedule(GUILD, made.id)


async def test_a_server_keeps_at_most_its_schedules_and_a_rule_says_what_is_wrong(
    store: Store, deck: Deck
) -> None:
    calendar = ServerCalendar(Host(store, Bank([deck])))  # type: ignore[arg-type]
    for _ in range(MOST_SCHEDULES):
        await calendar.add_schedule(GUILD, asked(deck))
    with pytest.raises(UserError, match="20 schedules already"):
        await calendar.add_schedule(GUILD, asked(deck))
    with pytest.raises(UserError, match="days: is for repeat:weekly"):
        schedule_rule("18:00", "daily", "mon")
    assert schedule_rule("07:30", "weekly", "mon,fri").at == time(7, 30)


async def test_the_champion_role_its_period_end_and_off(store: Store, deck: Deck) -> None:
    calendar = ServerCalendar(Host(store, Bank([deck])))  # type: ignore[arg-type]
    with pytest.raises(UserError, match="champion_role: first"):
        await calendar.set_champion(GUILD, None, "week", None)
    kept = await calendar.set_champion(GUILD, ROLE, "week", 3)
    # Harare's week ends at Monday 10 May 00:00 there: 22:00 UTC on Sunday.
    assert kept.champion_next_at == datetime(2027, 5, 9, 22, 0, tzinfo=UTC)
    assert (kept.champion_role_id, kept.champion_period, kept.champion_count) == (ROLE, "week", 3)
    assert (await calendar.set_champion(GUILD, None, None, None)).champion_count == 3  # kept as it was
    await calendar.clear_champion(GUILD)
    cleared = await calendar.settings(GUILD)
    assert cleared.champion_role_id is None and cleared.champion_next_at is None


async def test_a_results_file_needs_a_finished_round_of_this_server(store: Store, deck: Deck) -> None:
    calendar = ServerCalendar(Host(store, Bank([deck])))  # type: ignore[arg-type]
    with pytest.raises(UserError, match="No round has finished in this channel"):
        await calendar.round_file(GUILD, CHANNEL, None)
    with pytest.raises(UserError, match="no round 7 in this server"):
        await calendar.round_file(GUILD, CHANNEL, 7)
