"""The formats an upload can be in, and telling which one a file's text is written in."""

from __future__ import annotations

import re

from bot.bank.import_formats import Format
from bot.bank.importers.blackboard import looks_like_blackboard
from bot.bank.importers.flashcards import card_separator, read_anki_header
from bot.bank.importers.gift import looks_like_gift
from bot.bank.importers.moodle_xml import looks_like_moodle_xml
from bot.bank.importers.numbered_text import looks_numbered
from bot.bank.importers.qti import looks_like_qti
from bot.bank.importers.sheet_templates import kahoot_header, wayground_header
from bot.bank.importers.workbook import Rows

_OURS = re.compile(r"^questions\s*:", re.MULTILINE)
# `[ \t]*` up to the question's line end, not `\s*`: that would try every blank line after it twice over.
_RED_QUESTION = re.compile(r"^[^\s#-][^\n]*:[ \t]*\n\s*- ", re.MULTILINE)


def detect_format(text: str, source: str = "") -> Format | None:
    """The format a file's text is written in, judged by what it holds; None when it is none of them.

    A `.gift` file is GIFT whatever it holds (Moodle names its exports so); an `.xml` one or any text
    opening as XML is read as Moodle XML, which says so when the XML is something else, unless its root
    is QTI's `<questestinterop>`.
    """
    start = text.lstrip()
    if source.lower().endswith(".gift"):
        return Format.GIFT
    if looks_like_qti(start):
        return Format.QTI
    if looks_like_moodle_xml(text) or (source.lower().endswith(".xml") and start.startswith("<")):
        return Format.MOODLE_XML
    if read_anki_header(start) is not None:
        return Format.CSV
    if looks_like_blackboard(start):
        return Format.BLACKBOARD
    if start.startswith(("{", "[")):
        return Format.OPENTDB
    if _OURS.search(text):
        return Format.YAML
    if looks_like_gift(text):
        return Format.GIFT
    if looks_numbered(text):
        return Format.TEXT
    if _RED_QUESTION.search(text[:20_000]):
        return Format.RED
    lines = [line for line in start.split("\n")[:50] if line.strip()]
    if lines and any(mark in lines[0] for mark in ("\t", ",", ";", "|")):
        return Format.CSV
    if card_separator(lines) is not None:
        return Format.CSV
    return None


def detect_workbook(rows: Rows) -> Format | None:
    """The template a workbook's first sheet follows, told by its header row; None when it is neither."""
    if kahoot_header(rows) is not None:
        return Format.KAHOOT
    if wayground_header(rows) is not None:
        return Format.WAYGROUND
    return None
