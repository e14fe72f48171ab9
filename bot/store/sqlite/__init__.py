"""The SQLite backend of the store (the embedded default): one module per concern, one class to open."""

from bot.store.sqlite.schema import SCHEMA_VERSION
from bot.store.sqlite.store import SqliteStore

__all__ = ["SCHEMA_VERSION", "SqliteStore"]
