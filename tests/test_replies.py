"""Every answer to an interaction goes through bot/replies: nothing else can answer one twice, or late.

bot/ui/replies.py defers an interaction once its work outlasts ~2 s, under one lock with the replies; a
response sent around it (interaction.response.*, interaction.followup.send) would race the deferral.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESPONSES = {"send_message", "edit_message", "defer", "send_modal"}


def around_replies(path: Path) -> list[str]:
    """`file:line` of each response sent straight to discord.py in the file."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if not isinstance(node, ast.Attribute) or not isinstance(node.value, ast.Attribute):
            continue
        if (node.value.attr, node.attr) in {("followup", "send")} or (
            node.value.attr == "response" and node.attr in RESPONSES
        ):
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_no_response_is_sent_around_bot_replies() -> None:
    sources = sorted((ROOT / "bot").rglob("*.py")) + sorted((ROOT / "cogs").rglob("*.py"))
    assert len(sources) > 40  # the walk found the code
    found = [
        where
        for path in sources
        if path != ROOT / "bot" / "ui" / "replies.py"
        for where in around_replies(path)
    ]
    assert found == []
