"""No sentence reaches a member without the catalog: a lint over the code that writes what people read.

Every string literal of more than a word (or one capitalised word, a button's "Next") in a module that
writes for people must be an argument of the catalog's `_`, `n_`, `p_` or `N_`. What is not for people
is left alone: docstrings, log lines, bugs' exceptions, SQL, custom ids and keys (no space, lower case),
the slash commands' own names and descriptions (the catalog reads those off the command tree), and a
line that says why with `# i18n: not shown`.

Three shapes the sentence pattern alone misses are looked for too: a lone answer word (`"yes"`, `"no"`),
an f-string whose words stand next to a placeholder (`f"round {n}"`: an identifier has no space), and the
header row handed to the CSV writer, which a teacher reads (a constant of column names is followed to
its definition in the module).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Modules whose words are for the bot's host (a terminal, a log, /metrics), not for a study group; they
# stay English, as the host's own tools do.
HOST_ONLY = {
    "bot/__main__.py",
    "bot/host/config.py",
    "bot/host/logs.py",
    "bot/host/telemetry.py",
    "bot/host/metrics.py",
    "bot/discord/health.py",
    "bot/host/event_loop.py",
    "bot/host/shards.py",
    "bot/host/malloc.py",
    "bot/discord/internals.py",
    "bot/discord/calls.py",
    "bot/cli/catalog_tools.py",
    "bot/cli/results_files.py",
}
HOST_ONLY_PACKAGES = ("bot/store/", "bot/locales/")

CATALOG_CALLS = {"_", "n_", "p_", "N_"}
LOG_NAMES = {"log", "logger", "logging", "_log"}
BUG_ERRORS = {
    "ValueError",
    "TypeError",
    "RuntimeError",
    "AssertionError",
    "KeyError",
    "NotImplementedError",
    "LookupError",
    "IndexError",
    "AttributeError",
}
COMMAND_DECORATORS = {
    "command",
    "describe",
    "rename",
    "Group",
    "context_menu",
    "ContextMenu",
    "group",
    "Choice",
}
SENTENCE = re.compile(r"[^\W\d_]{2,}[^\n]*\s+[^\W\d_]{2,}|^\W*[A-Z][a-z]{2,}\b")
SQL = re.compile(r"^\s*(SELECT|INSERT|UPDATE|DELETE|CREATE|ALTER|WITH|DROP|PRAGMA)\b", re.I)
PRAGMA = "# i18n: not shown"
# Single words that are only ever said to people: no key, mode or id of ours is spelled so.
ANSWER_WORDS = {"yes", "no", "unknown", "missing permissions"}
# An f-string's own text holding a word beside a space: `round {n}`, `{n} points` (ids have no spaces).
PHRASE = re.compile(r"[^\W\d_]{2,} | [^\W\d_]{2,}")
# The spreadsheet writer's calls (bot/bank/spreadsheet_csv.py); their first argument is the header row.
CSV_WRITERS = {"csv_text", "csv_bytes", "sheet_bytes"}
# Methods whose first argument (`what`) names the step for the log: RetryPolicy.call, RoundPort.post.
LABELLED_CALLS = {"call", "post"}
# Calls whose first argument is a type's own name, as Python reads it (`Only = TypeVar("Only")`).
TYPE_NAMING = {"TypeVar", "NewType", "ParamSpec", "TypeVarTuple"}


def modules() -> Iterator[Path]:
    for folder in ("bot", "cogs"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            if name in HOST_ONLY or name.startswith(HOST_ONLY_PACKAGES):
                continue
            yield path


def _name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


class Finder(ast.NodeVisitor):
    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.found: list[tuple[int, str]] = []

    def _docstring_nodes(self, tree: ast.AST) -> set[int]:
        skipped: set[int] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                body = node.body
                if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                    skipped.add(id(body[0].value))
        return skipped

    def run(self, tree: ast.AST) -> None:
        self.skip = self._docstring_nodes(tree)
        self.constants: dict[str, ast.stmt] = {}
        for statement in getattr(tree, "body", []):
            if isinstance(statement, ast.Assign | ast.AnnAssign):
                targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
                for target in targets:
                    if isinstance(target, ast.Name):
                        self.constants[target.id] = statement
        self.visit(tree)

    def _header_literals(self, node: ast.AST, above: int | None = None) -> None:
        """Column names in the header handed to the CSV writer: each must come from the catalog."""
        if isinstance(node, ast.Name) and node.id in self.constants:
            statement = self.constants[node.id]
            if statement.value is not None:
                self._header_literals(statement.value, above=statement.lineno - 1)
        elif isinstance(node, ast.BinOp):
            self._header_literals(node.left, above)
            self._header_literals(node.right, above)
        elif isinstance(node, ast.Tuple | ast.List):
            for element in node.elts:
                self._header_literals(element, above)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in self.skip:
            said_above = above is not None and any(
                PRAGMA in self.lines[line - 1] for line in (above, above + 1) if line >= 1
            )
            if not said_above:
                self._judge(node, node.value, always=True)
            self.skip.add(id(node))

    def _skip_all(self, node: ast.AST) -> None:
        for inner in ast.walk(node):
            self.skip.add(id(inner))

    def visit_Call(self, node: ast.Call) -> None:
        name = _name(node.func)
        owner = _name(node.func.value) if isinstance(node.func, ast.Attribute) else ""
        if name in CATALOG_CALLS:
            # The message is the catalog's; a value filled into it is judged as any other literal.
            for argument in node.args:
                self._skip_all(argument)
        elif (
            owner in LOG_NAMES
            or name in BUG_ERRORS
            or (owner == "app_commands" and name in COMMAND_DECORATORS)
            or name
            in {"compile", "match", "fullmatch", "search", "sub", "getLogger", "sql", "Statement", "slash"}
        ):
            self._skip_all(node)
        elif name in CSV_WRITERS and node.args:
            self._header_literals(node.args[0])
        elif node.args and (
            name in TYPE_NAMING
            or (
                name in LABELLED_CALLS
                and isinstance(node.func, ast.Attribute)
                and isinstance(node.args[0], ast.JoinedStr)
            )
        ):
            self._skip_all(node.args[0])
        self.generic_visit(node)

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        for decorator in node.decorator_list:
            self._skip_all(decorator)
        self.generic_visit(node)

    visit_AsyncFunctionDef = visit_FunctionDef  # type: ignore[assignment]

    def visit_Assert(self, node: ast.Assert) -> None:
        self._skip_all(node)

    def visit_Assign(self, node: ast.Assign) -> None:
        # `__all__` lists a module's names for Python, never for people.
        if any(isinstance(target, ast.Name) and target.id == "__all__" for target in node.targets):
            self._skip_all(node.value)
        self.generic_visit(node)

    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        if id(node) not in self.skip:
            text = "".join(
                v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str)
            )
            self._judge(node, text, always=bool(PHRASE.search(text)))
        self._skip_all(node)

    def visit_Constant(self, node: ast.Constant) -> None:
        if id(node) not in self.skip and isinstance(node.value, str):
            self._judge(node, node.value, always=node.value.strip().casefold() in ANSWER_WORDS)

    def _judge(self, node: ast.expr, text: str, *, always: bool = False) -> None:
        if SQL.match(text) or not (always or SENTENCE.search(text)):
            return
        line = self.lines[node.lineno - 1]
        end = self.lines[(node.end_lineno or node.lineno) - 1]
        if PRAGMA in line or PRAGMA in end:
            return
        self.found.append((node.lineno, text.strip()[:60]))


def literals_outside_the_catalog(path: Path) -> list[str]:
    source = path.read_text(encoding="utf-8")
    finder = Finder(source.splitlines())
    finder.run(ast.parse(source))
    name = path.relative_to(ROOT).as_posix()
    return [
        f"{name}:{line}: “{text}” is written for people but not through the catalog"
        for line, text in finder.found
    ]


def test_every_sentence_for_people_goes_through_the_catalog() -> None:
    found = [problem for path in modules() for problem in literals_outside_the_catalog(path)]
    assert found == [], "\n".join(found)


def found_in(source: str) -> list[str]:
    finder = Finder(source.splitlines())
    finder.run(ast.parse(source))
    return [text for _line, text in finder.found]


def test_the_lint_finds_short_words_phrases_beside_placeholders_headers_and_filled_values() -> None:
    source = """
HEADER = ("member", "points")
def cell(value, n, exc):
    said = "yes" if value else "no"
    where = f"round {n}"
    counted = f"{n} points"
    problem = _("Refused ({why}).", why=exc.text or "Missing Permissions")
    return csv_bytes(HEADER, []), csv_text(["right"], []), said, where, counted, problem
"""
    assert sorted(found_in(source)) == sorted(
        ["yes", "no", "round", "points", "Missing Permissions", "member", "points", "right"]
    )


def test_the_lint_leaves_identifiers_keys_and_log_labels_alone() -> None:
    source = """
COLUMNS = ("source", "member_id")
__all__ = ["Practice", "Summary"]
# The importer's names.  # i18n: not shown
NAMES = ("id", "type")
def names(stem, kind, n, row):
    path = f"{stem}.csv"
    custom = f"bvz:1:{kind}:{n}"
    key = row["yes_count"] if kind == "csv" else "text/csv"
    RetryPolicy(budget=0).call(f"round {n}: edit", None)
    Only = TypeVar("Only")
    return csv_bytes(NAMES, []), path, custom, key, _("{cmd} now", cmd=slash("quiz start")), COLUMNS
"""
    assert found_in(source) == []
