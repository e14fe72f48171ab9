"""The numbered migration files each engine ships (bot/store/migrations/<engine>/), found and checked once."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

# The migrations ship inside the package beside this code, read as files: importlib.resources would load
# importlib.metadata and zipfile into every bot's memory for them.
_MIGRATIONS = Path(__file__).resolve().parents[1] / "migrations"


@dataclass(frozen=True, slots=True)
class MigrationFile:
    number: int
    name: str
    script: str


# A migration's file name: its four-digit number, then what it does (`0008_calendar.sql`).
_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


def migration_files(engine: str, newest: int) -> tuple[MigrationFile, ...]:
    """Every migration of `engine` ("sqlite", "postgres") in order, numbered 1 to `newest`: a gap or a
    stray number is a packaging bug."""
    found = [
        MigrationFile(int(match.group(1)), entry.name, entry.read_text("utf-8"))
        for entry in (_MIGRATIONS / engine).iterdir()
        if (match := _NAME.match(entry.name)) is not None
    ]
    found.sort(key=lambda m: m.number)
    numbers = [m.number for m in found]
    if numbers != list(range(1, newest + 1)):
        raise RuntimeError(f"the {engine} migrations are numbered {numbers}, expected 1..{newest}")
    return tuple(found)
