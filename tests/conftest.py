"""Fixtures every test folder may use: a PostgreSQL server started once per session, when there is one."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest

from bot.locales import SHIPPED, speaking
from tests.postgres_server import PostgresServer, ServerMissing, missing, start_server

# Keep the compiled modules (and pytest's assert-rewritten test modules) in __pycache__ even where the
# environment says PYTHONDONTWRITEBYTECODE: else every xdist worker, and every `python -m bot` a test
# starts, compiles the whole of bot/ and tests/ again. Subprocesses read what this process writes.
sys.dont_write_bytecode = False


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


@pytest.fixture(params=SHIPPED)
def every_language(request: pytest.FixtureRequest) -> Iterator[str]:
    """Run the test once in each shipped language (what it renders is measured in the longest)."""
    with speaking(request.param):
        yield request.param
