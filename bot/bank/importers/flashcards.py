"""Flash cards: Quizlet's export with whatever separator its exporter chose, and Anki's `#key:value` header.

Quizlet lets the exporter put a tab, a comma or any text of their own between term and definition, and a
new line, a semicolon or their own between cards. A card is split on its first separator only, since
definitions carry commas and dashes.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field

# Separators people choose, longest first so ` --- ` is not taken for ` - `.
CARD_SEPARATORS = (
    "\t",
    " ::: ",
    " :: ",
    "::",
    " --- ",
    "---",
    " -- ",
    " —— ",
    " -> ",
    "->",
    " => ",
    "=>",
    " | ",
    "|",
    " — ",
    " – ",
    " - ",
    " = ",
    " : ",
    ",",
    ";",
)


def mostly(holding: int, lines: int) -> bool:
    """(Nearly) every line: all but a tenth, or but one in a short file, and always more than half."""
    return holding * 2 > lines and lines - holding <= max(1, lines // 10)


def card_separator(lines: list[str]) -> str | None:
    """The separator standing in (nearly) every card line, or None when no one separator does."""
    cards = [line for line in lines if line.strip()]
    if len(cards) < 2:
        return None
    for separator in CARD_SEPARATORS:
        if mostly(sum(separator in line for line in cards), len(cards)):
            return separator
    return None


def split_card(line: str, separator: str) -> tuple[str, str] | None:
    term, found, definition = line.partition(separator)
    if not found or not term.strip() or not definition.strip():
        return None
    return term.strip(), definition.strip()


def cards_by_row_separator(text: str) -> list[tuple[int, str]] | None:
    """Quizlet's "between cards: semicolon" (or a separator of one's own) puts all cards on a line or two."""
    lines = [line for line in text.split("\n") if line.strip()]
    if len(lines) > 2:
        return None
    joined = " ".join(lines)
    for separator in (";", " ;; ", "\\n", " // ", "//", " ## "):
        parts = [p for p in joined.split(separator) if p.strip()]
        if len(parts) >= 3:
            return [(1, p.strip()) for p in parts]
    return None


# -- Anki ----------------------------------------------------------------------------------------------

# Anki's header keys naming columns that hold no part of a question.
_IGNORED_KEYS = ("notetype column", "deck column", "guid column")  # i18n: not shown
_ANKI_SEPARATORS = {
    "tab": "\t",
    "comma": ",",
    "semicolon": ";",
    "pipe": "|",
    "colon": ":",
    "space": " ",
}
_ANKI_LINE = re.compile(r"^#([a-z ]+):(.*)$")


@dataclass
class AnkiHeader:
    """What the `#key:value` lines at the top of an Anki text export say about the rest."""

    lines: int = 0  # how many header lines there are
    separator: str | None = None
    separator_line: int = 0
    html: bool = False
    tags_column: int | None = None  # counted from 1, as Anki writes it
    tags_line: int = 0
    columns: list[str] | None = None
    ignored_columns: set[int] = field(default_factory=set)  # notetype, deck and guid columns


def read_anki_header(text: str) -> AnkiHeader | None:
    """The header of an Anki export, or None when the text does not start with one."""
    header = AnkiHeader()
    for number, raw in enumerate(text.split("\n"), start=1):
        match = _ANKI_LINE.match(raw.strip())
        if match is None:
            break
        header.lines = number
        key, value = match[1].strip(), match[2].strip()
        if key == "separator":
            header.separator = _ANKI_SEPARATORS.get(value.casefold(), value[:1] or None)
            header.separator_line = number
        elif key == "html":
            header.html = value.casefold() == "true"
        elif key == "tags column" and value.isascii() and value.isdigit():  # i18n: not shown
            header.tags_column, header.tags_line = int(value), number
        elif key in _IGNORED_KEYS and value.isascii() and value.isdigit():
            header.ignored_columns.add(int(value))
        elif key == "columns":
            header.columns = [c.strip() for c in re.split(r"[\t,;|]", value)]
    return header if header.lines else None


_TAG = re.compile(r"<br\s*/?>|<div>|</div>|<p>|</p>", re.IGNORECASE)
_ANY_TAG = re.compile(r"<[^>]{0,200}>")


def strip_html(text: str) -> str:
    """Anki's HTML fields as plain text: line breaks kept, other tags dropped, entities read."""
    return html.unescape(_ANY_TAG.sub("", _TAG.sub("\n", text))).replace("\xa0", " ").strip()
