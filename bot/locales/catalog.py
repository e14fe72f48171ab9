"""The catalogs: each shipped language's .po file, read once, and the task's language to write in."""

from __future__ import annotations

import gettext
from functools import cache
from pathlib import Path
from typing import Any

from bot.locales.current import SHIPPED, SOURCE, language
from bot.locales.formats import number
from bot.locales.po_reader import CompiledCatalog, Entry, read_entries

_HERE = Path(__file__).resolve().parent
COMMAND_CONTEXT = "command "  # + the place of a word in the command tree: its names, descriptions, choices


def catalog_path(code: str) -> Path:
    """A language's .po file (pt-BR lives in pt_BR.po, as Babel names it); the template for English."""
    if code == SOURCE:
        return _HERE / "bvunzo.pot"
    return _HERE / f"{code.replace('-', '_')}.po"


@cache
def translations(code: str) -> gettext.NullTranslations:
    """A language's compiled catalog (English, or a language not shipped, is the source itself)."""
    return _compiled(code, commands_only=False)


@cache
def command_translations(code: str) -> gettext.NullTranslations:
    """The command tree's words alone (contexts "command …") from a language's catalog.

    What every start's command sync reads for each Discord locale: a tenth of each catalog, so a language
    nobody here speaks costs no memory for its other sentences (`translations` reads those, on the first
    reply written in it).
    """
    return _compiled(code, commands_only=True)


def _compiled(code: str, *, commands_only: bool) -> gettext.NullTranslations:
    if code == SOURCE or code not in SHIPPED:
        return gettext.NullTranslations()
    name = catalog_path(code).name
    contexts = COMMAND_CONTEXT if commands_only else None
    entries = _read(catalog_path(code), contexts)
    header = entries.pop(("", None), None)
    # Fragments translated on a branch before they are merged into the language's file (parts/AREA/).
    for part in sorted((_HERE / "parts").glob(f"*/{name}")):
        for key, entry in _read(part, contexts).items():
            known = entries.get(key)
            if key[0] and entry.translated and (known is None or not known.translated):
                entries[key] = entry
    if commands_only:
        entries = {key: e for key, e in entries.items() if (e.context or "").startswith(COMMAND_CONTEXT)}
    # Fuzzy entries are not translations yet (the check refuses them); gettext then falls back to English.
    return CompiledCatalog(entries.values(), header.strings.get(0, "") if header else "")


def _read(path: Path, contexts: str | None = None) -> dict[tuple[str, str | None], Entry]:
    return {entry.key: entry for entry in read_entries(path, contexts=contexts)} if path.exists() else {}


def _filled(text: str, values: dict[str, Any]) -> str:
    return text.format_map(values) if values else text


def _(message: str, /, **values: Any) -> str:
    """`message` in the task's language, its `{placeholders}` filled from `values`."""
    return _filled(translations(language()).gettext(message), values)


def p_(context: str, message: str, /, **values: Any) -> str:
    """As `_`, for a message whose English is shared by another meaning (`context` tells them apart)."""
    return _filled(translations(language()).pgettext(context, message), values)


def n_(singular: str, plural: str, count: int, /, **values: Any) -> str:
    """The form of a counted message the language's plural rules choose for `count`; `{n}` is the count
    written as the language writes numbers."""
    chosen = translations(language()).ngettext(singular, plural, count)
    return chosen.format_map({"n": number(count), **values})


def N_(message: str, /) -> str:
    """Mark a message for the catalog without translating it yet (a constant shown later with `_`)."""
    return message


def slash(path: str) -> str:
    """A slash command as the task's language names it: `slash("quiz start")` is "/quiz start" in English
    and the French client's own name for it in French (Shona keeps Discord's English names)."""
    words = path.split()
    named = [
        _command_word("group_name" if i < len(words) - 1 else "command_name", word)
        for i, word in enumerate(words)
    ]
    return "/" + " ".join(named)


def _command_word(place: str, word: str) -> str:
    catalog = translations(language())
    found = catalog.pgettext(COMMAND_CONTEXT + place, word)
    if found == word and place == "command_name":
        found = catalog.pgettext(COMMAND_CONTEXT + "group_name", word)  # a group named alone (`/quiz`)
    return found
