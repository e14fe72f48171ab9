"""No function in bot/ or cogs/ is over 40 lines, from its `def` line to its last line, docstring
included (issue 27): a step that grows becomes a function whose name says what it does."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MOST_LINES = 40


def long_functions(source: str) -> list[tuple[str, int]]:
    """Every function over MOST_LINES lines in `source` and its length, named Class.method or outer.inner."""
    return list(_walk(ast.parse(source), ""))


def _walk(node: ast.AST, prefix: str) -> Iterator[tuple[str, int]]:
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
            lines = (child.end_lineno or child.lineno) - child.lineno + 1
            if lines > MOST_LINES:
                yield f"{prefix}{child.name}", lines
            yield from _walk(child, f"{prefix}{child.name}.")
        elif isinstance(child, ast.ClassDef):
            yield from _walk(child, f"{prefix}{child.name}.")
        else:
            yield from _walk(child, prefix)


def _indented(text: str) -> str:
    return "".join(f"    {line}" for line in text.splitlines(keepends=True))


def test_the_measure_counts_from_def_to_last_line_docstring_included() -> None:
    body = '    """Doc."""\n' + "    x = 1\n" * 38
    assert long_functions(f"@decorator\ndef f():\n{body}") == []  # 40 lines: the decorator is not counted
    assert long_functions(f"async def f():\n{body}    y = 2\n") == [("f", 41)]
    method = f"class C:\n    def m(self):\n{_indented(body)}        y = 2\n"
    assert long_functions(method) == [("C.m", 41)]
    nested = f"def outer():\n    def inner():\n{_indented(body)}        y = 2\n"
    assert long_functions(nested) == [("outer", 42), ("outer.inner", 41)]


def test_no_function_in_bot_or_cogs_is_over_40_lines() -> None:
    paths = sorted([*(ROOT / "bot").rglob("*.py"), *(ROOT / "cogs").rglob("*.py")])
    assert len(paths) > 100
    found = {
        f"{path.relative_to(ROOT).as_posix()}:{name}": lines
        for path in paths
        for name, lines in long_functions(path.read_text(encoding="utf-8"))
    }
    assert found == {}
