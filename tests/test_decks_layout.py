"""The decks cog only asks the decks service (bot/decks/server_decks.py): its modules and functions are short.
That it and the deck pages call no store is tests/test_no_store_calls.py's to keep."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COG_FILES = sorted((ROOT / "cogs" / "decks").glob("*.py"))
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


def test_the_measures_see_what_they_look_for() -> None:
    assert long_parts("def f():\n" + "    x = 1\n" * 39) == []
    assert long_parts("@d\ndef f():\n" + "    x = 1\n" * 39) == ["f: 41 lines"]


def test_the_decks_cog_modules_and_functions_are_short() -> None:
    found = {path.name: long_parts(path.read_text(encoding="utf-8")) for path in COG_FILES}
    assert {name: parts for name, parts in found.items() if parts} == {}
