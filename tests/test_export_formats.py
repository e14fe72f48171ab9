"""Exports in GIFT, Moodle XML and Anki: each kind written, read back by our own importers (GIFT, Moodle XML)
or opened by hand (the .apkg's SQLite collection), with what each format cannot hold said in one sentence."""

from __future__ import annotations

import io
import sqlite3
import zipfile
from decimal import Decimal
from pathlib import Path

import pytest

from bot.bank.exports import EXPORT_FORMATS, export_deck
from bot.bank.importers import Format, import_deck
from bot.bank.loader import load_deck_text
from bot.bank.models import Deck, Kind, Question
from bot.bank.tolerance import Tolerance
from bot.bank.writer import deck_to_yaml
from cogs.decks._exports import EXPORTS, export_reply

DECK = load_deck_text(
    r"""
id: marks
title: "Marks: {all} ~ = #"
language: en
questions:
  - id: choice
    prompt: "Which ~ opens = a {block} # here: \\ or <b>this</b> & that?"
    choices: ["a ~ b", "= c", "{d}", "e: #f", "%50% off"]
    answer: 2
    explanation: "Line one\nline two: {x}"
    tags: [marks, two words]
    translations:
      sn: {prompt: "Chii ~?", choices: ["a", "b", "c", "d", "e"]}
  - id: true
    type: truefalse
    prompt: "Water boils at 100 °C at sea level."
    answer: true
  - id: false
    type: truefalse
    prompt: "The Zambezi flows into the Atlantic."
    answer: false
    explanation: "It flows into the Indian Ocean."
  - id: typed
    type: text
    prompt: "The capital of Zimbabwe?"
    answers: ["Harare", "Salisbury {old}", "Harari"]
    image: "https://example.org/zim.png?a=1&b=2"
    explanation: "Called Salisbury until 1982."
  - id: gravity
    type: number
    prompt: "g at the surface of the Earth?"
    answer: 9.81
    tolerance: 0.05
    unit: "m/s²"
    explanation: "About 9.81."
  - id: share
    type: number
    prompt: "Speed of light, in km/s?"
    answer: 300000
    tolerance: 1%
  - id: cold
    type: number
    prompt: "Water freezes at how many °C?"
    answer: -0.5
  - id: vote
    type: poll
    prompt: "Tea or coffee?"
    choices: [tea, coffee]
""",
    "marks.yaml",
)


def read_back(fmt: str, importer: Format) -> Deck:
    data = export_deck(DECK, fmt).data
    imported, found = import_deck(data, EXPORT_FORMATS[fmt].filename(DECK), deck_id="back", fmt=importer)
    assert found is importer and imported.left_out == ()
    return imported.deck


def played(q: Question) -> tuple[object, ...]:
    """What a round plays of a question: kind, words, choices, right answers, number, explanation."""
    return (q.kind, q.prompt, q.choices, q.answers, q.accepted, q.number, q.explanation)


@pytest.fixture(scope="module")
def from_gift() -> Deck:
    return read_back("gift", Format.GIFT)


@pytest.fixture(scope="module")
def from_moodle() -> Deck:
    return read_back("moodle-xml", Format.MOODLE_XML)


KEPT = ["choice", "true", "false", "typed", "gravity", "share", "cold"]  # the poll is left out


@pytest.mark.parametrize("question_id", KEPT)
@pytest.mark.parametrize("fmt", ["gift", "moodle-xml"])
def test_gift_and_moodle_xml_read_back_to_the_same_questions(
    from_gift: Deck, from_moodle: Deck, fmt: str, question_id: str
) -> None:
    original = DECK.question(question_id)
    assert original is not None
    back = from_gift if fmt == "gift" else from_moodle
    # The importers make ids of their own (a Moodle name is a title, not an id): read in order.
    assert played(back.questions[KEPT.index(question_id)]) == played(original)


