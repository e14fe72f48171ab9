"""The formats an upload can be in, and telling which one a file's text is written in."""

from __future__ import annotations

import re

from bot.bank.import_formats import Format
from bot.bank.importers.flashcards import card_separator, read_anki_header
from bot.bank.importers.numbered_text import looks_numbered

_OURS = re.compile(r"^questions\s*:", re.MULTILINE)
_RED_QUESTION = re.compile(r"^[^\s#-][^\n]*:\s*\n\s*- ", re.MULTILINE)


def detect_format(text: str) -> Format | None:
    """The format a file's text is written in, judged by what it holds; None when it is none of them."""
    start = text.lstrip()
    if read_anki_header(start) is not None:
        return Format.CSV
    if start.startswith(("{", "[")):
        return Format.OPENTDB
    if _OURS.search(text):
        return Format.YAML
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
