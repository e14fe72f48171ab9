"""The SQLite database's shape over time: numbered migration files, applied in order, one transaction each."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from functools import cache

from bot.store.errors import StoreError
from bot.store.sql.migration_files import migration_files

# The newest schema this code understands: the number of the last file in bot/store/migrations/sqlite/.
SCHEMA_VERSION = 20


@dataclass(frozen=True, slots=True)
class Migration:
    number: int
    name: str
    statements: tuple[str, ...]


@cache
def migrations() -> tuple[Migration, ...]:
    """Every migration shipped with this code, in order; a gap or a stray number is a packaging bug."""
    return tuple(
        Migration(file.number, file.name, split_statements(file.script))
        for file in migration_files("sqlite", SCHEMA_VERSION)
    )


def split_statements(script: str) -> tuple[str, ...]:
    """The statements of an SQL script, cut where SQLite's own tokenizer says one is complete."""
    statements: list[str] = []
    pending = ""
    for line in script.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            statements.append(pending.strip())
            pending = ""
    leftover = "\n".join(
        text for text in pending.splitlines() if text.strip() and not text.strip().startswith("--")
    )
    if leftover:
        raise RuntimeError(f"unfinished SQL statement in a migration: {leftover[:80]!r}")
    return tuple(statements)


def schema_version(conn: sqlite3.Connection) -> int:
    version: int = conn.execute("PRAGMA user_version").fetchone()[0]
    return version


def refuse_newer(version: int) -> None:
    if version > SCHEMA_VERSION:
        raise StoreError(
            f"The database schema version {version} is newer than this Bvunzo understands "
            f"({SCHEMA_VERSION}); "
            "upgrade Bvunzo. The database was left untouched."
        )


def migrate(conn: sqlite3.Connection, upto: int = SCHEMA_VERSION) -> int:
    """Bring the schema up to `upto`, each migration in its own transaction; returns the version reached.

    The version is read again under the write lock, so two processes opening one file at once apply
    each migration exactly once. The connection must be in autocommit mode (isolation_level=None).
    """
    for migration in migrations():
        if migration.number > upto:
            break
        conn.execute("BEGIN IMMEDIATE")
        try:
            version = schema_version(conn)
            refuse_newer(version)
            if version < migration.number:
                for statement in migration.statements:
                    conn.execute(statement)
                # user_version lives in the file header and changes with the transaction, so a crash
                # leaves either the old schema and number or the new schema and number.
                conn.execute(f"PRAGMA user_version = {migration.number:d}")
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
    return schema_version(conn)