def test_gift_escapes_its_marks_and_keeps_a_choice_that_looks_like_a_grade() -> None:
    text = export_deck(DECK, "gift").data.decode("utf-8")
    assert text.startswith("// Marks: {all} ~ = #\n\n")
    assert (
        r"::choice::[plain]Which \~ opens \= a \{block\} \# here\: \\ or <b>this</b> & that?"
        r"{~a \~ b ~\= c =\{d\} ~e\: \#f ~%0%%50% off####Line one\nline two\: \{x\}}"
    ) in text.splitlines()


def test_numbers_keep_their_tolerance_as_a_width_and_moodle_keeps_the_unit(
    from_gift: Deck, from_moodle: Deck
) -> None:
    gift_gravity, moodle_gravity = from_gift.questions[4], from_moodle.questions[4]
    assert gift_gravity.tolerance == moodle_gravity.tolerance == Tolerance(Decimal("0.05"))
    assert (gift_gravity.unit, moodle_gravity.unit) == ("", "m/s²")
    for back in (from_gift, from_moodle):
        share, cold = back.questions[5:7]
        assert share.tolerance == Tolerance(Decimal(3000))  # 1% of 300000
        assert cold.tolerance.exact and cold.number == Decimal("-0.5")
    assert "{#9.81:0.05####About 9.81.}" in export_deck(DECK, "gift").data.decode()


def test_moodle_xml_keeps_the_tags_and_images_and_escapes_with_the_xml_library(
    from_moodle: Deck, from_gift: Deck
) -> None:
    assert from_moodle.questions[0].tags == ("marks", "two words")
    assert from_moodle.questions[3].image == "https://example.org/zim.png?a=1&b=2"
    assert from_gift.questions[3].image is None
    xml = export_deck(DECK, "moodle-xml").data.decode("utf-8")
    assert "<text>Which ~ opens = a {block} # here: \\ or &lt;b&gt;this&lt;/b&gt; &amp; that?</text>" in xml
    assert xml.count('<question type="multichoice">') == 1 and 'type="numerical"' in xml


@pytest.mark.parametrize(("fmt", "label"), [("gift", "GIFT"), ("moodle-xml", "Moodle XML"), ("anki", "Anki")])
def test_polls_and_translations_are_left_out_with_one_sentence_each(fmt: str, label: str) -> None:
    notes = export_deck(DECK, fmt).notes
    assert f"1 poll was left out: {label} has no question without a right answer." in notes
    assert f"{label} cannot hold translations: the file has each question in its own language only." in notes
    units = "GIFT has no place for a number's unit: 1 unit was left out."
    assert (units in notes) is (fmt == "gift")


def notes_of_apkg(data: bytes, tmp_path: Path) -> list[tuple[str, list[str], str, str]]:
    """Each note of the package as (its note type's name, its fields, its tags, its guid)."""
    with zipfile.ZipFile(io.BytesIO(data)) as packed:
        assert sorted(packed.namelist()) == ["collection.anki2", "media"]
        (tmp_path / "collection.anki2").write_bytes(packed.read("collection.anki2"))
    connection = sqlite3.connect(tmp_path / "collection.anki2")
    try:
        import json

        [models] = connection.execute("SELECT models FROM col").fetchone()
        names = {int(k): m["name"] for k, m in json.loads(models).items()}
        rows = connection.execute("SELECT mid, flds, tags, guid FROM notes ORDER BY id").fetchall()
    finally:
        connection.close()
    return [(names[mid], flds.split("\x1f"), tags.strip(), guid) for mid, flds, tags, guid in rows]


