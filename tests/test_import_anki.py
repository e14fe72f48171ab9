"""Anki packages (.apkg, .colpkg) of either schema, counted by hand, and packages no importer should open."""

from __future__ import annotations

import io
import random
import sqlite3
import zipfile
from pathlib import Path

import pytest
import zstandard
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.bank.importers import Format, import_file
from bot.bank.models import Kind
from tests.anki_packages import BASIC, CLOZE, REVERSED, TYPED, AnkiNote, NoteType, collection, package

AFRICA, RIVERS = "Geography::Africa", "Geography::Rivers"
NOTES = [
    AnkiNote(BASIC, ("Capital of <b>Zimbabwe</b>?", "Harare"), "geography africa", AFRICA),
    AnkiNote(REVERSED, ("Mosi-oa-Tunya", "Victoria&nbsp;Falls<br>on the Zambezi"), "", AFRICA),
    AnkiNote(TYPED, ("Longest river in Africa?", "<div>Nile</div>"), "", RIVERS),
    AnkiNote(CLOZE, ("{{c1::Harare}} is the capital of Zimbabwe", ""), "", AFRICA),
    AnkiNote(BASIC, ("[sound:mhoro.mp3]", "Hello"), "", AFRICA),
    AnkiNote(BASIC, ('Flag of Kenya?<img src="kenya.png">', "Black, red and green"), "", AFRICA),
    AnkiNote(BASIC, ('Largest lake?<img src="https://example.org/lake.png">', "Lake Victoria"), "", RIVERS),
    AnkiNote(BASIC, ("Empty back?", ""), "", RIVERS),
]
KEPT = [
    ("Capital of Zimbabwe?", ("Harare",), None, ("geography", "africa")),
    ("Mosi-oa-Tunya", ("Victoria Falls\non the Zambezi",), None, ()),
    ("Longest river in Africa?", ("Nile",), None, ()),
    ("{{1}} is the capital of Zimbabwe", (), None, ()),
    ("Flag of Kenya?", ("Black, red and green",), None, ()),
    ("Largest lake?", ("Lake Victoria",), "https://example.org/lake.png", ()),
]
SAID = [
    "deck.apkg:2: 1 note also has a reversed card; as with Anki's text export, only its first field is asked",
    "deck.apkg:5: 1 note plays a sound ([sound:…]); a round shows no sound, so it was dropped",
    "deck.apkg:6: 1 note shows an image from the package; an uploaded deck shows images only from https:// "
    "addresses, so it was dropped",
    "deck.apkg:5: the note's first field holds no words (only a sound or an image?)",
    "deck.apkg:8: the note's answer field `Back` is empty",
]


@pytest.mark.parametrize(
    ("name", "schema"),
    [("collection.anki2", 11), ("collection.anki21", 11), ("collection.anki21b", 18)],
)
def test_a_package_of_each_schema_imports_by_hand_count(name: str, schema: int) -> None:
    outcome = import_file(
        package(NOTES, name=name, schema=schema), "deck.apkg", deck_id="geo", keep_valid=True
    )
    assert outcome.kept is not None and outcome.fmt is Format.ANKI
    assert outcome.headline == ("Imported 6 questions; 2 could not be imported and are listed.")
    assert outcome.read_as() == "Read as an Anki package."
    deck = outcome.kept.deck
    assert deck.title == "Geography"
    assert [(q.prompt, q.accepted, q.image, q.tags) for q in deck.questions] == KEPT
    assert [q.kind for q in deck.questions] == [Kind.TEXT] * 3 + [Kind.CLOZE] + [Kind.TEXT] * 2
    assert deck.questions[3].blanks == (("Harare",),)
    assert [str(p) for p in outcome.lines()[2:]] == SAID


def test_cloze_notes_are_cloze_questions_with_one_blank_per_number() -> None:
    sixth = " ".join(f"{{{{c{n}::w{n}}}}}" for n in range(1, 7))
    notes = [
        AnkiNote(
            CLOZE,
            ("{{c2::Harare}} lies on the {{c1::Mukuvisi::river}}; {{c2::harare}} is a capital", "Since 1980"),
            "",
            AFRICA,
        ),
        AnkiNote(CLOZE, (sixth, ""), "", AFRICA),
        AnkiNote(BASIC, ("Capital of Zambia?", "Lusaka"), "", AFRICA),
    ]
    outcome = import_file(package(notes), "cloze.apkg", deck_id="cloze", keep_valid=True)
    assert outcome.kept is not None
    cloze, _basic = outcome.kept.deck.questions
    assert (cloze.kind, cloze.prompt, cloze.blanks, cloze.explanation) == (
        Kind.CLOZE,
        "{{1}} lies on the {{2}} [river]; ____(1) is a capital",
        (("Harare",), ("Mukuvisi",)),
        "Since 1980",
    )
    assert [str(p) for p in outcome.problems] == [
        "cloze.apkg:2: the cloze note has 6 blanks (c1, c2…); at most 5 fit in Discord's answer form, so split it"
    ]


