"""Cogs and pages stay thin: no module in cogs/ or bot/web/pages over 250 lines, no function over 40
(decorators included): they parse what was asked, call a service and draw its answer."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COGS, PAGES = ROOT / "cogs", ROOT / "bot" / "web" / "pages"
MODULE_LINES, FUNCTION_LINES = 250, 40


def too_long(source: str) -> list[str]:
    found = []
    if source.count("\n") > MODULE_LINES:
        found.append(f"the module: {source.count(chr(10))} lines")
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.end_lineno is not None:
            start = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            if node.end_lineno - start + 1 > FUNCTION_LINES:
                found.append(f"{node.name}: {node.end_lineno - start + 1} lines")
    return found


def test_the_measure_counts_lines_and_decorators() -> None:
    body = "    x = 1\n" * 38
    assert too_long(f"def f():\n{body}") == []  # 39 lines
    assert too_long(f"@d\n@e\ndef f():\n{body}") == ["f: 41 lines"]
    assert too_long("x = 1\n" * 251) == ["the module: 251 lines"]


def test_no_cog_or_page_module_or_function_is_too_long() -> None:
    paths = sorted([*COGS.rglob("*.py"), *PAGES.rglob("*.py")])
    assert len(paths) > 30
    found = {str(path.relative_to(ROOT)): too_long(path.read_text(encoding="utf-8")) for path in paths}
    assert {name: problems for name, problems in found.items() if problems} == {}
