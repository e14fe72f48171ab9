"""An Anki package's collection (`.apkg`, `.colpkg`): the zip checked, the SQLite file read read-only.

A package is a zip holding `collection.anki21b` (SQLite packed with zstd, Anki 2.1.50 and later),
`collection.anki21` or `collection.anki2` (SQLite; older Anki, or a newer one's "support older
versions" export, which also holds a stub `collection.anki2`), and `media`. The newest collection in
the zip is read. Its bytes are written under a folder of our own, under our own name, and opened
read-only and immutable; a query that runs past a budget of steps is stopped, so a database built to
loop (a view or trigger of its own) reads as a broken one. Nothing of `media` is unpacked.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from bot.bank import part_sizes
from bot.bank.importers.anki_schema import NoteType, note_types_new, note_types_old
from bot.bank.importers.archive import MAX_UNPACKED, ArchiveRefused, checked_archive, zip_names
from bot.bank.importers.drafts import too_many
from bot.bank.part_sizes import MAX_EXPORT_BYTES, size_problem
from bot.bank.problems import DeckError, Problem
from bot.locales import _

if TYPE_CHECKING:
    import sqlite3

COLLECTIONS = ("collection.anki21b", "collection.anki21", "collection.anki2")  # newest first
MAX_COLLECTION = MAX_UNPACKED  # a collection's SQLite, unpacked (and, for .anki21b, un-zstd'ed)
SQLITE_HEADER = b"SQLite format 3\x00"
# SQLite calls the progress handler every STEPS virtual machine steps; reading 5,000 notes takes a few
# hundred calls, so a query still running after MAX_CALLS was built to run on and is stopped.
STEPS = 10_000
MAX_CALLS = 5_000
MAX_VALUE = 4 * 1024 * 1024  # bytes of one value read: a note's fields, a note type's JSON
MAX_CARDS = 10 * part_sizes.MAX_QUESTIONS_PER_DECK  # a note of Anki's has a card or two, a cloze a few


@dataclass(frozen=True, slots=True)
class Note:
    """One note: its place in the package (counted from 1, by id), type, fields, tags and its deck's name."""

    number: int
    type_id: int
    fields: tuple[str, ...]
    tags: tuple[str, ...]
    deck: str


@dataclass(frozen=True, slots=True)
class Collection:
    notes: list[Note]
    types: dict[int, NoteType]


def is_anki_package(data: bytes) -> bool:
    """Whether the bytes are a zip whose directory names an Anki collection."""
    return data.startswith(b"PK\x03\x04") and any(name in COLLECTIONS for name in zip_names(data))


def read_collection(data: bytes, source: str) -> Collection:
    """The notes and note types of the package's collection; DeckError, in one sentence, otherwise."""
    problem = size_problem(len(data), source, MAX_EXPORT_BYTES)
    if problem is not None:
        raise DeckError([problem])
    database = _collection_bytes(data, source)
    if not database.startswith(SQLITE_HEADER):
        raise _refusal(source, _("its collection is not an SQLite database"))
    with tempfile.TemporaryDirectory(prefix="bvunzo-anki-") as folder:
        path = Path(folder) / "collection.sqlite"
        path.write_bytes(database)
        try:
            with _read_only(path) as connection:
                return _read(connection, source)
        except DeckError:
            raise
        except Exception as exc:  # a hostile database fails in SQLite, or in its JSON, in any way
            raise _refusal(source, _("its collection is a damaged or unknown database")) from exc


def _collection_bytes(data: bytes, source: str) -> bytes:
    try:
        archive = checked_archive(data)
    except ArchiveRefused as exc:
        if exc.bomb:
            raise _refusal(
                source, _("it unpacks to far more than a deck of questions holds (a zip bomb?)")
            ) from exc
        raise _refusal(source, _("it is not a zip archive")) from exc
    with archive:
        names = set(archive.namelist())
        name = next((n for n in COLLECTIONS if n in names), None)
        if name is None:
            raise _refusal(source, _("it holds no Anki collection"))
        try:
            raw = archive.read(name)
        except Exception as exc:  # a hostile archive can fail in any of zipfile's decoders
            raise _refusal(source, _("its collection cannot be unpacked")) from exc
    return _unzstd(raw, source) if name.endswith("b") else raw


