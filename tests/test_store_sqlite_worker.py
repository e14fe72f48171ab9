"""aiosqlite's private worker-thread API, used by bot/store/sqlite/worker.py alone: an upgrade that moves
it fails here, with a sentence saying what to do, instead of slowing or hanging the bot quietly."""

from __future__ import annotations

import sqlite3
import threading
import tomllib
from importlib import metadata
from pathlib import Path

import aiosqlite
import pytest
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet

from bot.store import StoreError
from bot.store.sqlite.worker import TESTED_AIOSQLITE, check_private_api, run_on_worker

ROOT = Path(__file__).resolve().parents[1]
UPGRADE = (
    "aiosqlite {version} is outside what bot/store/sqlite/worker.py was tested with ({tested}): read that "
    "module's docstring, check its three private names against the new aiosqlite, then widen "
    "TESTED_AIOSQLITE and the pin in pyproject.toml together."
)


def _upgrade_note() -> str:
    return UPGRADE.format(version=metadata.version("aiosqlite"), tested=TESTED_AIOSQLITE)


def test_the_installed_aiosqlite_is_a_tested_one_and_the_pin_allows_no_other() -> None:
    assert metadata.version("aiosqlite") in SpecifierSet(TESTED_AIOSQLITE), _upgrade_note()
    dependencies = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    pin = next(Requirement(d) for d in dependencies if Requirement(d).name == "aiosqlite")
    for version in ("0.20.0", "0.21.0", "0.23.0", "1.0"):
        assert version not in pin.specifier, f"pyproject.toml's aiosqlite pin lets {version} in"
        assert version not in SpecifierSet(TESTED_AIOSQLITE)


async def test_a_whole_function_runs_on_the_worker_thread_on_the_sqlite3_connection(tmp_path: Path) -> None:
    db = await aiosqlite.connect(tmp_path / "worker.db", isolation_level=None)
    try:
        try:
            check_private_api(db)
        except StoreError as exc:
            pytest.fail(f"{exc}\n{_upgrade_note()}")

        def work(conn: sqlite3.Connection) -> tuple[int, bool, int]:
            conn.execute("CREATE TABLE t (n INTEGER)")
            conn.execute("INSERT INTO t VALUES (41)")
            total = conn.execute("SELECT n + 1 FROM t").fetchone()[0]
            return threading.get_ident(), isinstance(conn, sqlite3.Connection), total

        thread, on_a_connection, total = await run_on_worker(db, work)
    finally:
        await db.close()

    assert thread != threading.get_ident(), f"the function ran on the event loop's thread. {_upgrade_note()}"
    assert on_a_connection and total == 42, _upgrade_note()


async def test_an_aiosqlite_without_the_worker_thread_is_refused_with_a_sentence(tmp_path: Path) -> None:
    db = await aiosqlite.connect(tmp_path / "old-shape.db")
    worker = db._thread
    try:
        del db._thread  # the shape of aiosqlite 0.20 and 0.21, where the connection was the thread
        with pytest.raises(StoreError) as refused:
            check_private_api(db)
    finally:
        db._thread = worker
        await db.close()

    message = str(refused.value)
    assert message.startswith(f"aiosqlite {metadata.version('aiosqlite')} lacks _thread, which ")
    assert "bot/store/sqlite/worker.py relies on" in message
