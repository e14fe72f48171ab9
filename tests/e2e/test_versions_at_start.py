"""The bot's start gives rounds played before versions were kept (schema 9) their snapshot, once, and says so."""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

import pytest
import yaml

from bot.store.sqlite.schema import migrate
from tests.e2e.conftest import QUESTIONS, World

LINE = "gave 1 past rounds a snapshot of their questions from today's decks"


async def test_the_start_after_the_migration_gives_past_rounds_their_questions_once(
    world: World, caplog: pytest.LogCaptureFixture, tmp_path: Path
) -> None:
    world.db = tmp_path / "schema-9.db"  # a file of before versions were kept, not the world's migrated one
    deck = yaml.safe_load((QUESTIONS / "gradient-checkpointing.yaml").read_text(encoding="utf-8"))
    first = deck["questions"][0]
    conn = sqlite3.connect(world.db, isolation_level=None)
    assert migrate(conn, upto=9) == 9
    conn.execute(
        "INSERT INTO rounds (id, guild_id, channel_id, deck_id, started_by, question_ids, seconds, mode, seed, "
        "status, started_at, ended_at) VALUES (1, ?, ?, 'gradient-checkpointing', 9, ?, 20, 'standard', 5, "
        "'finished', 1715774400000, 1715774500000)",
        (world.study.id, world.general.id, f'["{first["id"]}"]'),
    )
    conn.close()
    with caplog.at_level(logging.INFO, logger="bot.results.asked"):
        async with world.running() as bot:
            record = await bot.store.get_round(1)
            assert record is not None and len(record.versions) == 1 and record.versions[0]
        async with world.running():
            pass
    said = [r.getMessage() for r in caplog.records if r.name == "bot.results.asked"]
    assert len(said) == 1 and said[0].startswith(LINE)
