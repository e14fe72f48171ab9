"""A PostgreSQL connection that the server broke mid-statement is an outage to wait out, never a bug."""

from __future__ import annotations

import asyncpg

from bot.store.errors import StoreUnavailable
from bot.store.postgres.connection import connection_error

URL = "postgresql://bvunzo:secret@127.0.0.1:5432/bvunzo"


def test_a_protocol_left_mid_operation_is_the_database_unavailable() -> None:
    # What asyncpg raised in CI when the test server was halted while the calendar read the due days.
    broken = asyncpg.InternalClientError("cannot switch to state 11; another operation (2) is in progress")
    error = connection_error(broken, URL, unsure=True)
    assert isinstance(error, StoreUnavailable)
    assert error.unsure is True
    assert "secret" not in str(error)  # the password never reaches a log
    assert str(error).startswith(
        "PostgreSQL at postgresql://bvunzo:***@127.0.0.1:5432/bvunzo broke a connection"
    )
