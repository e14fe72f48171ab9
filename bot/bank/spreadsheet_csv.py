"""The one CSV writer for files a person opens in a spreadsheet: no cell runs as a formula, BOM and CRLF.

Every CSV Bvunzo hands out (results, mistakes, the deck export, the dashboard's downloads) is written here.
A text cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return is what Excel and LibreOffice run
as a formula, so such a cell is written after a `'` (OWASP's advice against CSV injection); a number stays a
number, and so does text that is a plain number (`-3`, `+1`, `-0.5`), which no spreadsheet can run. The
file is UTF-8 with a byte-order mark, which is what makes Excel read accents and Shona as written, and its
lines end in CRLF, as RFC 4180 has them.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Sequence

# A cell is what a caller hands the writer: text, or a number written as a number.
Cell = str | int | float
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
ESCAPE = "'"
BOM = "\ufeff"
LINE_END = "\r\n"
_PLAIN_NUMBER = re.compile(r"[+-]?[0-9]+(?:\.[0-9]+)?")


def _runs(text: str) -> bool:
    """Whether a spreadsheet would run `text` (or, once unescaped, would: `'=x` is escaped again)."""
    if text.startswith(ESCAPE):
        return _runs(text[1:])  # so that reading a cell back undoes exactly what writing it did
    return text.startswith(FORMULA_STARTS) and _PLAIN_NUMBER.fullmatch(text) is None


_FIRST_CHECKED = (ESCAPE, *FORMULA_STARTS)  # text starting otherwise is written as it is


def safe_cell(value: Cell) -> str:
    """The cell as written: numbers as they are, text that would run after a `'`."""
    if type(value) is str:  # most cells: one look at the first character
        return ESCAPE + value if value.startswith(_FIRST_CHECKED) and _runs(value) else value
    if isinstance(value, bool):
        raise TypeError("say a yes or no in words: a spreadsheet cell has no booleans")  # i18n: not shown
    if isinstance(value, int | float):
        return str(value)
    return ESCAPE + value if _runs(value) else value


def unescaped_cell(text: str) -> str:
    """A cell read back from a file this writer wrote: the `'` it added taken off, and only that one."""
    if text.startswith(ESCAPE) and _runs(text[1:]):
        return text[1:]
    return text


def csv_text(header: Sequence[str], rows: Iterable[Sequence[Cell]]) -> str:
    """The file as text, starting with the byte-order mark."""
    out = io.StringIO(newline="")
    import csv  # the first file handed out: a bot that never writes one never loads the module

    writer = csv.writer(out, lineterminator=LINE_END)
    writer.writerow([safe_cell(name) for name in header])
    for row in rows:  # a cell that needs no look (an int, text starting as no formula can) as it is
        writer.writerow(
            [
                v if type(v) is int or (type(v) is str and not v.startswith(_FIRST_CHECKED)) else safe_cell(v)
                for v in row
            ]
        )
    return BOM + out.getvalue()


def csv_bytes(header: Sequence[str], rows: Iterable[Sequence[Cell]]) -> bytes:
    """The file as the bytes to send or save."""
    return csv_text(header, rows).encode("utf-8")
