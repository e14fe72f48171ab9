"""Cogs and dashboard pages only ask: they call services, never the store (issue 27, "Cogs and pages only
ask"). A call whose receiver is a store (`self.bot.store.x(...)`, `context.store.x(...)`, `store.x(...)`)
is a rule in the wrong place; handing the store to a service is fine."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ASKERS = [ROOT / "cogs", ROOT / "bot" / "web" / "pages"]


def store_calls(source: str) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        receiver = node.func.value
        named_store = isinstance(receiver, ast.Name) and receiver.id == "store"
        if named_store or (isinstance(receiver, ast.Attribute) and receiver.attr == "store"):
            found.append(f"{node.lineno}: {node.func.attr}")
    return found


def test_the_measure_finds_store_calls_and_only_them() -> None:
    source = (
        "async def f(self, context, store):\n"
        "    await self.bot.store.guild_settings(1)\n"
        "    await context_of(r).store.audit_log(2)\n"
        "    await store.open_flags(3)\n"
        "    QuestionReports(self.bot.store, clock).queue(4)\n"
        "    self.storage.read()\n"
    )
    assert store_calls(source) == ["2: guild_settings", "3: audit_log", "4: open_flags"]


def calls_by_module() -> dict[str, list[str]]:
    found = {}
    for folder in ASKERS:
        for path in sorted(folder.rglob("*.py")):
            if calls := store_calls(path.read_text(encoding="utf-8")):
                found[str(path.relative_to(ROOT))] = calls
    return found


def test_no_cog_or_page_calls_the_store() -> None:
    assert calls_by_module() == {}
