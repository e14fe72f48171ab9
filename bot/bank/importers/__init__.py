"""Importers: decks from other quiz formats, detected by content, turned into our YAML and validated.

Every importer is pure (text in, a DeckDraft out) and knows nothing of Discord; `import_deck` runs the
one an upload needs and the deck validator over what it made.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Required, TypedDict, Unpack

from bot.bank.ids import slug
from bot.bank.import_formats import EXPORT_FORMATS, WORKBOOK_FORMATS
from bot.bank.importers.anki import read_anki_package
from bot.bank.importers.anki_collection import is_anki_package
from bot.bank.importers.blackboard import read_blackboard
from bot.bank.importers.columns import ROLES, ColumnGuess, parse_columns
from bot.bank.importers.decoding import decode
from bot.bank.importers.drafts import DeckDraft, Imported, NothingPlayable, finish
from bot.bank.importers.formats import Format, detect_format, detect_workbook
from bot.bank.importers.gift import read_gift
from bot.bank.importers.kahoot import read_kahoot
from bot.bank.importers.moodle_xml import read_moodle_xml
from bot.bank.importers.numbered_text import read_numbered_text
from bot.bank.importers.open_trivia import read_open_trivia
from bot.bank.importers.outcome import ImportOutcome, failed, judged
from bot.bank.importers.qti_package import is_qti_package, read_qti, read_qti_package
from bot.bank.importers.red_trivia import read_red_trivia
from bot.bank.importers.spreadsheet import read_spreadsheet
from bot.bank.importers.wayground import read_wayground
from bot.bank.importers.workbook import is_workbook, read_rows, refuse_other_zips
from bot.bank.part_sizes import MAX_EXPORT_BYTES, size_problem
from bot.bank.problems import DeckError, Problem
from bot.bank.reader import read_deck, read_stored_deck
from bot.bank.writer import deck_to_yaml
from bot.locales import N_, _

# A workbook, or a file said to be one, that is neither template.
NOT_A_TEMPLATE = N_(
    "the spreadsheet follows neither Kahoot's template (`Question`, `Answer 1` to `Answer 4`) nor "
    "Wayground's (`Question Text`, `Question Type`, `Option 1`...); save it as CSV UTF-8 to import it as a "
    "spreadsheet"
)

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


class ImportAsked(TypedDict, total=False):
    """What an import is asked for, passed on as given: the deck's id, the title it takes when the file
    names none, `distractors` (a question with only right answers takes its wrong choices from the other
    questions' answers), a spreadsheet's columns when they are not to be guessed, and the server it is for."""

    deck_id: Required[str]
    title: str | None
    distractors: bool
    columns: tuple[str, ...] | None
    guild_id: int | None


def import_file(
    data: bytes,
    source: str,
    *,
    fmt: Format | None = None,
    keep_valid: bool = False,
    **asked: Unpack[ImportAsked],
) -> ImportOutcome:
    """What `bvunzo import` and `/deck import` answer for one file: never raises for what the file holds."""
    reading = _Reading(fmt)
    try:
        imported = _import_bytes(data, source, reading, **asked)
    except NothingPlayable as exc:
        return failed(exc.problems, source, reading.found, reading.encoding, exc.columns)
    except DeckError as exc:
        return failed(exc.problems, source, reading.found, reading.encoding, None)
    assert reading.found is not None  # every reading that returns has told its format
    return judged(imported, reading.found, source, reading.encoding, keep_valid=keep_valid)


def import_deck(
    data: bytes, source: str, *, fmt: Format | None = None, **asked: Unpack[ImportAsked]
) -> tuple[Imported, Format]:
    """The deck in an uploaded file, in whichever format it is (or `fmt`), as our YAML.

    Questions that cannot be imported are left out, each with its `line: reason`; DeckError when the
    file as a whole cannot be read (too large, unknown format, no playable question).
    """
    reading = _Reading(fmt)
    imported = _import_bytes(data, source, reading, **asked)
    assert reading.found is not None
    return imported, reading.found


@dataclass(slots=True)
class _Reading:
    """What is known of an upload as it is read: its format, given or detected, and its text's encoding."""

    found: Format | None
    encoding: str | None = None


def _import_bytes(
    data: bytes,
    source: str,
    reading: _Reading,
    *,
    deck_id: str,
    title: str | None = None,
    distractors: bool = False,
    columns: tuple[str, ...] | None = None,
    guild_id: int | None = None,
) -> Imported:
    """An Anki package, a Canvas export or a workbook read from its zip, any other file as text; `reading`
    learns what was found."""
    if (problem := size_problem(len(data), source, MAX_EXPORT_BYTES)) is not None:
        raise DeckError([problem])  # no upload is larger, whatever it holds: refused unread
    if reading.found is Format.ANKI or (reading.found is None and is_anki_package(data)):
        reading.found = Format.ANKI
        draft = read_anki_package(data, source, distractors=distractors)
        return _finished(draft, Format.ANKI, deck_id, title, guild_id)
    zipped = is_workbook(data)
    if zipped and (reading.found is Format.QTI or (reading.found is None and is_qti_package(data))):
        reading.found = Format.QTI
        return _finished(read_qti_package(data, source), Format.QTI, deck_id, title, guild_id)
    if reading.found is None and zipped:
        refuse_other_zips(data, source)
    if reading.found in WORKBOOK_FORMATS or (reading.found is None and zipped):
        rows = read_rows(data, source)
        reading.found = reading.found or detect_workbook(rows)
        if reading.found is None:
            raise DeckError([Problem(source, 0, _(NOT_A_TEMPLATE))])
        read = read_kahoot if reading.found is Format.KAHOOT else read_wayground
        return _finished(read(rows, source), reading.found, deck_id, title, guild_id)
    decoded = decode(data, source)
    reading.encoding = decoded.encoding
    reading.found = reading.found or detect_format(decoded.text, source)
    if reading.found not in EXPORT_FORMATS and (problem := size_problem(len(data), source)) is not None:
        raise DeckError([problem])  # text of our own formats: the deck cap, not an export's
    return _import_text(decoded.text, source, deck_id, title, reading.found, distractors, columns, guild_id)


def _import_text(
    text: str,
    source: str,
    deck_id: str,
    title: str | None,
    found: Format | None,
    distractors: bool,
    columns: tuple[str, ...] | None,
    guild_id: int | None,
) -> Imported:
    if found is None:
        raise DeckError(
            [
                Problem(
                    source,
                    0,
                    _(
                        "the format of this file is not one Bvunzo reads (our YAML, CSV/TSV, a Red trivia list, "
                        "numbered text, Open Trivia DB JSON, Moodle's GIFT or Moodle XML, Blackboard's upload "
                        "text, Kahoot's or Wayground's spreadsheet template, a Canvas quiz export in QTI 1.2, an "
                        "Anki package); choose one with the format option"
                    ),
                )
            ]
        )
    if found is Format.YAML:
        return _ours(text, source, deck_id, title, guild_id)
    return _finished(_draft(text, source, found, distractors, columns), found, deck_id, title, guild_id)


def _finished(
    draft: DeckDraft, found: Format, deck_id: str, title: str | None, guild_id: int | None
) -> Imported:
    if title:
        if not draft.title:
            draft.title = title
        elif found is Format.OPENTDB:
            draft.title = title  # its own title is only the name of the site
    return finish(draft, deck_id, guild_id=guild_id)


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
    if found is Format.BLACKBOARD:
        return read_blackboard(text, source)
    if found is Format.QTI:
        return read_qti(text, source)
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
