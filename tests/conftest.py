"""Fixtures every test folder may use: a PostgreSQL server started once per session, when there is one."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.locales import SHIPPED, speaking
from tests.postgres_server import PostgresServer, ServerMissing, missing, start_server
from tests.sqlite_template import migrated_template

pytest_plugins = ("tests.scheduling",)  # the longest files first; the caches filled once per clone

# Keep the compiled modules (and pytest's assert-rewritten test modules) in __pycache__ even where the
# environment says PYTHONDONTWRITEBYTECODE: else every xdist worker, and every `python -m bot` a test
# starts, compiles the whole of bot/ and tests/ again. Subprocesses read what this process writes.
sys.dont_write_bytecode = False


def _in_memory_temp() -> None:
    """Every temp file of the run (SQLite files, PostgreSQL's data, Chromium's profiles) in RAM.

    The tests write a gigabyte or two, and SQLite and PostgreSQL wait on every sync of it: on /dev/shm
    (tmpfs) a sync costs nothing. Set before xdist starts its workers, so they and every process a test
    starts inherit it; one fixed folder, so the next run finds a killed run's leftovers (postgres_server.py)
    and pytest keeps its usual last three base folders. Skipped where there is no room (BVUNZO_TEST_TMP
    chooses another folder, "" keeps the system's).
    """
    wanted = os.environ.get("BVUNZO_TEST_TMP", "/dev/shm/bvunzo-tests")
    root = Path(wanted).parent
    if not wanted or not root.is_dir() or shutil.disk_usage(root).free < 4 * 2**30:
        return
    Path(wanted).mkdir(mode=0o755, exist_ok=True)  # the postgres user walks through it to its data
    os.environ["TMPDIR"] = wanted
    tempfile.tempdir = None  # gettempdir() reads TMPDIR again


_in_memory_temp()


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """The session's PostgreSQL; the test is skipped (failed under BVUNZO_REQUIRE_POSTGRES) without one."""
    try:
        server = start_server()
    except ServerMissing as exc:
        missing(exc)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def postgres_url(postgres_server: PostgresServer) -> str:
    """A fresh, empty database of its own for this test."""
    return postgres_server.new_database()


@pytest.fixture
def postgres_migrated_url(postgres_server: PostgresServer) -> str:
    """A fresh database of its own, already at today's schema (a copy of one the store migrated).

    For the tests about what a store does, not how it gets its tables: migrating takes seconds per
    database on PostgreSQL, and the migration tests (test_store_postgres.py) start from postgres_url.
    """
    return postgres_server.new_migrated_database()


@pytest.fixture(scope="session")
def _sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return migrated_template(tmp_path_factory.mktemp("sqlite-template"))


@pytest.fixture
def sqlite_migrated_path(tmp_path: Path, _sqlite_template: Path) -> Path:
    """tmp_path / "bvunzo.db", already at today's schema (a copy of a file the store migrated).

    The SQLite counterpart of postgres_migrated_url (tests/sqlite_template.py says why).
    """
    path = tmp_path / "bvunzo.db"
    shutil.copyfile(_sqlite_template, path)
    return path


@pytest.fixture(params=SHIPPED)
def every_language(request: pytest.FixtureRequest) -> Iterator[str]:
    """Run the test once in each shipped language (what it renders is measured in the longest)."""
    with speaking(request.param):
        yield request.param
