"""The end-to-end rounds once more with the bot on PostgreSQL (BVUNZO_DB=postgresql://...).

The same tests as the SQLite ones, called with a world whose database is a fresh PostgreSQL database
on the session's throw-away server: a whole round, a restart that resumes it (clean, and kill -9 of the
bot's process during a burst of clicks), the leaderboards and their periods.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import tests.e2e.test_boards as boards
import tests.e2e.test_restart as restart
import tests.e2e.test_rounds as rounds
from bot.app import BvunzoBot
from bot.store.postgres import PostgresStore
from tests.e2e.conftest import World, build_world
from tests.e2e.fake_discord import FakeDiscord


@pytest.fixture
def world(fake_discord: FakeDiscord, tmp_path: Path, postgres_url: str) -> World:
    made = build_world(fake_discord, tmp_path)
    made.db = postgres_url  # type: ignore[assignment]  (the settings take a path or a URL)
    return made


async def test_a_whole_round(world: World, bot: BvunzoBot) -> None:
    assert isinstance(bot.store, PostgresStore)
    await rounds.test_a_whole_round_with_twelve_members(world, bot)


async def test_one_round_per_channel(world: World, bot: BvunzoBot) -> None:
    await rounds.test_permissions_and_one_round_per_channel(world, bot)


async def test_a_clean_restart_resumes_the_round(world: World) -> None:
    await restart.test_clean_shutdown_resumes_at_the_same_question(world)


async def test_kill_9_during_clicks_loses_no_acknowledged_answer(world: World) -> None:
    await restart.test_kill_9_during_clicks_then_resume(world)


async def test_boards_pages_ties_and_own_rank(world: World, bot: BvunzoBot) -> None:
    await boards.test_boards_in_two_servers_with_pages_ties_and_own_rank(world, bot)


async def test_periods_follow_the_clock(world: World, bot: BvunzoBot) -> None:
    await boards.test_periods_follow_the_clock(world, bot)