def test_an_anki_package_holds_one_note_a_question_with_its_fields(tmp_path: Path) -> None:
    notes = notes_of_apkg(export_deck(DECK, "anki").data, tmp_path)
    assert [(n[0], n[1]) for n in notes] == [
        (
            "Bvunzo Basic",
            [
                "Which ~ opens = a {block} # here: \\ or &lt;b&gt;this&lt;/b&gt; &amp; that?"
                '<ol type="A"><li>a ~ b</li><li>= c</li><li>{d}</li><li>e: #f</li><li>%50% off</li></ol>',
                "{d}",
                "Line one<br>line two: {x}",
            ],
        ),
        (
            "Bvunzo Basic",
            ['Water boils at 100 °C at sea level.<ol type="A"><li>True</li><li>False</li></ol>', "True", ""],
        ),
        (
            "Bvunzo Basic",
            [
                'The Zambezi flows into the Atlantic.<ol type="A"><li>True</li><li>False</li></ol>',
                "False",
                "It flows into the Indian Ocean.",
            ],
        ),
        (
            "Bvunzo Basic (type in the answer)",
            [
                'The capital of Zimbabwe?<br><img src="https://example.org/zim.png?a=1&amp;b=2">',
                "Harare",
                "Also accepted: Salisbury {old}, Harari<br>Called Salisbury until 1982.",
            ],
        ),
        (
            "Bvunzo Basic (type in the answer)",
            ["g at the surface of the Earth?", "9.81", "9.81 m/s² (± 0.05)<br>About 9.81."],
        ),
        ("Bvunzo Basic (type in the answer)", ["Speed of light, in km/s?", "300000", "300000 (± 1%)"]),
        ("Bvunzo Basic (type in the answer)", ["Water freezes at how many °C?", "-0.5", "-0.5"]),
    ]
    assert notes[0][2] == "marks two_words"
    again = notes_of_apkg(export_deck(DECK, "anki").data, tmp_path)
    assert [n[3] for n in again] == [n[3] for n in notes]  # the same notes, updated on a new import


def test_the_command_offers_every_format_of_the_table() -> None:
    # genanki is left out at start with the other libraries of tests/test_bot_imports.py.
    assert [choice.value for choice in EXPORTS] == list(EXPORT_FORMATS)


def test_a_polls_choices_stay_in_our_yaml() -> None:
    text = deck_to_yaml(DECK)
    assert "  type: poll\n  prompt: Tea or coffee?\n  choices:\n  - tea\n  - coffee\n" in text
    vote = load_deck_text(text, "again.yaml").question("vote")
    assert vote is not None and vote.kind is Kind.POLL and vote.choices == ("tea", "coffee")


def test_the_reply_attaches_a_file_within_the_limit_and_refuses_a_larger_one_in_one_sentence() -> None:
    exported = export_deck(DECK, "gift")
    said, data = export_reply(DECK, "gift", exported, len(exported.data))
    assert data == exported.data and said.splitlines() == [
        "The deck `marks` (8 questions) as GIFT.",
        "1 poll was left out: GIFT has no question without a right answer.",
        "GIFT has no place for a number's unit: 1 unit was left out.",
        "GIFT has no place for an image: 1 image was left out.",
        "GIFT cannot hold translations: the file has each question in its own language only.",
    ]
    assert export_reply(DECK, "gift", exported, len(exported.data) - 1) == (
        "The GIFT file of `marks` is larger than Discord lets a bot attach; export it with `bvunzo export` "
        "instead.",
        None,
    )


def test_typed_answers_with_a_star_or_an_arrow() -> None:
    deck = load_deck_text(
        "id: signs\ntitle: Signs\nquestions:\n"
        "  - {id: star, type: text, prompt: 'Product?', answers: ['x*y', 'x times y']}\n"
        "  - {id: arrow, type: text, prompt: 'Implies?', answers: ['p -> q']}\n",
        "signs.yaml",
    )
    xml = export_deck(deck, "moodle-xml").data
    assert b"<text>x\\*y</text>" in xml  # a bare `*` would be Moodle's wildcard
    moodle, _fmt = import_deck(xml, "signs.xml", deck_id="back")
    assert [q.accepted for q in moodle.deck.questions] == [("x*y", "x times y"), ("p -> q",)]
    gift = export_deck(deck, "gift")
    assert gift.notes == ("1 question was left out: GIFT reads `->` in a typed answer as a pair to match.",)
    back, _fmt = import_deck(gift.data, "signs.gift", deck_id="back")
    assert [q.accepted for q in back.deck.questions] == [("x*y", "x times y")]
