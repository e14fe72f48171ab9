"""The formats an upload can be in: named here, apart from the importers, so a command can offer them at start."""

from __future__ import annotations

from enum import StrEnum

from bot.bank.part_sizes import MAX_DECK_BYTES, MAX_EXPORT_BYTES


class Format(StrEnum):
    YAML = "yaml"  # ours (questions/README.md)
    CSV = "csv"  # CSV/TSV with or without a header; Quizlet and Anki exports; Kotoba's CSV
    RED = "red"  # Red-DiscordBot trivia list
    TEXT = "text"  # numbered or Markdown quizzes with marked choices or an answer line
    OPENTDB = "opentdb"  # Open Trivia DB JSON
    GIFT = "gift"  # Moodle's GIFT text format
    MOODLE_XML = "moodle-xml"  # Moodle XML (`<quiz>`)
    BLACKBOARD = "blackboard"  # Blackboard's "Upload Questions" text: a tab-delimited question per line
    KAHOOT = "kahoot"  # Kahoot's spreadsheet template (.xlsx)
    WAYGROUND = "wayground"  # Wayground's (formerly Quizizz) spreadsheet template (.xlsx)
    QTI = "qti"  # QTI 1.2 (`<questestinterop>`) as Canvas exports quizzes: a zip with imsmanifest.xml, or one .xml
    ANKI = "anki"  # an Anki package (.apkg, .colpkg): a zip holding the collection's SQLite


# The formats read from a workbook (.xlsx) rather than from text.
WORKBOOK_FORMATS = frozenset({Format.KAHOOT, Format.WAYGROUND})

# The formats whose files are a learning platform's export, allowed up to part_sizes.MAX_EXPORT_BYTES.
EXPORT_FORMATS = frozenset({Format.MOODLE_XML, Format.QTI, Format.ANKI, Format.KAHOOT, Format.WAYGROUND})
# Their files' endings, which tell an upload's cap before it is downloaded.
EXPORT_SUFFIXES = (".xml", ".zip", ".apkg", ".colpkg", ".xlsx")


def upload_cap(file_name: str, fmt: Format | None = None) -> int:
    """The most bytes an upload named `file_name` (said to be in `fmt`, when the member chose one) may
    have: a platform's export more than a text file."""
    export = fmt in EXPORT_FORMATS or (fmt is None and file_name.lower().endswith(EXPORT_SUFFIXES))
    return MAX_EXPORT_BYTES if export else MAX_DECK_BYTES
