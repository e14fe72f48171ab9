"""The calendar's cogs only ask: none of them so much as holds the store (their sizes: tests/test_cog_sizes.py)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COGS = sorted((ROOT / "cogs" / "calendar").glob("*.py"))


def test_no_calendar_cog_calls_the_store() -> None:
    """The services in bot/calendar read and write; a cog holding `store` (bot.store, self.bot.store) does neither."""
    calls = []
    for path in COGS:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute) and node.attr == "store":
                calls.append(f"{path.name}:{node.lineno}")
    assert calls == []
