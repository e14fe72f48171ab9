"""SQLite only: migrations from every earlier version, and clear errors for files it cannot or must not use.

Read-only files: the tests run as root here, and root writes through chmod. So the read-only cases run
in a child process that has dropped CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH from its capability
bounding set (prctl PR_CAPBSET_DROP) before exec: for that process, a 0444 file really is read-only, as
for any other user. The child checks this itself and the test is skipped where it cannot be arranged.
The "cannot create" case needs no privileges: the database's folder would sit under a regular file.
"""

from __future__ import annotations

import asyncio
import ctypes
import os
import sqlite3
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from bot.store import StoreError
from bot.store.sqlite import SCHEMA_VERSION, SqliteStore
from bot.store.sqlite.connection import _setup
from bot.store.sqlite.schema import migrate, migrations, split_statements
from tests.store_contract.builders import T0, answer, start

REPO = Path(__file__).resolve().parents[1]


def raw(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path, isolation_level=None)


# -- migrations --------------------------------------------------------------------------------------


def test_a_new_database_is_migrated_on_a_connection_of_its_own(tmp_path: Path) -> None:
    # The store's connection keeps its statements prepared: the schema's, run once, would stay there.
    conn = raw(tmp_path / "new.db")
    ran: list[str] = []
    conn.set_trace_callback(ran.append)
    try:
        assert _setup(conn, tmp_path / "new.db", None, 1000) == SCHEMA_VERSION
        assert not [s for s in ran if s.lstrip().upper().startswith(("CREATE", "ALTER", "DROP"))]
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert {"meta", "rounds", "answers"} <= tables
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    finally:
        conn.close()


def test_migrations_are_numbered_one_to_schema_version_and_parse() -> None:
    shipped = migrations()
    assert [m.number for m in shipped] == list(range(1, SCHEMA_VERSION + 1))
    assert SCHEMA_VERSION >= 2
    assert all(m.statements for m in shipped)
    assert all(sqlite3.complete_statement(s) for m in shipped for s in m.statements)


def test_split_statements_keeps_trigger_bodies_whole() -> None:
    script = """
        -- a comment; with a semicolon
        CREATE TABLE t (x INTEGER);
        CREATE TRIGGER t_twice AFTER INSERT ON t BEGIN
            INSERT INTO t (x) SELECT new.x WHERE 0;
            SELECT 1;
        END;
        -- trailing words
    """
    statements = split_statements(script)
    assert len(statements) == 2
    assert statements[1].startswith("CREATE TRIGGER") and statements[1].endswith("END;")
    with pytest.raises(RuntimeError, match="unfinished"):
        split_statements("CREATE TABLE t (x INTEGER)")


async def test_a_new_file_gets_the_whole_schema(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "bvunzo.db"
    async with await SqliteStore.open(path) as store:
        assert store.schema_version == SCHEMA_VERSION
    conn = raw(path)
    assert conn.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
    assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {
        "answers",
        "rounds",
        "board_days",
        "board_totals",
        "memories",
        "guild_decks",
        "practices",
    } <= tables
    conn.close()


async def test_an_empty_existing_file_is_a_new_database(tmp_path: Path) -> None:
    path = tmp_path / "empty.db"
    path.write_bytes(b"")
    async with await SqliteStore.open(path) as store:
        assert store.schema_version == SCHEMA_VERSION


@pytest.mark.parametrize("version", range(SCHEMA_VERSION))
async def test_migrating_from_each_earlier_version_keeps_the_data(tmp_path: Path, version: int) -> None:
    path = tmp_path / f"v{version}.db"
    conn = raw(path)
    assert migrate(conn, upto=version) == version
    if version >= 1:
        # Play written as version 1 knew it: a finished round and three answers.
        conn.execute(
            "INSERT INTO rounds (id, guild_id, channel_id, deck_id, started_by, question_ids, seconds, mode, seed, "
            "status, started_at, ended_at) VALUES (1, 1, 10, 'deck', 9, '[\"q0\", \"q1\"]', 20, 'standard', 5, "
            "'finished', ?, ?)",
            (1_715_774_400_000, 1_715_774_500_000),
        )
        conn.executemany(
            "INSERT INTO answers (guild_id, round_id, question_index, question_id, deck_id, user_id, choice, text, "
            "correct, ms, points, answered_at) VALUES (1, 1, ?, ?, 'deck', ?, 0, NULL, ?, 900, ?, ?)",
            [
                (0, "q0", 7, 1, 100, 1_715_774_401_000),
                (1, "q1", 7, 0, 0, 1_715_774_431_000),
                (0, "q0", 8, 1, 100, 1_715_774_402_000),
            ],
        )
        conn.execute("INSERT INTO member_settings (user_id, language) VALUES (7, 'sn')")
    conn.close()

    async with await SqliteStore.open(path) as store:
        assert store.schema_version == SCHEMA_VERSION
        board = await store.leaderboard(1, "week", T0)
        if version >= 1:
            assert [(line.user_id, line.points, line.answered) for line in board.lines] == [
                (8, 100, 1),
                (7, 100, 2),
            ]
            assert (await store.member_stats(1, 7, T0)).points == 100
            assert (await store.member_language(7), await store.member_retention(7)) == ("sn", None)
        else:
            assert board.total == 0
        # And the boards go on counting new answers.
        rnd = await start(store)
        await store.record_answer(answer(rnd, 0, user=8))
        assert (await store.member_rank(1, 8, "all", T0)).points == (200 if version else 100)  # type: ignore[union-attr]


async def test_two_processes_opening_a_new_file_at_once_migrate_it_once(tmp_path: Path) -> None:
    path = tmp_path / "together.db"
    stores = await asyncio.gather(*(SqliteStore.open(path) for _ in range(3)))
    try:
        assert {s.schema_version for s in stores} == {SCHEMA_VERSION}
    finally:
        for s in stores:
            await s.close()


async def test_a_newer_database_is_refused_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "future.db"
    async with await SqliteStore.open(path):
        pass
    conn = raw(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 5}")
    conn.close()
    before = path.read_bytes()

    with pytest.raises(StoreError) as refused:
        await SqliteStore.open(path)

    message = str(refused.value)
    assert f"schema version {SCHEMA_VERSION + 5}" in message
    assert f"({SCHEMA_VERSION})" in message
    assert "upgrade Bvunzo" in message
    assert path.read_bytes() == before


# -- files the store cannot use --------------------------------------------------------------------------


async def test_a_folder_that_cannot_be_created_is_a_store_error(tmp_path: Path) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("a regular file where the folder should be")
    with pytest.raises(StoreError, match="cannot create the folder"):
        await SqliteStore.open(blocker / "bvunzo.db")


async def test_a_folder_given_as_the_database_is_a_store_error(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="is a folder"):
        await SqliteStore.open(tmp_path)


async def test_a_file_that_is_not_a_database_is_a_store_error(tmp_path: Path) -> None:
    path = tmp_path / "notes.db"
    path.write_text("these are my notes, not a database\n" * 200)
    with pytest.raises(StoreError, match="not a Bvunzo database"):
        await SqliteStore.open(path)


async def test_a_full_disk_is_a_store_error_and_loses_nothing_already_stored(tmp_path: Path) -> None:
    path = tmp_path / "small.db"
    async with await SqliteStore.open(path):
        pass
    # The size cap makes SQLite answer exactly as on a full disk (SQLITE_FULL).
    async with await SqliteStore.open(path, max_bytes=path.stat().st_size + 8 * 4096) as store:
        rnd = await start(store, questions=tuple(f"q{n}" for n in range(200)))
        stored = 0
        with pytest.raises(StoreError, match="full"):
            for index in range(200):
                await store.record_answer(answer(rnd, index, user=1, text="x" * 3_000, right=False))
                stored += 1
        assert 0 < stored < 200
        assert len(await store.round_answers(rnd.id)) == stored
        line = await store.member_rank(1, 1, "all", T0)
        assert line is not None and line.answered == stored  # the failed answer left no half in the boards


def _without_root_file_powers() -> None:
    """In the child, before exec: give up root's right to ignore file permissions."""
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (1, 2):  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH
        if libc.prctl(24, capability, 0, 0, 0) != 0:  # PR_CAPBSET_DROP
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP) refused")


