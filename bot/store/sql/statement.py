"""SQL written once with :named parameters, rendered for sqlite3 (as written) and for asyncpg ($1, $2...).

A statement both engines run the same way is written once, in the dialect both speak, with a name for
each value (`WHERE guild_id = :guild`). sqlite3 runs that text as it is, given a mapping of the names;
asyncpg wants numbered parameters and an ordered argument list, so each name gets the number of its
first appearance. The text is checked when the module defining the statement is imported, and each
engine's numbering is made once, on the statement's first use there: a query costs no more than a
hand-numbered one, and a bot on SQLite keeps no PostgreSQL text.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

# What the scanner steps over whole (a ':' inside them is not a parameter), then the parameter itself.
_TOKENS = re.compile(
    r"""
      (?P<skip> '(?:[^']|'')*'        # a string literal, '' inside for a quote
              | "(?:[^"]|"")*"        # a quoted identifier
              | --[^\n]*              # a line comment
              | /\*.*?\*/             # a block comment
              | ::                    # PostgreSQL's cast: never in shared text, but never a parameter
              )
    | :(?P<name>[A-Za-z_][A-Za-z0-9_]*)
    | (?P<positional> \?\d* | \$\d+ )
    """,
    re.VERBOSE | re.DOTALL,
)


@dataclass(frozen=True, slots=True)
class Statement:
    """One statement: its text for sqlite3 (:name) and for asyncpg ($n), and the names in $n order.

    The numbered renderings are made on first use and kept: a bot on SQLite never renders PostgreSQL's
    text, and only the statements run with a row in order (an answer) need SQLite's ?1, ?2.
    """

    sqlite_text: str
    # The text asyncpg runs before its parameters are numbered (lists already as = ANY(...)).
    postgres_source: str
    names: tuple[str, ...]
    # Names that take a list of values (`IN (:name)`): JSON for SQLite's json_each, an array for PostgreSQL.
    lists: tuple[str, ...] = ()
    _rendered: dict[str, str] = field(default_factory=dict, init=False, repr=False, compare=False)

    @property
    def postgres_text(self) -> str:
        """The text for asyncpg: $1, $2... in the order of `names`."""
        return self._numbered("$", self.postgres_source)

    @property
    def sqlite_numbered(self) -> str:
        """sqlite_text with ?1, ?2... where postgres_text has $1, $2: for a row already in the statement's
        order (an answer goes in as a tuple, with no mapping built per click)."""
        return self._numbered("?", self.sqlite_text)

    def _numbered(self, mark: str, text: str) -> str:
        rendered = self._rendered.get(mark)
        if rendered is None:
            names, rendered = _numbered(text, mark)
            assert names == self.names, "both renderings number the same names"
            self._rendered[mark] = rendered
        return rendered

    @property
    def writes(self) -> bool:
        """Whether the statement changes rows (what a store counts as a write getting through)."""
        return self.sqlite_text.lstrip().split(None, 1)[0].upper() in ("INSERT", "UPDATE", "DELETE")

    def sqlite(self, **values: Any) -> tuple[str, dict[str, Any]]:
        """The text and the values for `sqlite3.Connection.execute(*statement.sqlite(...))`."""
        self._check(values)
        if not self.lists:
            return self.sqlite_text, values
        return self.sqlite_text, {k: json.dumps(list(v)) if k in self.lists else v for k, v in values.items()}

    def postgres(self, **values: Any) -> tuple[Any, ...]:
        """The text, then the values in $n order: `await conn.fetch(*statement.postgres(...))`."""
        return (self.postgres_text, *self.ordered(values))

    def ordered(self, values: Mapping[str, Any]) -> list[Any]:
        """The values in $n order (for executemany, or a row already in the statement's order)."""
        self._check(values)
        return [list(values[name]) if name in self.lists else values[name] for name in self.names]

    def _check(self, values: Mapping[str, Any]) -> None:
        # A misspelt name would otherwise be a NULL on one engine and an error on the other.
        if len(values) != len(self.names) or not all(name in values for name in self.names):
            missing = sorted(set(self.names) - set(values))
            unknown = sorted(set(values) - set(self.names))
            raise ValueError(f"the statement takes {list(self.names)}: missing {missing}, unknown {unknown}")


def sql(text: str, *, lists: Mapping[str, str] | None = None) -> Statement:
    """Render `text` (with :name parameters) for both engines; ValueError for text neither should run.

    Refused: a positional parameter (`?`, `?1`, `$1`: the text would mean two things), and a `::` cast
    (PostgreSQL's alone: write CAST(x AS type), which both engines read).

    Where the engines' words differ, the text is PostgreSQL's and SQLite gets its own: `IS NOT DISTINCT
    FROM` is SQLite's `IS`, and `FOR UPDATE` is dropped (a SQLite write transaction holds the file's write
    lock from its BEGIN IMMEDIATE). `lists` names the parameters written `IN (:name)` that take a list, with
    their PostgreSQL element type: `= ANY(CAST(:name AS type[]))` there, and on SQLite `IN (SELECT value
    FROM json_each(:name))` given the list as JSON (one text whatever its length, and no limit on it).
    """
    lists = dict(lists or {})
    sqlite_text = re.sub(r"\s+FOR UPDATE\b", "", text.replace("IS NOT DISTINCT FROM", "IS"))
    postgres_base = text
    for name, kind in lists.items():
        if f"IN (:{name})" not in text:
            raise ValueError(f"a list parameter is written IN (:{name}): {text!r}")
        postgres_base = postgres_base.replace(f"IN (:{name})", f"= ANY(CAST(:{name} AS {kind}[]))")
        sqlite_text = sqlite_text.replace(f"IN (:{name})", f"IN (SELECT value FROM json_each(:{name}))")
    names, _ = _numbered(sqlite_text, "?")  # checked now, at import; each rendering kept when first used
    return Statement(sqlite_text=sqlite_text, postgres_source=postgres_base, names=names, lists=tuple(lists))


def _numbered(text: str, mark: str) -> tuple[tuple[str, ...], str]:
    """The names in order of first appearance, and `text` with `mark`n for each :name."""
    names: list[str] = []
    chunks: list[str] = []  # the text between parameters
    numbers: list[int] = []  # each parameter's number, its name's first appearance
    end = 0
    for token in _TOKENS.finditer(text):
        if token.group("skip") == "::":
            raise ValueError(f"shared SQL cannot use PostgreSQL's :: cast (write CAST(x AS type)): {text!r}")
        if token.group("positional") is not None:
            raise ValueError(f"shared SQL names its parameters (:name), not {token.group()!r}: {text!r}")
        name = token.group("name")
        if name is None:
            continue
        if name not in names:
            names.append(sys.intern(name))  # the callers' keyword names: one string for both
        chunks.append(text[end : token.start()])
        numbers.append(names.index(name) + 1)
        end = token.end()
    chunks.append(text[end:])
    numbered = "".join(chunk + f"{mark}{n}" for chunk, n in zip(chunks, numbers, strict=False)) + chunks[-1]
    return tuple(names), numbered