def _unzstd(raw: bytes, source: str) -> bytes:
    """A zstd frame unpacked to at most MAX_COLLECTION bytes: its declared size is not trusted."""
    import zstandard  # here: only a newer Anki package needs it

    out = bytearray()
    try:
        with zstandard.ZstdDecompressor().stream_reader(raw) as reader:
            while chunk := reader.read(1024 * 1024):
                out += chunk
                if len(out) > MAX_COLLECTION:
                    raise _refusal(
                        source, _("it unpacks to far more than a deck of questions holds (a zip bomb?)")
                    )
    except zstandard.ZstdError as exc:
        raise _refusal(source, _("its collection cannot be unpacked")) from exc
    return bytes(out)


def _unicase(left: str, right: str) -> int:
    a, b = left.casefold(), right.casefold()
    return (a > b) - (a < b)


@contextmanager
def _read_only(path: Path) -> Iterator[sqlite3.Connection]:
    import sqlite3

    connection = sqlite3.connect(path.as_uri() + "?mode=ro&immutable=1", uri=True)
    calls = 0

    def budget() -> int:
        nonlocal calls
        calls += 1
        return int(calls > MAX_CALLS)

    connection.set_progress_handler(budget, STEPS)
    # Schema 18 names its columns `COLLATE unicase` (Anki registers it): a query that compares them needs it.
    connection.create_collation("unicase", _unicase)
    # No value a query makes may be larger than this: a generated column of a billion zeros fails.
    connection.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_VALUE)
    try:
        connection.execute("PRAGMA trusted_schema = OFF")
        yield connection
    finally:
        connection.close()


def _read(connection: sqlite3.Connection, source: str) -> Collection:
    tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if not {"notes", "cards", "col"} <= tables:
        raise ValueError("no Anki tables")
    (count,) = connection.execute("SELECT count(*) FROM notes").fetchone()
    if count > part_sizes.MAX_QUESTIONS_PER_DECK:
        raise too_many(source, count)
    types, decks = _types_and_decks(connection, tables)
    first_deck = _first_decks(connection)
    notes = []
    for number, (note_id, type_id, fields, tags) in enumerate(
        connection.execute("SELECT id, mid, flds, tags FROM notes ORDER BY id"), 1
    ):
        deck = decks.get(first_deck.get(int(note_id), 0), "")
        notes.append(
            Note(number, int(type_id), tuple(str(fields).split("\x1f")), tuple(str(tags).split()), deck)
        )
    return Collection(notes, types)


def _types_and_decks(
    connection: sqlite3.Connection, tables: set[str]
) -> tuple[dict[int, NoteType], dict[int, str]]:
    """The note types by id, and each deck's name (`A::B`) by id, from the schema the collection has."""
    if "notetypes" in tables:
        types = note_types_new(
            connection.execute("SELECT ntid, name FROM fields ORDER BY ntid, ord"),
            connection.execute("SELECT ntid, config FROM templates ORDER BY ntid, ord"),
            connection.execute("SELECT id, name, config FROM notetypes"),
        )
        rows = connection.execute("SELECT id, name FROM decks")
        return types, {int(i): str(name).replace("\x1f", "::") for i, name in rows}
    models, deck_json = connection.execute("SELECT models, decks FROM col").fetchone()
    decks = {int(d["id"]): str(d["name"]) for d in json.loads(deck_json).values()}
    return note_types_old(json.loads(models)), decks


def _first_decks(connection: sqlite3.Connection) -> dict[int, int]:
    """Each note's deck: the deck of its first card (its cards may lie in several)."""
    first: dict[int, tuple[int, int]] = {}
    rows = connection.execute("SELECT nid, ord, did FROM cards LIMIT ?", (MAX_CARDS + 1,)).fetchall()
    if len(rows) > MAX_CARDS:
        raise ValueError("too many cards")
    for note_id, order, deck_id in rows:
        if int(note_id) not in first or int(order) < first[int(note_id)][0]:
            first[int(note_id)] = (int(order), int(deck_id))
    return {note: deck for note, (_order, deck) in first.items()}


def _refusal(source: str, why: str) -> DeckError:
    return DeckError(
        [
            Problem(
                source,
                0,
                _(
                    "the file is not an Anki package Bvunzo can read: {why}; export the deck again from Anki "
                    "as an .apkg",
                    why=why,
                ),
            )
        ]
    )
