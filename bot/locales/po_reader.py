"""A .po file read straight into gettext's lookups: the bot's catalogs, without Babel's message objects.

Babel's reader (bot/cli/catalog_tools.py keeps it for `bvunzo locales`) builds a Message with its
locations, flags and comments for every entry, and was loaded only to be compiled into a .mo and thrown
away: its modules and that garbage cost the bot megabytes at start. This reads the few fields gettext
keeps, with Babel's rules for what a compiled catalog holds: no fuzzy entry, no empty singular
translation, a plural padded to the language's forms with the English where a form is empty.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\"}
_ESCAPED = re.compile(r"\\(.)")
_PLURAL_FORMS = re.compile(r"nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*([^;\n]+)")
_CONTEXT_MARK = "\x04"  # gettext's separator between a context and its message


@dataclass
class Entry:
    """One entry of a .po file: its context, English (singular, then plural), translations by form."""

    context: str | None = None
    ids: list[str] = field(default_factory=list)
    strings: dict[int, str] = field(default_factory=dict)
    fuzzy: bool = False

    @property
    def key(self) -> tuple[str, str | None]:
        return self.ids[0], self.context

    @property
    def translated(self) -> bool:
        """Whether a compiled catalog keeps it (Babel's rule: a plural always, a singular if not empty)."""
        return not self.fuzzy and (len(self.ids) > 1 or bool(self.strings.get(0)))


def _unquoted(text: str) -> str:
    inner = text.strip()[1:-1]
    return _ESCAPED.sub(lambda m: _ESCAPES.get(m[1], m[0]), inner) if "\\" in inner else inner


def read_entries(path: Path, *, contexts: str | None = None) -> Iterator[Entry]:
    """Every entry of the file, the header (msgid "") first; obsolete (#~) entries left out.

    With `contexts`, the entries whose context starts with it, and the header (others may come too: the
    caller picks). Each bot start reads the command words this way: a tenth of each catalog, so the other
    entries are not parsed only to be dropped (35 of the start's 110 ms of CPU went on it).
    """
    text = path.read_text(encoding="utf-8")
    if contexts is not None:
        text = _blocks_naming(text, '"' + contexts)
    entry, fuzzy, last = Entry(), False, ""
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith('"'):
            _add(entry, last, _unquoted(line))
            continue
        if entry.ids and (not line or line.startswith(("#", "msgctxt", "msgid "))):
            yield entry  # a blank line, a comment or a new msgid starts the next entry
            entry, fuzzy = Entry(), False
        if not line or line.startswith("#~"):
            continue
        if line.startswith("#,"):
            fuzzy = fuzzy or "fuzzy" in (flag.strip() for flag in line[2:].split(","))
        elif not line.startswith("#"):
            last, _, text = line.partition(" ")
            entry.fuzzy = fuzzy
            _add(entry, last, _unquoted(text), start=True)
    if entry.ids:
        yield entry


def _blocks_naming(text: str, mark: str) -> str:
    """The file's first block (its header) and those that contain `mark`; blocks end at a blank line.

    A context's quoted text starts with its first word even where a long one is wrapped (msgctxt ""
    then "command …"), so no entry with such a context is dropped; a block that only mentions it (in a
    msgid, a comment) is kept, and read, too.
    """
    blocks = text.split("\n\n")
    return "\n\n".join([blocks[0], *(block for block in blocks[1:] if mark in block)])


def _add(entry: Entry, keyword: str, text: str, *, start: bool = False) -> None:
    if keyword == "msgctxt":
        entry.context = text if start else (entry.context or "") + text
    elif keyword in ("msgid", "msgid_plural"):
        if start:
            entry.ids.append(text)
        else:
            entry.ids[-1] += text
    elif keyword.startswith("msgstr"):
        form = int(keyword[7:-1]) if keyword.startswith("msgstr[") else 0
        entry.strings[form] = (entry.strings.get(form, "") if not start else "") + text


def plural_forms(header: str) -> tuple[int, Callable[[int], int]]:
    """The number of plural forms and the rule choosing one, from a header's Plural-Forms line."""
    found = _PLURAL_FORMS.search(header)
    if found is None:
        return 2, gettext.c2py("(n != 1)")
    return int(found[1]), gettext.c2py(found[2].strip())


class CompiledCatalog(gettext.GNUTranslations):
    """gettext's lookups over entries read from a .po file, as a .mo compiled from it would give."""

    def __init__(self, entries: Iterable[Entry], header: str) -> None:
        super().__init__()  # no file: the lookups come from the entries
        forms, self.plural = plural_forms(header)
        self._catalog: dict[str | tuple[str, int], str] = {"": header}
        for entry in entries:
            if entry.translated:
                self._take(entry, forms)

    def _take(self, entry: Entry, forms: int) -> None:
        singular = entry.ids[0] if not entry.context else entry.context + _CONTEXT_MARK + entry.ids[0]
        if len(entry.ids) == 1:
            self._catalog[singular] = entry.strings[0]
            return
        for form in range(forms):
            self._catalog[singular, form] = entry.strings.get(form) or entry.ids[min(form, 1)]
