"""A record as both engines keep it: its columns in their order, the field each holds, how each value is kept.

Every record the store writes or reads back is described once here (`Columns`), so that turning a row into a
record and a record into a row is one piece of code for all of them instead of a hand-numbered function per
record and direction (row[0], row[1]...). Statements take the same description: `f"SELECT {X.text}"`.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Generic, TypeVar, get_type_hints

from bot.store.sql.times import from_ms, from_ms_or_none, to_ms, to_ms_or_none

R = TypeVar("R")


@dataclass(frozen=True, slots=True)
class Kept:
    """How a field's value is kept in its column: `read` makes the field's value of the column's, `write`
    the column's of the field's."""

    read: Callable[[Any], Any]
    write: Callable[[Any], Any]


def _same(value: Any) -> Any:
    return value


def _ids(text: str) -> tuple[Any, ...]:
    return tuple(json.loads(text))


def _ids_or_empty(text: str | None) -> tuple[Any, ...]:
    return () if text is None else _ids(text)


def _json_list(ids: Sequence[Any]) -> str:
    return json.dumps(list(ids))


def _lettered(choice: int) -> int | None:
    return None if choice < 0 else choice


def _lettered_or_text(choice: int | None) -> int:
    return -1 if choice is None else choice


AS_IS = Kept(_same, _same)
FLAG = Kept(bool, int)  # a bool, kept as 0 or 1
TIME = Kept(from_ms, to_ms)  # an aware datetime, kept as milliseconds since 1970 (bot/store/sql/times.py)
TIME_OR_NONE = Kept(from_ms_or_none, to_ms_or_none)
IDS = Kept(_ids, _json_list)  # a tuple of ids, kept as a JSON list
IDS_OR_EMPTY = Kept(_ids_or_empty, _json_list)  # the same, NULL read as ()
# A calendar answer's lettered choice, None for an answer kept as text: its column is NOT NULL, -1 then.
LETTERED = Kept(_lettered, _lettered_or_text)

# How a field is kept unless its Columns say otherwise: as its type says (a field of any other type AS_IS).
_BY_TYPE: dict[object, Kept] = {
    bool: FLAG,
    datetime: TIME,
    datetime | None: TIME_OR_NONE,
    tuple[str, ...]: IDS,
}


def _takes_in_order(make: type, fields: tuple[str, ...]) -> bool:
    """Whether `make(*values)` means `make(**dict(zip(fields, values)))`: it takes `fields` first, by
    position, and every other argument has a default."""
    taken = list(inspect.signature(make).parameters.values())
    first, rest = taken[: len(fields)], taken[len(fields) :]
    return (
        tuple(p.name for p in first) == fields
        and all(p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD for p in first)
        and all(p.default is not inspect.Parameter.empty or p.kind is p.VAR_KEYWORD for p in rest)
    )


class Columns(Generic[R]):
    """The columns ("a, b, c", in a statement's order) a record of the dataclass `make` is kept in.

    Each column holds the field of its name, or the one `fields` gives it (`{"correct": "right"}`), kept
    as the field's type says (bool, datetime, datetime | None, tuple[str, ...]: _BY_TYPE) unless `kept`
    says otherwise. A column no field holds takes its value from the caller (row's `given`).
    """

    def __init__(
        self,
        make: type[R],
        text: str,
        *,
        fields: Mapping[str, str] | None = None,
        kept: Mapping[str, Kept] | None = None,
    ) -> None:
        self.text = text
        self.names = tuple(text.split(", "))
        self._make = make
        fields, kept = fields or {}, kept or {}
        unknown = (set(fields) | set(kept)) - set(self.names)
        if unknown:
            raise ValueError(f"{sorted(unknown)} are not among the columns {self.names}")
        types = get_type_hints(make)
        columns = []
        for name in self.names:
            field = fields.get(name, name)
            columns.append((name, field, kept.get(name) or _BY_TYPE.get(types.get(field), AS_IS)))
        self._columns = tuple(columns)
        # What record() does per row, worked out once: the fields in the columns' order, and the columns
        # whose value is not kept as it is (a large read turns tens of thousands of rows into records).
        self._fields = tuple(field for _name, field, _kept in columns)
        self._reads = tuple((i, kept.read) for i, (_n, _f, kept) in enumerate(columns) if kept is not AS_IS)
        self._in_order = _takes_in_order(make, self._fields)

    @property
    def named(self) -> str:
        """A :name per column, in order: the VALUES of a statement that takes a row as it is."""
        return ", ".join(f":{name}" for name in self.names)

    def inserting(self, table: str) -> str:
        """An INSERT of a row of these columns (as it is) into `table`; a statement adds its ON CONFLICT
        or RETURNING after it."""
        return f"INSERT INTO {table} ({self.text}) VALUES ({self.named})"

    def saving(self, table: str, key: str) -> str:
        """An INSERT of a row of these columns (as it is) into `table`, writing every column but those of
        `key` ("a, b") over the row already there with the same key."""
        keys = key.split(", ")
        if not set(keys) <= set(self.names):
            raise ValueError(f"the key {key!r} is not among the columns {self.names}")
        updates = ", ".join(f"{c} = excluded.{c}" for c in self.names if c not in keys)
        return f"{self.inserting(table)} ON CONFLICT ({key}) DO UPDATE SET {updates}"

    def record(self, row: Sequence[Any], **given: Any) -> R:
        """The record a row of these columns holds; `given`: the fields the row has no column for."""
        if len(row) != len(self._fields):
            raise ValueError(f"a row of {self.names} has {len(self._fields)} values, not {len(row)}")
        values = list(row)
        for index, read in self._reads:
            values[index] = read(values[index])
        if self._in_order and not given:  # the columns are the record's fields, in its order
            return self._make(*values)
        return self._make(**given, **dict(zip(self._fields, values, strict=True)))

    def row(self, record: object, **given: Any) -> tuple[Any, ...]:
        """The record's values in the columns' order; `given`: the columns' values the record has no field
        for, by column name (kept as their column keeps them)."""
        return tuple(
            kept.write(given[name] if name in given else getattr(record, field))
            for name, field, kept in self._columns
        )

    def values(self, record: object, **given: Any) -> dict[str, Any]:
        """row(), by column name: the values of a statement whose parameters are the columns' names."""
        return dict(zip(self.names, self.row(record, **given), strict=True))
