"""The backends the contract suite runs on, from one list; every test takes `store` (or `backend`).

A backend is a way to reach one fresh, empty database: `backend.open()` gives a store on it, and may be
called again for a second store on the same database (two processes sharing it). To add a backend,
add one entry to BACKENDS: a generator that, given the test's fixture request (its temporary folder,
the PostgreSQL server...), yields how to open a store on a fresh database and cleans up after its yield;
where its server cannot run, its fixture skips the test with the reason.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from bot.store import Store, open_store


@dataclass
class Backend:
    name: str
    connect: Callable[[], Awaitable[Store]]
    opened: list[Store] = field(default_factory=list)

    async def open(self) -> Store:
        """A store on this test's database; called again, a second one on the same database."""
        store = await self.connect()
        self.opened.append(store)
        return store


Opener = Callable[[], Awaitable[Store]]


def sqlite(request: pytest.FixtureRequest) -> Iterator[Opener]:
    # Already migrated (tests/conftest.py), as the PostgreSQL backend's database is.
    path: Path = request.getfixturevalue("sqlite_migrated_path")
    yield lambda: open_store(path)


def postgres(request: pytest.FixtureRequest) -> Iterator[Opener]:
    # A fresh database on the session's throw-away server (tests/conftest.py), already migrated (the
    # migrations have their own tests); skipped without one.
    url: str = request.getfixturevalue("postgres_migrated_url")
    yield lambda: open_store(url)


BACKENDS = [pytest.param(sqlite, id="sqlite"), pytest.param(postgres, id="postgres")]


@pytest.fixture(params=BACKENDS)
async def backend(request: pytest.FixtureRequest) -> AsyncIterator[Backend]:
    fresh: Callable[[pytest.FixtureRequest], Iterator[Opener]] = request.param
    starting = fresh(request)
    made = Backend(fresh.__name__, next(starting))
    try:
        yield made
    finally:
        for store in made.opened:
            await store.close()
        for _ in starting:  # run the backend's clean-up
            pass


@pytest.fixture
async def store(backend: Backend) -> Store:
    return await backend.open()