def test_a_third_field_is_the_explanation_and_a_typed_field_the_answer() -> None:
    typed = NoteType(
        1_005, "Basic (type in the answer)", ("Front", "Hint", "Back"), ("{{Front}} {{type:nc:Back}}",)
    )
    notes = [AnkiNote(typed, ("Square root of 81?", "Think of 9 × 9", "9"), "", "Maths")]
    outcome = import_file(
        package(notes, name="collection.anki21b", schema=18, types=(typed,)), "m.colpkg", deck_id="m"
    )
    assert outcome.kept is not None
    [question] = outcome.kept.deck.questions
    assert (question.prompt, question.accepted, question.explanation) == (
        "Square root of 81?",
        ("9",),
        "Think of 9 × 9",
    )
    assert outcome.kept.deck.title == "Maths"


def test_distractors_come_from_the_same_anki_deck() -> None:
    rivers = [AnkiNote(BASIC, (f"River {n}?", f"Zambezi {n}"), "", "Rivers") for n in range(5)]
    lakes = [AnkiNote(BASIC, (f"Lake {n}?", f"Kariba {n}"), "", "Lakes") for n in range(5)]
    outcome = import_file(package(rivers + lakes), "water.apkg", deck_id="water", distractors=True)
    assert outcome.kept is not None
    questions = outcome.kept.deck.questions
    assert len(questions) == 10 and {q.kind for q in questions} == {Kind.CHOICE}
    for question in questions:
        number = question.prompt.split()[1].rstrip("?")
        family = "Zambezi" if question.prompt.startswith("River") else "Kariba"
        # The note's own answer is first and right; the wrong ones (up to three: with_distractors draws a
        # few times from a short list) are other answers of its own Anki deck.
        assert question.choices[0] == f"{family} {number}" and question.answers == frozenset({0})
        assert len(question.choices) >= 2
        assert all(c.startswith(family) for c in question.choices), question.choices


def test_an_exported_deck_imports_back_to_its_questions() -> None:
    from bot.bank.exports import export_deck
    from bot.bank.reader import read_stored_deck

    deck = read_stored_deck(
        "id: back\ntitle: Round trip\nquestions:\n"
        "  - {id: a, type: text, prompt: Capital of Zambia?, answers: [Lusaka], tags: [africa]}\n"
        "  - {id: b, type: text, prompt: Longest river?, answers: [Nile], explanation: 6650 km.}\n",
        "back.yaml",
        guild_id=None,
    )
    exported = export_deck(deck, "anki")
    outcome = import_file(exported.data, "back.apkg", deck_id="back")
    assert outcome.kept is not None
    assert [(q.prompt, q.accepted, q.explanation, q.tags) for q in outcome.kept.deck.questions] == [
        ("Capital of Zambia?", ("Lusaka",), "", ("africa",)),
        ("Longest river?", ("Nile",), "6650 km.", ()),
    ]


def _refusal(why: str) -> str:
    return f"upload: the file is not an Anki package Bvunzo can read: {why}; export the deck again from Anki as an .apkg"


def _zip(entries: dict[str, bytes], method: int = zipfile.ZIP_DEFLATED) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", method) as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    return out.getvalue()


def test_a_zip_bomb_is_refused_before_it_is_unpacked() -> None:
    data = _zip({"collection.anki21": b"\0" * (20 * 1024 * 1024)})
    outcome = import_file(data, "upload", deck_id="x")
    assert [str(p) for p in outcome.problems] == [
        _refusal("it unpacks to far more than a deck of questions holds (a zip bomb?)")
    ]


def test_a_zstd_bomb_is_refused_without_unpacking_it_all() -> None:
    packed = zstandard.ZstdCompressor().compress(b"SQLite format 3\x00" + b"\0" * (80 * 1024 * 1024))
    outcome = import_file(_zip({"collection.anki21b": packed}), "upload", deck_id="x")
    assert [str(p) for p in outcome.problems] == [
        _refusal("it unpacks to far more than a deck of questions holds (a zip bomb?)")
    ]


