"""Fixtures every test folder may use: a PostgreSQL server started once per session, when there is one."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.locales import SHIPPED, speaking
from tests.postgres_server import PostgresServer, ServerMissing, missing, start_server


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


@pytest.fixture(params=SHIPPED)
def every_language(request: pytest.FixtureRequest) -> Iterator[str]:
    """Run the test once in each shipped language (what it renders is measured in the longest)."""
    with speaking(request.param):
        yield request.param
