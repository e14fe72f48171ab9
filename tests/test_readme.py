"""The guide's Guarantees (docs/guarantees.md) name the tests that hold them: each named test must exist, so the
list cannot rot."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NAMED_TEST = re.compile(r"`(tests/[\w/]+\.py)::(test_\w+)`")


def page_body(text: str, title: str) -> str:
    """The body of a docs page whose heading is `# title` (everything after that heading)."""
    found = re.search(rf"\A# {re.escape(title)}\n(.*)\Z", text, re.DOTALL)
    assert found is not None, f"the page does not start with '# {title}'"
    return found.group(1)


def collected_tests(path: Path) -> set[str]:
    """The names of the test functions pytest would collect from a file (module level or in a class)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return {
        node.name
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test_")
    }


GUARANTEES = page_body((ROOT / "docs" / "guarantees.md").read_text(encoding="utf-8"), "Guarantees")
PROMISES = [line for line in GUARANTEES.splitlines() if line.startswith("- ")]


def test_every_guarantee_names_a_test() -> None:
    assert len(PROMISES) >= 15  # the list written in docs/guarantees.md; fewer means it was cut or misparsed
    unbacked = [line for line in PROMISES if not NAMED_TEST.search(line)]
    assert unbacked == [], "each line of Guarantees names the tests that hold it"


@pytest.mark.parametrize(
    ("path", "name"), sorted({m.groups() for m in NAMED_TEST.finditer(GUARANTEES)}), ids="::".join
)
def test_each_named_test_exists(path: str, name: str) -> None:
    file = ROOT / path
    assert file.is_file(), f"docs/guarantees.md names {path}, which does not exist"
    assert name in collected_tests(file), (
        f"docs/guarantees.md names {path}::{name}, which is not a test there"
    )
