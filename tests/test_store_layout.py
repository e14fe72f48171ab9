"""The store's backends pair up module for module and borrow no private name from each other or from bot.store.sql."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

STORE = Path(__file__).resolve().parents[1] / "bot" / "store"
BACKENDS = ("sqlite", "postgres")
# Modules one engine has because the other needs no such thing.
ENGINE_ONLY = {
    "sqlite": {"worker"},  # aiosqlite's worker thread, joined on close
    "postgres": set(),
}


def _imports(path: Path) -> list[tuple[str, str]]:
    """(module, name) for every `from module import name` in the file, relative imports resolved."""
    found = []
    package = "bot.store." + path.parent.name
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                parts = package.split(".")
                module = ".".join([*parts[: len(parts) - node.level + 1], module])
            found.extend((module.strip("."), alias.name) for alias in node.names)
        elif isinstance(node, ast.Import):
            found.extend((alias.name, "") for alias in node.names)
    return found


def borrowed(path: Path) -> list[str]:
    """What the backend module at `path` takes that it should not: anything from the other backend, and
    any private (_underscore) name from another module of the store."""
    own = path.parent.name
    other = next(b for b in BACKENDS if b != own)
    problems = []
    for module, name in _imports(path):
        if module == f"bot.store.{other}" or module.startswith(f"bot.store.{other}."):
            problems.append(f"{path.name} imports {module}.{name or '*'} from the {other} backend")
        elif module.startswith("bot.store") and name.startswith("_") and not name.startswith("__"):
            problems.append(f"{path.name} imports the private name {name} from {module}")
    return problems


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_backend_borrows_nothing_from_the_other_and_no_private_name(backend: str) -> None:
    problems = [p for path in sorted((STORE / backend).glob("*.py")) for p in borrowed(path)]
    assert problems == []


def test_the_check_finds_a_borrowed_private_name(tmp_path: Path) -> None:
    # The check itself, on a module written to break both rules.
    folder = tmp_path / "postgres"
    folder.mkdir()
    module = folder / "boards.py"
    module.write_text(
        "from bot.store.sqlite import boards as _boards\n"
        "from bot.store.sqlite.practice import _memory\n"
        "from bot.store.sql.boards import _ORDER, ranked\n"
        "from bot.store.sql.times import to_ms\n",
        encoding="utf-8",
    )
    assert borrowed(module) == [
        "boards.py imports bot.store.sqlite.boards from the sqlite backend",
        "boards.py imports bot.store.sqlite.practice._memory from the sqlite backend",
        "boards.py imports the private name _ORDER from bot.store.sql.boards",
    ]


def test_the_backends_pair_up_module_for_module() -> None:
    names = {b: {p.stem for p in (STORE / b).glob("*.py")} - ENGINE_ONLY[b] for b in BACKENDS}
    assert names["sqlite"] == names["postgres"]
    shared = {p.stem for p in (STORE / "sql").glob("*.py")}
    common = {p.stem for p in (STORE / "common").glob("*.py")}
    # Every concern with SQL both engines run has its shared module under the same name, and its methods
    # either in bot/store/common (written once) or in each backend.
    for concern in (
        "answers",
        "boards",
        "decks",
        "flags",
        "polls",
        "practice",
        "reports",
        "rounds",
        "settings",
    ):
        assert concern in shared and (concern in common or concern in names["sqlite"])


def test_each_part_of_a_store_is_named_for_its_engine() -> None:
    # bot.config.Settings is the bot's settings: no part of a store shadows that name, or any other. A
    # part written once for both engines (bot/store/common) is named Shared.
    from bot.store.postgres import PostgresStore
    from bot.store.sqlite import SqliteStore

    for store, prefix in ((SqliteStore, "Sqlite"), (PostgresStore, "Postgres")):
        parts = [c.__name__ for c in store.__mro__[1:] if c.__module__.startswith("bot.store")]
        assert len(parts) >= 10
        assert [p for p in parts if not p.startswith((prefix, "Shared"))] == []
