"""Importers: decks from other quiz formats, detected by content, turned into our YAML and validated.

Every importer is pure (text in, a DeckDraft out) and knows nothing of Discord; `import_deck` runs the
one an upload needs and the deck validator over what it made.
"""

from __future__ import annotations

from dataclasses import replace

from bot.bank.ids import slug
from bot.bank.importers.columns import ROLES, ColumnGuess, parse_columns
from bot.bank.importers.decoding import decode
from bot.bank.importers.drafts import DeckDraft, Imported, NothingPlayable, finish
from bot.bank.importers.formats import Format, detect_format
from bot.bank.importers.gift import read_gift
from bot.bank.importers.moodle_xml import read_moodle_xml
from bot.bank.importers.numbered_text import read_numbered_text
from bot.bank.importers.open_trivia import read_open_trivia
from bot.bank.importers.outcome import ImportOutcome, failed, judged
from bot.bank.importers.red_trivia import read_red_trivia
from bot.bank.importers.spreadsheet import read_spreadsheet
from bot.bank.problems import DeckError, Problem
from bot.bank.reader import read_deck, read_stored_deck
from bot.bank.writer import deck_to_yaml
from bot.locales import _

__all__ = [
    "ROLES",
    "ColumnGuess",
    "Format",  # i18n: not shown
    "ImportOutcome",
    "Imported",  # i18n: not shown
    "detect_format",
    "import_deck",
    "import_file",
    "parse_columns",
    "slug",
]


def import_file(
    data: bytes,
    source: str,
    *,
    deck_id: str,
    title: str | None = None,
    fmt: Format | None = None,
    distractors: bool = False,
    keep_valid: bool = False,
    columns: tuple[str, ...] | None = None,
    guild_id: int | None = None,
) -> ImportOutcome:
    """What `bvunzo import` and `/deck import` answer for one file: never raises for what the file holds."""
    encoding: str | None = None
    found: Format | None = fmt
    try:
        decoded = decode(data, source)
        encoding = decoded.encoding
        found = fmt or detect_format(decoded.text, source)
        imported, found = _import_text(
            decoded.text, source, deck_id, title, found, distractors, columns, guild_id
        )
    except NothingPlayable as exc:
        return failed(exc.problems, source, found, encoding, exc.columns)
    except DeckError as exc:
        return failed(exc.problems, source, found, encoding, None)
    return judged(imported, found, source, decoded.encoding, keep_valid=keep_valid)


def import_deck(
    data: bytes,
    source: str,
    *,
    deck_id: str,
    title: str | None = None,
    fmt: Format | None = None,
    distractors: bool = False,
    columns: tuple[str, ...] | None = None,
    guild_id: int | None = None,
) -> tuple[Imported, Format]:
    """The deck in an uploaded file, in whichever format it is (or `fmt`), as our YAML.

    Questions that cannot be imported are left out, each with its `line: reason`; DeckError when the
    file as a whole cannot be read (too large, unknown format, no playable question).
    """
    decoded = decode(data, source)
    return _import_text(
        decoded.text,
        source,
        deck_id,
        title,
        fmt or detect_format(decoded.text, source),
        distractors,
        columns,
        guild_id,
    )


def _import_text(
    text: str,
    source: str,
    deck_id: str,
    title: str | None,
    found: Format | None,
    distractors: bool,
    columns: tuple[str, ...] | None,
    guild_id: int | None,
) -> tuple[Imported, Format]:
    if found is None:
        raise DeckError(
            [
                Problem(
                    source,
                    0,
                    _(
                        "the format of this file is not one Bvunzo reads (our YAML, CSV/TSV, a Red trivia list, "
                        "numbered text, Open Trivia DB JSON, Moodle's GIFT or Moodle XML); choose one with the "
                        "format option"
                    ),
                )
            ]
        )
    if found is Format.YAML:
        return _ours(text, source, deck_id, title, guild_id), found
    draft = _draft(text, source, found, distractors, columns)
    if title:
        if not draft.title:
            draft.title = title
        elif found is Format.OPENTDB:
            draft.title = title  # its own title is only the name of the site
    return finish(draft, deck_id, guild_id=guild_id), found


def _draft(
    text: str, source: str, found: Format, distractors: bool, columns: tuple[str, ...] | None
) -> DeckDraft:
    """The deck a file in another format holds, read by that format's importer."""
    if found is Format.CSV:
        return read_spreadsheet(text, source, distractors=distractors, columns=columns)
    if found is Format.RED:
        return read_red_trivia(text, source, distractors=distractors)
    if found is Format.TEXT:
        return read_numbered_text(text, source)
    if found is Format.GIFT:
        return read_gift(text, source)
    if found is Format.MOODLE_XML:
        return read_moodle_xml(text, source)
    return read_open_trivia(text, source)


def _ours(text: str, source: str, deck_id: str, title: str | None, guild_id: int | None) -> Imported:
    """Our own YAML: validated as it is, with the id the importer was given and broken questions left out."""
    deck, _line = read_deck(text, source, default_id=deck_id, keep_valid=True)
    kept = replace(
        deck,
        id=deck_id,
        title=deck.title if deck.title != deck.id else (title or deck_id),
        source=source,
        guild_id=guild_id,
        left_out=(),  # said apart, below: the YAML written holds the questions kept
    )
    out = deck_to_yaml(kept)
    reread = read_stored_deck(out, source, guild_id=guild_id)
    return Imported(text=out, deck=reread, left_out=deck.left_out, notes=())
