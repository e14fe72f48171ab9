"""Anki packages built as Anki writes them: a zip of the collection's SQLite (schema 11 or 18) and `media`.

The tables follow Anki's own schema: `col` with the note types and decks as JSON (schema 11), or the
`notetypes`, `fields`, `templates` and `decks` tables of schema 18 with their protobuf configs; `notes`
with the fields joined by \\x1f and tags between spaces; `cards` tying each note to a deck.
"""

from __future__ import annotations

import io
import json
import sqlite3
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

import zstandard

_SCHEMA_11 = """
CREATE TABLE col (id integer primary key, crt integer not null, mod integer not null, scm integer not null,
  ver integer not null, dty integer not null, usn integer not null, ls integer not null, conf text not null,
  models text not null, decks text not null, dconf text not null, tags text not null);
CREATE TABLE notes (id integer primary key, guid text not null, mid integer not null, mod integer not null,
  usn integer not null, tags text not null, flds text not null, sfld integer not null, csum integer not null,
  flags integer not null, data text not null);
CREATE TABLE cards (id integer primary key, nid integer not null, did integer not null, ord integer not null,
  mod integer not null, usn integer not null, type integer not null, queue integer not null, due integer not null,
  ivl integer not null, factor integer not null, reps integer not null, lapses integer not null,
  left integer not null, odue integer not null, odid integer not null, flags integer not null, data text not null);
CREATE TABLE revlog (id integer primary key, cid integer not null, usn integer not null, ease integer not null,
  ivl integer not null, lastIvl integer not null, factor integer not null, time integer not null,
  type integer not null);
CREATE TABLE graves (usn integer not null, oid integer not null, type integer not null);
CREATE INDEX ix_cards_nid on cards (nid);
"""
_SCHEMA_18 = """
CREATE TABLE notetypes (id integer not null primary key, name text not null collate unicase,
  mtime_secs integer not null, usn integer not null, config blob not null);
CREATE UNIQUE INDEX idx_notetypes_name ON notetypes (name);
CREATE TABLE fields (ntid integer not null, ord integer not null, name text not null collate unicase,
  config blob not null, primary key (ntid, ord)) without rowid;
CREATE UNIQUE INDEX idx_fields_name_ntid ON fields (name, ntid);
CREATE TABLE templates (ntid integer not null, ord integer not null, name text not null collate unicase,
  mtime_secs integer not null, usn integer not null, config blob not null, primary key (ntid, ord)) without rowid;
CREATE UNIQUE INDEX idx_templates_name_ntid ON templates (name, ntid);
CREATE TABLE decks (id integer primary key not null, name text not null collate unicase,
  mtime_secs integer not null, usn integer not null, common blob not null, kind blob not null);
CREATE UNIQUE INDEX idx_decks_name ON decks (name);
CREATE TABLE config (KEY text not null primary key, usn integer not null, mtime_secs integer not null,
  val blob not null) without rowid;
CREATE TABLE tags (tag text not null primary key, usn integer not null, collapsed boolean not null,
  config blob null) without rowid;
"""


@dataclass(frozen=True)
class NoteType:
    id: int
    name: str
    fields: tuple[str, ...]
    question_sides: tuple[str, ...]  # each card template's question side
    cloze: bool = False


BASIC = NoteType(1_001, "Basic", ("Front", "Back"), ("{{Front}}",))
REVERSED = NoteType(1_002, "Basic (and reversed card)", ("Front", "Back"), ("{{Front}}", "{{Back}}"))
TYPED = NoteType(1_003, "Basic (type in the answer)", ("Front", "Back"), ("{{Front}}\n\n{{type:Back}}",))
CLOZE = NoteType(1_004, "Cloze", ("Text", "Back Extra"), ("{{cloze:Text}}",), cloze=True)
TYPES = (BASIC, REVERSED, TYPED, CLOZE)


@dataclass(frozen=True)
class AnkiNote:
    kind: NoteType
    fields: tuple[str, ...]
    tags: str = ""
    deck: str = "Default"


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte, value = value & 0x7F, value >> 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def _text_field(number: int, text: str) -> bytes:
    raw = text.encode()
    return _varint(number << 3 | 2) + _varint(len(raw)) + raw


