"""The decks' Discord and web entrances only ask the decks service: short cog modules and functions, and no
store call from cogs/decks or the deck pages (bot/decks/server_decks.py holds the rules and the saves)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COG_FILES = sorted((ROOT / "cogs" / "decks").glob("*.py"))
PAGES = [
    ROOT / "bot" / "web" / "pages" / name
    for name in ("_decks.py", "deck_list.py", "deck_questions.py", "suggestions.py")
]
MODULE_LINES, FUNCTION_LINES = 250, 40


def long_parts(source: str) -> list[str]:
    found = []
    if source.count("\n") > MODULE_LINES:
        found.append(f"the module: {source.count(chr(10))} lines")
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.end_lineno is not None:
            start = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            if node.end_lineno - start + 1 > FUNCTION_LINES:
                found.append(f"{node.name}: {node.end_lineno - start + 1} lines")
    return found


def store_uses(source: str) -> list[int]:
    """The lines that reach a store (`self.bot.store`, `context.store`, any `.store` attribute)."""
    return [
        n.lineno for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Attribute) and n.attr == "store"
    ]


def test_the_measures_see_what_they_look_for() -> None:
    assert long_parts("def f():\n" + "    x = 1\n" * 39) == []
    assert long_parts("@d\ndef f():\n" + "    x = 1\n" * 39) == ["f: 41 lines"]
    assert store_uses("async def f(self):\n    await self.bot.store.suggestion(1)\n") == [2]
    assert store_uses("def f(decks):\n    return decks.pending(1)\n") == []


def test_the_decks_cog_modules_and_functions_are_short() -> None:
    found = {path.name: long_parts(path.read_text(encoding="utf-8")) for path in COG_FILES}
    assert {name: parts for name, parts in found.items() if parts} == {}


def test_neither_the_cog_nor_the_deck_pages_call_the_store() -> None:
    found = {path.name: store_uses(path.read_text(encoding="utf-8")) for path in [*COG_FILES, *PAGES]}
    assert {name: lines for name, lines in found.items() if lines} == {}
