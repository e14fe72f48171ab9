"""A SQLite file already at today's schema, for the tests about what a store does, not how it migrates.

Migrating a fresh file runs every migration in bot/store/migrations/sqlite (about 20 ms of CPU each
time, and the suite opens hundreds); copying a file the store migrated once per process costs a tenth
of that. The migration tests (test_store_sqlite_schema.py, the *_migration.py files) open fresh files.
"""

from __future__ import annotations

from pathlib import Path

from tests.postgres_server import open_and_close


def migrated_template(folder: Path) -> Path:
    """A database in `folder` the store migrated and closed (its write-ahead log folded in, removed)."""
    template = folder / "migrated.db"
    open_and_close(str(template))
    return template