def _deck_ids(notes: list[AnkiNote]) -> dict[str, int]:
    names = ["Default", *(n.deck for n in notes)]
    return {name: 1 if name == "Default" else 1_700 + i for i, name in enumerate(dict.fromkeys(names))}


def _old_json(decks: dict[str, int], types: tuple[NoteType, ...]) -> tuple[str, str]:
    models = {
        str(t.id): {
            "id": t.id,
            "name": t.name,
            "type": 1 if t.cloze else 0,
            "flds": [{"name": f, "ord": i} for i, f in enumerate(t.fields)],
            "tmpls": [
                {"name": f"Card {i + 1}", "ord": i, "qfmt": q, "afmt": ""}
                for i, q in enumerate(t.question_sides)
            ],
        }
        for t in types
    }
    return json.dumps(models), json.dumps({str(i): {"id": i, "name": n} for n, i in decks.items()})


def _new_tables(db: sqlite3.Connection, decks: dict[str, int], types: tuple[NoteType, ...]) -> None:
    db.executescript(_SCHEMA_18)
    for t in types:
        kind = _varint(1 << 3) + _varint(1) if t.cloze else b""
        db.execute(
            "INSERT INTO notetypes VALUES (?, ?, 0, 0, ?)", (t.id, t.name, kind + _text_field(3, ".card {}"))
        )
        for i, name in enumerate(t.fields):
            db.execute("INSERT INTO fields VALUES (?, ?, ?, ?)", (t.id, i, name, b""))
        for i, side in enumerate(t.question_sides):
            config = _text_field(1, side) + _text_field(2, "{{FrontSide}}")
            db.execute("INSERT INTO templates VALUES (?, ?, ?, 0, 0, ?)", (t.id, i, f"Card {i + 1}", config))
    for name, deck_id in decks.items():
        db.execute(
            "INSERT INTO decks VALUES (?, ?, 0, 0, ?, ?)", (deck_id, name.replace("::", "\x1f"), b"", b"")
        )


def collection(notes: list[AnkiNote], *, schema: int = 11, types: tuple[NoteType, ...] = TYPES) -> bytes:
    """The SQLite file of a collection holding `notes` and `types`, each note with a card per template."""
    decks = _deck_ids(notes)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "collection.anki21"
        db = sqlite3.connect(path)
        # Anki's own collation for names: Unicode without case (its Rust code registers it).
        db.create_collation(
            "unicase", lambda a, b: (a.casefold() > b.casefold()) - (a.casefold() < b.casefold())
        )
        db.executescript(_SCHEMA_11)
        models, deck_json = _old_json(decks, types) if schema == 11 else ("", "")
        db.execute(
            "INSERT INTO col VALUES (1, 0, 0, 0, ?, 0, 0, 0, '{}', ?, ?, '{}', '{}')",
            (schema, models, deck_json),
        )
        if schema == 18:
            _new_tables(db, decks, types)
        for n, note in enumerate(notes, 1):
            note_id = 1_600_000_000_000 + n
            fields = "\x1f".join(note.fields)
            db.execute(
                "INSERT INTO notes VALUES (?, ?, ?, 0, 0, ?, ?, ?, 0, 0, '')",
                (
                    note_id,
                    f"g{n}",
                    note.kind.id,
                    f" {note.tags} " if note.tags else "",
                    fields,
                    note.fields[0],
                ),
            )
            for order in range(len(note.kind.question_sides)):
                db.execute(
                    "INSERT INTO cards VALUES (?, ?, ?, ?, 0, 0, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, '')",
                    (note_id * 10 + order, note_id, decks[note.deck], order, n),
                )
        db.commit()
        db.close()
        return path.read_bytes()


def package(
    notes: list[AnkiNote],
    *,
    name: str = "collection.anki21",
    schema: int = 11,
    types: tuple[NoteType, ...] = TYPES,
    media: bytes = b"{}",
) -> bytes:
    """An .apkg: the collection under `name` (zstd-packed for `collection.anki21b`) and its media map."""
    database = collection(notes, schema=schema, types=types)
    if name.endswith("b"):
        database = zstandard.ZstdCompressor().compress(database)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(name, database)
        archive.writestr("media", media)
    return out.getvalue()
