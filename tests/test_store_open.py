"""open_store: which backend a location names, and one sentence for a location it cannot use."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.store import Store, StoreError, open_store
from bot.store.sqlite import SqliteStore


async def test_a_path_opens_sqlite(tmp_path: Path) -> None:
    async with await open_store(tmp_path / "a" / "bvunzo.db") as store:
        assert isinstance(store, SqliteStore)
        assert isinstance(store, Store)
        assert store.path == tmp_path / "a" / "bvunzo.db"
    assert (tmp_path / "a" / "bvunzo.db").is_file()


async def test_a_sqlite_url_opens_that_file(tmp_path: Path) -> None:
    async with await open_store(f"sqlite:///{tmp_path}/url.db", busy_timeout_ms=100) as store:
        assert isinstance(store, SqliteStore)
        assert store.path == tmp_path / "url.db"


async def test_a_postgresql_url_opens_postgresql(postgres_url: str) -> None:
    from bot.store.postgres import PostgresStore

    async with await open_store(postgres_url) as store:
        assert isinstance(store, PostgresStore)
        assert isinstance(store, Store)
        assert store.url == postgres_url


async def test_an_unknown_kind_of_database_is_named_in_the_refusal() -> None:
    with pytest.raises(StoreError, match=r"does not know the database mysql://"):
        await open_store("mysql://localhost/bvunzo")