_OPEN_READ_ONLY = """
import asyncio, sys
from pathlib import Path
from bot.store import StoreError
from bot.store.sqlite import SqliteStore
path = Path(sys.argv[1])
try:
    open(path, "ab").close()
except PermissionError:
    pass
else:
    sys.exit(5)  # this process can still write the file: no honest read-only case here

async def main() -> None:
    try:
        store = await SqliteStore.open(path)
    except StoreError as exc:
        print(exc)
        sys.exit(3)
    await store.close()

asyncio.run(main())
"""


def _open_as_unprivileged(path: Path) -> subprocess.CompletedProcess[str]:
    preexec = _without_root_file_powers if os.geteuid() == 0 else None
    try:
        return subprocess.run(
            [sys.executable, "-c", _OPEN_READ_ONLY, str(path)],
            preexec_fn=preexec,
            capture_output=True,
            text=True,
            timeout=60,
            cwd=REPO,
            env={**os.environ, "PYTHONPATH": str(REPO)},
            check=False,
        )
    except subprocess.SubprocessError as exc:
        pytest.skip(f"cannot start a process without root's file powers here: {exc}")


@pytest.mark.parametrize("folder_read_only", [False, True], ids=["file", "file-and-folder"])
async def test_a_read_only_database_is_a_store_error(tmp_path: Path, folder_read_only: bool) -> None:
    folder = tmp_path / "ro"
    path = folder / "bvunzo.db"
    async with await SqliteStore.open(path):
        pass
    path.chmod(stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)
    if folder_read_only:
        folder.chmod(stat.S_IRUSR | stat.S_IXUSR | stat.S_IRGRP | stat.S_IXGRP | stat.S_IROTH | stat.S_IXOTH)
    try:
        result = await asyncio.to_thread(_open_as_unprivileged, path)
    finally:
        folder.chmod(stat.S_IRWXU)
        path.chmod(stat.S_IRUSR | stat.S_IWUSR)
    if result.returncode == 5:
        pytest.skip("this process can write a 0444 file, so no read-only case can be made")
    assert result.returncode == 3, result.stderr
    assert str(path) in result.stdout
    assert "read-only" in result.stdout


async def test_close_stops_the_worker_thread(tmp_path: Path) -> None:
    before = set(threading.enumerate())
    store = await SqliteStore.open(tmp_path / "bvunzo.db")
    assert len(set(threading.enumerate()) - before) == 1
    await store.close()
    await store.close()  # twice is harmless
    assert set(threading.enumerate()) - before == set()
    with pytest.raises(StoreError, match="closed"):
        await store.get_meta("anything")


async def test_a_failed_open_leaves_no_thread_behind(tmp_path: Path) -> None:
    path = tmp_path / "future.db"
    conn = raw(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    before = set(threading.enumerate())
    with pytest.raises(StoreError):
        await SqliteStore.open(path)
    assert set(threading.enumerate()) - before == set()
