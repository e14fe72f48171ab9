"""PostgreSQL's schema over time: numbered SQL files in migrations/postgres, one transaction each."""

from __future__ import annotations

from functools import cache

import asyncpg

from bot.store.errors import StoreError
from bot.store.sql.migration_files import MigrationFile, migration_files

# The newest schema this code understands: the number of the last file in migrations/postgres.
SCHEMA_VERSION = 20

# Two processes opening one database at once take turns on this lock, so each migration runs once.
_MIGRATION_LOCK = 0x62_76_75_6E_7A_6F  # "bvunzo"


@cache
def migrations() -> tuple[MigrationFile, ...]:
    """Every PostgreSQL migration shipped, in order (each file one script)."""
    return migration_files("postgres", SCHEMA_VERSION)


async def schema_version(conn: asyncpg.Connection) -> int:
    """The version the database is at; 0 for a database Bvunzo never opened."""
    exists = await conn.fetchval("SELECT to_regclass('bvunzo_schema') IS NOT NULL")
    if not exists:
        return 0
    version = await conn.fetchval("SELECT max(version) FROM bvunzo_schema")
    return int(version or 0)


def refuse_newer(version: int) -> None:
    if version > SCHEMA_VERSION:
        raise StoreError(
            f"The PostgreSQL database's schema version {version} is newer than this Bvunzo understands "
            f"({SCHEMA_VERSION}); upgrade Bvunzo. The database was left untouched."
        )


async def migrate(conn: asyncpg.Connection, upto: int = SCHEMA_VERSION) -> int:
    """Bring the schema up to `upto`, each migration in its own transaction; returns the version reached.

    PostgreSQL's DDL is transactional: a failed migration leaves the schema and its number as they were.
    """
    refuse_newer(await schema_version(conn))
    for migration in migrations():
        if migration.number > upto:
            break
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
            await conn.execute("CREATE TABLE IF NOT EXISTS bvunzo_schema (version INTEGER PRIMARY KEY)")
            version = await schema_version(conn)
            refuse_newer(version)
            if version < migration.number:
                await conn.execute(migration.script)  # no arguments: the simple protocol runs a script
                await conn.execute("INSERT INTO bvunzo_schema (version) VALUES ($1)", migration.number)
    return await schema_version(conn)
