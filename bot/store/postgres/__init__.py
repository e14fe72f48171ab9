"""Bvunzo's store on PostgreSQL, for hosts that run several bot processes (shards) on one database.

The driver is asyncpg: it speaks PostgreSQL's binary protocol straight from asyncio with a pool built
in and no libpq to install, and it is the fastest Python driver for the many small statements a quiz
makes (one INSERT per click).
"""

from bot.store.postgres.connection import is_postgres_url, safe_url
from bot.store.postgres.schema import SCHEMA_VERSION
from bot.store.postgres.store import PostgresStore

__all__ = ["SCHEMA_VERSION", "PostgresStore", "is_postgres_url", "safe_url"]