def test_a_zip_of_ten_thousand_entries_is_refused() -> None:
    entries = {"collection.anki2": b"", **{str(n): b"" for n in range(10_000)}}
    outcome = import_file(_zip(entries, zipfile.ZIP_STORED), "upload", deck_id="x")
    assert [str(p) for p in outcome.problems] == [
        _refusal("it unpacks to far more than a deck of questions holds (a zip bomb?)")
    ]


def test_a_collection_that_is_no_sqlite_is_refused_in_one_sentence() -> None:
    outcome = import_file(_zip({"collection.anki21": b"just some words"}), "upload", deck_id="x")
    assert [str(p) for p in outcome.problems] == [_refusal("its collection is not an SQLite database")]


def test_a_damaged_collection_is_refused_in_one_sentence() -> None:
    database = collection(NOTES)
    damaged = database[:100] + bytes(len(database) - 100)
    outcome = import_file(_zip({"collection.anki21": damaged}), "upload", deck_id="x", fmt=Format.ANKI)
    assert [str(p) for p in outcome.problems] == [_refusal("its collection is a damaged or unknown database")]


def test_a_column_that_makes_half_a_gigabyte_is_refused_in_one_sentence(tmp_path: Path) -> None:
    # A table of the right names whose `flds` SQLite computes when read: 500 MB of zeros, per note.
    path = tmp_path / "c"
    db = sqlite3.connect(path)
    db.executescript(
        "CREATE TABLE col (models text, decks text); INSERT INTO col VALUES ('{}', '{}');"
        "CREATE TABLE cards (nid, ord, did);"
        "CREATE TABLE notes (id integer primary key, mid, tags, flds AS (zeroblob(500000000)));"
        "INSERT INTO notes (id, mid, tags) VALUES (1, 1, '');"
    )
    db.commit()
    db.close()
    outcome = import_file(_zip({"collection.anki21": path.read_bytes()}), "upload", deck_id="x")
    assert [str(p) for p in outcome.problems] == [_refusal("its collection is a damaged or unknown database")]


def test_twenty_thousand_notes_are_refused_over_the_deck_cap() -> None:
    notes = [AnkiNote(BASIC, (f"Q{n}", f"A{n}")) for n in range(20_000)]
    outcome = import_file(package(notes), "big.apkg", deck_id="x")
    assert [str(p) for p in outcome.problems] == [
        "big.apkg: the file has 20000 questions; at most 5000 fit in one deck, so split it into several files"
    ]


def test_text_said_to_be_an_anki_package_is_refused_in_one_sentence() -> None:
    outcome = import_file(b"question,answer\n", "upload", deck_id="x", fmt=Format.ANKI)
    assert [str(p) for p in outcome.problems] == [_refusal("it is not a zip archive")]


@pytest.mark.parametrize("how", ["version", "method"])
def test_a_package_made_by_a_newer_zip_version_or_method_gets_one_sentence(how: str) -> None:
    from tests.test_import_qti import unopenable

    data = unopenable(package(NOTES[:3], name="collection.anki21b", schema=18), how)
    refused = [_refusal("it is not a zip archive")]
    assert [str(p) for p in import_file(data, "upload", deck_id="x", fmt=Format.ANKI).problems] == refused
    detected = [str(p) for p in import_file(data, "upload", deck_id="x").problems]
    # A directory zipfile cannot read names no collection: the zip is said to be none Bvunzo reads.
    expected = (
        refused
        if how == "method"
        else [
            "upload: the file is a zip archive, but none Bvunzo reads (an Excel workbook, a Canvas quiz export, an "
            "Anki package), or one it cannot open; export it again, or choose its format with the format option"
        ]
    )
    assert detected == expected


SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SMALL = package(NOTES[:3], name="collection.anki21b", schema=18)


@SETTINGS
@given(st.binary(max_size=2000), st.sampled_from([None, Format.ANKI]))
def test_any_bytes_get_a_deck_or_one_sentence(data: bytes, fmt: Format | None) -> None:
    outcome = import_file(b"PK\x03\x04" + data, "upload", deck_id="x", fmt=fmt)
    assert outcome.kept is not None or len(outcome.problems) == 1


@SETTINGS
@given(st.randoms(use_true_random=False), st.integers(1, 40))
def test_a_package_with_bytes_changed_gets_questions_or_one_sentence(
    rng: random.Random, changes: int
) -> None:
    data = bytearray(SMALL)
    for _ in range(changes):
        data[rng.randrange(len(data))] = rng.randrange(256)
    outcome = import_file(bytes(data), "upload", deck_id="x", fmt=Format.ANKI, keep_valid=True)
    assert outcome.kept is not None or len(outcome.problems) >= 1
