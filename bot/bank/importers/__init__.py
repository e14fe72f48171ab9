"""Importers: decks from other quiz formats, detected by content, turned into our YAML and validated.

Every importer is pure (text in, a DeckDraft out) and knows nothing of Discord; `import_deck` runs the
one an upload needs and the deck validator over what it made.
"""

from __future__ import annotations

import re
from enum import StrEnum

from bot.bank.importers.decoding import decode
from bot.bank.importers.drafts import Imported, finish, slug
from bot.bank.importers.numbered_text import looks_numbered, read_numbered_text
from bot.bank.importers.open_trivia import read_open_trivia
from bot.bank.importers.red_trivia import read_red_trivia
from bot.bank.importers.spreadsheet import read_spreadsheet
from bot.bank.models import Deck
from bot.bank.problems import DeckError, Problem
from bot.bank.reader import read_deck
from bot.bank.writer import deck_to_yaml

__all__ = ["Format", "Imported", "detect_format", "import_deck", "slug"]


class Format(StrEnum):
    YAML = "yaml"  # ours (questions/README.md)
    CSV = "csv"  # CSV or TSV with a header row; Quizlet's term TAB definition; Kotoba's CSV
    RED = "red"  # Red-DiscordBot trivia list
    TEXT = "text"  # numbered questions with marked choices, as the seed quiz
    OPENTDB = "opentdb"  # Open Trivia DB JSON


_OURS = re.compile(r"^questions\s*:", re.MULTILINE)
_RED_QUESTION = re.compile(r"^[^\s#-][^\n]*:\s*\n\s*- ", re.MULTILINE)


def detect_format(text: str) -> Format | None:
    """The format a file's text is written in, judged by what it holds; None when it is none of them."""
    start = text.lstrip()
    if start.startswith(("{", "[")):
        return Format.OPENTDB
    if _OURS.search(text):
        return Format.YAML
    if looks_numbered(text):
        return Format.TEXT
    if _RED_QUESTION.search(text[:20_000]):
        return Format.RED
    first = start.split("\n", 1)[0]
    if "\t" in first or "," in first or ";" in first:
        return Format.CSV
    return None


def import_deck(
    data: bytes,
    source: str,
    *,
    deck_id: str,
    title: str | None = None,
    fmt: Format | None = None,
    distractors: bool = False,
    guild_id: int | None = None,
) -> tuple[Imported, Format]:
    """The deck in an uploaded file, in whichever format it is (or `fmt`), as our YAML.

    Questions that cannot be imported are left out, each with its `line: reason`; DeckError when the
    file as a whole cannot be read (too large, unknown format, no playable question).
    """
    text = decode(data, source)
    found = fmt or detect_format(text)
    if found is None:
        raise DeckError(
            [
                Problem(
                    source,
                    0,
                    "the format of this file is not one Bvunzo reads (our YAML, CSV/TSV, a Red trivia "
                    "list, numbered text, Open Trivia DB JSON); choose one with the format option",
                )
            ]
        )
    if found is Format.YAML:
        return _ours(text, source, deck_id, title, guild_id), found
    if found is Format.CSV:
        draft = read_spreadsheet(text, source, distractors=distractors)
    elif found is Format.RED:
        draft = read_red_trivia(text, source, distractors=distractors)
    elif found is Format.TEXT:
        draft = read_numbered_text(text, source)
    else:
        draft = read_open_trivia(text, source)
    if title:
        if not draft.title:
            draft.title = title
        elif found is Format.OPENTDB:
            draft.title = title  # its own title is only the name of the site
    return finish(draft, deck_id, guild_id=guild_id), found


def _ours(text: str, source: str, deck_id: str, title: str | None, guild_id: int | None) -> Imported:
    """Our own YAML: validated as it is, with the id the importer was given and broken questions left out."""
    deck, _ = read_deck(text, source, default_id=deck_id, keep_valid=True)
    kept = Deck(
        id=deck_id,
        title=deck.title if deck.title != deck.id else (title or deck_id),
        questions=deck.questions,
        description=deck.description,
        language=deck.language,
        tags=deck.tags,
        source=source,
        guild_id=guild_id,
    )
    out = deck_to_yaml(kept)
    reread = read_deck(out, source, guild_id=guild_id)[0]
    return Imported(text=out, deck=reread, left_out=deck.left_out, notes=())
