"""An uploaded workbook (.xlsx) read as rows of text: the zip checked first, then openpyxl, values only."""

from __future__ import annotations

import datetime as dt
import io
from typing import Any

from bot.bank.importers.archive import ArchiveRefused, checked_archive, zip_names
from bot.bank.part_sizes import MAX_EXPORT_BYTES, size_problem
from bot.bank.problems import DeckError, Problem
from bot.locales import N_, _

ZIP_SIGNATURE = b"PK\x03\x04"
# What a template is read to: its first sheet, as many rows as a CSV may have, the columns a template uses.
MAX_ROWS = 20_000
MAX_COLUMNS = 16

Rows = list[tuple[int, tuple[str, ...]]]


def is_workbook(data: bytes) -> bool:
    """Whether the bytes open as a zip archive, as every .xlsx does."""
    return data.startswith(ZIP_SIGNATURE)


def refuse_other_zips(data: bytes, source: str) -> None:
    """DeckError, in one sentence, for a zip of no format given that is no workbook: its directory names
    no spreadsheet's parts (an .xlsx keeps them under xl/), or, unreadable, it is not named .xlsx."""
    names = zip_names(data)
    if any(name.startswith("xl/") for name in names) or (not names and source.lower().endswith(".xlsx")):
        return
    if names:
        _check_archive(data, source)  # a zip bomb is said as one
    raise DeckError([Problem(source, 0, _(UNKNOWN_ZIP))])


def read_rows(data: bytes, source: str) -> Rows:
    """The first sheet's rows that hold something, each with its row number and its cells as text.

    DeckError, in one sentence, when the file is too large, no workbook, or a zip bomb.
    """
    problem = size_problem(len(data), source, MAX_EXPORT_BYTES)
    if problem is not None:
        raise DeckError([problem])
    _check_archive(data, source)
    import openpyxl  # here: only an .xlsx upload needs it, and the bot must not load it at start

    try:
        book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
        try:
            return _rows(book.worksheets[0], source)
        finally:
            book.close()
    except DeckError:
        raise
    except Exception as exc:  # a hostile or broken archive can fail in any of openpyxl's parsers
        raise _refusal(source) from exc


def _rows(sheet: Any, source: str) -> Rows:
    rows: Rows = []
    # Read-only sheets yield the rows the file skips as empty ones, so counting gives the row number.
    for number, values in enumerate(sheet.iter_rows(max_col=MAX_COLUMNS, values_only=True), 1):
        if number > MAX_ROWS:
            raise DeckError(
                [
                    Problem(
                        source,
                        number,
                        _("the sheet has more than {most} rows; a deck is far smaller", most=MAX_ROWS),
                    )
                ]
            )
        cells = tuple(_text(value) for value in values)
        if any(cells):
            rows.append((number, cells))
    return rows


def _text(value: object) -> str:
    """A cell's value as the words it shows: 3.0 as `3`, a date as 2026-01-31, TRUE as `TRUE`."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, dt.datetime | dt.date | dt.time):
        return value.isoformat()
    return str(value).strip()


def _check_archive(data: bytes, source: str) -> None:
    try:
        checked_archive(data).close()
    except ArchiveRefused as exc:
        raise (_bomb(source) if exc.bomb else _refusal(source)) from exc


UNKNOWN_ZIP = N_(
    "the file is a zip archive, but none Bvunzo reads (an Excel workbook, a Canvas quiz export, an Anki "
    "package), or one it cannot open; export it again, or choose its format with the format option"
)


def _bomb(source: str) -> DeckError:
    return DeckError(
        [
            Problem(
                source,
                0,
                _(
                    "the file unpacks to far more than a spreadsheet of questions holds (a zip bomb?), so it was "
                    "not opened; save the questions again from the spreadsheet program"
                ),
            )
        ]
    )


def _refusal(source: str) -> DeckError:
    return DeckError(
        [
            Problem(
                source,
                0,
                _(
                    "the file is not an Excel workbook (.xlsx) Bvunzo can read; save it again from the spreadsheet "
                    "program as .xlsx, or as CSV UTF-8"
                ),
            )
        ]
    )
