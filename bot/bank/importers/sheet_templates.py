"""Quiz platforms' spreadsheet templates told apart by their header rows, and what their cells share."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from bot.bank.importers.workbook import Rows

# Kahoot's template writes its header on row 8 under seven rows of instructions, one column in (column A
# numbers the questions); Wayground's writes its own on row 1. People move both, so they are looked for.
HEADER_ROWS = 20
_KAHOOT = ("question", "answer 1", "answer 2", "answer 3", "answer 4")
_WAYGROUND = ("question text", "question type", "option 1", "option 2")  # i18n: not shown
_NUMBERS = re.compile(r"\s*\d{1,3}(\s*[,;]\s*\d{1,3})*\s*")


@dataclass(frozen=True, slots=True)
class Header:
    """Where a template's header is: its row's index in the rows read, and each column's name by position."""

    index: int
    names: dict[str, int]


def name_of(cell: str) -> str:
    """A header cell as compared: lower case, single spaces, Kahoot's ` - max 120 characters` cut off."""
    return " ".join(cell.lower().replace("\u2013", "-").split(" - ")[0].split())


def kahoot_header(rows: Rows) -> Header | None:
    return _header(rows, _KAHOOT)


def wayground_header(rows: Rows) -> Header | None:
    return _header(rows, _WAYGROUND)


def _header(rows: Rows, starts: tuple[str, ...]) -> Header | None:
    """The first row whose cells, from some column on, begin with the names `starts` gives in order."""
    for index, (_number, cells) in enumerate(rows[:HEADER_ROWS]):
        names = [name_of(cell) for cell in cells]
        for first in range(len(names) - len(starts) + 1):
            if tuple(names[first : first + len(starts)]) == starts:
                return Header(index, {name: i for i, name in enumerate(names) if name})
    return None


def cell(cells: tuple[str, ...], column: int | None) -> str:
    return cells[column] if column is not None and column < len(cells) else ""


@dataclass(frozen=True, slots=True)
class Picked:
    """A row's filled answer cells as choices, and its right answers as places among those choices."""

    choices: list[str]
    right: list[int]


def picked(cells: Sequence[str], right: Sequence[int]) -> Picked | None:
    """The filled cells as choices, the right cells' places among them; None when one names an empty cell."""
    if any(not cells[i] for i in right):
        return None
    kept = [i for i, text in enumerate(cells) if text]
    return Picked([cells[i] for i in kept], [kept.index(i) for i in right])


def answer_numbers(said: str, most: int) -> list[int] | None:
    """`1,3` as [0, 2]: the right answers' numbers counting from 1, each at most `most`; None if not that."""
    if not _NUMBERS.fullmatch(said):
        return None
    numbers = [int(part) for part in re.split(r"[,;]", said)]
    if any(not 1 <= n <= most for n in numbers):
        return None
    return sorted({n - 1 for n in numbers})
