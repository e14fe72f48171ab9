"""`bvunzo backup`: a consistent copy of the database taken while answers are being written, and its time."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.store import Answer, NewRound, Store, StoreError, open_store
from bot.store.backup import LAST_BACKUP_KEY, back_up, database_facts

ROOT = Path(__file__).resolve().parents[1]
T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
GUILD, CHANNEL = 10, 20


async def new_round(store: Store, questions: int) -> int:
    record = await store.start_round(
        NewRound(
            guild_id=GUILD,
            channel_id=CHANNEL,
            deck_id="d",
            started_by=1,
            question_ids=tuple(f"q{i}" for i in range(questions)),
            seconds=30,
            mode="standard",
            seed=1,
            started_at=T0,
        )
    )
    return record.id


def answer(round_id: int, index: int, user: int) -> Answer:
    return Answer(
        guild_id=GUILD,
        round_id=round_id,
        question_index=index,
        question_id=f"q{index}",
        deck_id="d",
        user_id=user,
        choice=0,
        text=None,
        right=True,
        ms=1000,
        points=100,
        answered_at=T0 + timedelta(seconds=index),
    )


def count(path: Path, sql: str) -> int:
    conn = sqlite3.connect(path)
    try:
        value: int = conn.execute(sql).fetchone()[0]
    finally:
        conn.close()
    return value


async def test_backup_while_answers_are_written(tmp_path: Path) -> None:
    db = tmp_path / "live.db"
    copy = tmp_path / "copy.db"
    async with await open_store(db) as store:
        round_id = await new_round(store, questions=40)
        for user in range(50):  # 50 answers in before the backup starts
            await store.record_answer(answer(round_id, 0, user))
        writing = asyncio.Event()
        stop = asyncio.Event()
        written = 50

        async def keep_answering() -> None:
            nonlocal written
            for index in range(1, 40):
                for user in range(50):
                    if stop.is_set():
                        return
                    await store.record_answer(answer(round_id, index, user))
                    written += 1
                    writing.set()

        writer = asyncio.create_task(keep_answering())
        await writing.wait()
        # A copy of this small file can finish between two of the writer's answers, so copies are
        # taken until one overlaps a write; a backup that blocked writers would never overlap one.
        for _ in range(20):
            at_start = written
            report = await asyncio.to_thread(back_up, db, copy)
            at_end = written
            if at_end > at_start:
                break
        stop.set()
        await writer
        assert at_end > at_start  # the bot kept writing while the copy was taken

    copied = count(copy, "SELECT COUNT(*) FROM answers")
    assert report.answers == copied
    assert at_start <= copied <= at_end
    # One snapshot: the boards' running totals match the answers the copy holds, to the answer.
    assert count(copy, "SELECT COALESCE(SUM(answered), 0) FROM board_totals WHERE deck_id = ''") == copied
    assert count(copy, "PRAGMA user_version") == count(db, "PRAGMA user_version") > 0
    assert count(db, "SELECT COUNT(*) FROM answers") == written
    assert not list(tmp_path.glob(".*partial"))
    # A copy is a whole database that the bot opens as it is, in one file (no -wal beside it).
    conn = sqlite3.connect(copy)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    conn.close()
    async with await open_store(copy) as restored:
        assert len(await restored.round_answers(round_id)) == copied


async def test_the_backup_time_is_recorded_for_about(tmp_path: Path) -> None:
    db = tmp_path / "live.db"
    async with await open_store(db) as store:
        facts = await database_facts(store, db)
        assert facts.last_backup is None
        assert facts.size > 0
        when = datetime(2026, 3, 4, 5, 6, 7, tzinfo=UTC)
        report = await asyncio.to_thread(back_up, db, tmp_path, now=when)
        assert report.path == tmp_path / "bvunzo-20260304-050607.db"
        assert await store.get_meta(LAST_BACKUP_KEY) == "2026-03-04T05:06:07+00:00"
        assert (await database_facts(store, db)).last_backup == when


def test_refusals_are_one_sentence(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match=r"^There is no database at .*missing\.db \(set BVUNZO_DB"):
        back_up(tmp_path / "missing.db", tmp_path / "copy.db")
    db = tmp_path / "live.db"
    asyncio.run(_create(db))
    with pytest.raises(StoreError, match=r"is the database itself; give another path for the copy\.$"):
        back_up(db, db)
    with pytest.raises(StoreError, match=r"^The folder .*nowhere does not exist"):
        back_up(db, tmp_path / "nowhere" / "copy.db")


async def _create(db: Path) -> None:
    async with await open_store(db):
        pass


def run_backup(target: Path, **env: str) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if not k.startswith("BVUNZO_")}
    return subprocess.run(
        [sys.executable, "-m", "bot", "backup", str(target)],
        cwd=ROOT,
        env={**base, **env},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_backup_command(tmp_path: Path) -> None:
    db = tmp_path / "live.db"
    asyncio.run(_create(db))
    done = run_backup(tmp_path / "b.db", BVUNZO_DB=str(db))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"Backed up to {tmp_path / 'b.db'} (")
    assert "0 round answers" in done.stdout
    assert count(tmp_path / "b.db", "PRAGMA user_version") == count(db, "PRAGMA user_version") > 0

    missing = run_backup(tmp_path / "c.db", BVUNZO_DB=str(tmp_path / "none.db"))
    assert missing.returncode == 1
    assert missing.stderr.startswith("bvunzo: There is no database at ")
    assert len(missing.stderr.strip().splitlines()) == 1

    postgres = run_backup(tmp_path / "d.db", BVUNZO_DB="postgresql://bvunzo@localhost/bvunzo")
    assert postgres.returncode == 2
    assert "back it up with pg_dump" in postgres.stderr
