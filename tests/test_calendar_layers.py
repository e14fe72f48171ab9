"""The calendar's cogs only ask: each module short, each function short, and no store call among them."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COGS = sorted((ROOT / "cogs" / "calendar").glob("*.py"))
MOST_LINES = 250
MOST_FUNCTION_LINES = 40


def test_each_calendar_cog_module_is_short_and_its_functions_shorter() -> None:
    assert len(COGS) >= 10
    long_modules = {p.name: n for p in COGS if (n := len(p.read_text().splitlines())) > MOST_LINES}
    assert long_modules == {}
    long_functions = []
    for path in COGS:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
                assert node.end_lineno is not None
                if node.end_lineno - first + 1 > MOST_FUNCTION_LINES:
                    long_functions.append(f"{path.name}:{node.name}")
    assert long_functions == []


def test_no_calendar_cog_calls_the_store() -> None:
    """The services in bot/calendar read and write; a cog holding `store` (bot.store, self.bot.store) does neither."""
    calls = []
    for path in COGS:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute) and node.attr == "store":
                calls.append(f"{path.name}:{node.lineno}")
    assert calls == []
