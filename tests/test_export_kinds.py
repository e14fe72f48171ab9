"""Multi and cloze questions exported in GIFT, Moodle XML, Anki and CSV, and read back by our own importers."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.bank.embedded_answers import EMBEDDED
from bot.bank.exports import EXPORT_FORMATS, export_deck
from bot.bank.importers import Format, import_deck
from bot.bank.loader import load_deck_text
from bot.bank.models import Deck, Kind, Question
from tests.test_export_formats import notes_of_apkg

DECK = load_deck_text(
    r"""
id: kinds
title: Kinds
questions:
  - id: even
    type: multi
    prompt: "Which are even?"
    choices: ["2", "3", "4", "%5% # ~x"]
    answer: [0, 2]
    explanation: "Divisible by 2."
  - id: prime
    type: multi
    prompt: "Which is prime?"
    choices: ["7", "8", "9"]
    answer: [0]
  - id: vowels
    type: multi
    prompt: "Which are vowels?"
    choices: [a, b, e, i]
    answer: [0, 2, 3]
  - id: ocean
    type: cloze
    prompt: "The Zambezi flows into the {{1}} Ocean {a}."
    blanks: [["Indian", "indian ocean ~ # } /"]]
    explanation: "It meets the sea in Mozambique."
  - id: falls
    type: cloze
    prompt: "Victoria Falls lies on the {{1}} river, in {{2}}."
    blanks: [["Zambezi", "Zambesi"], ["Africa"]]
  - id: capital
    type: cloze
    prompt: "The capital of Zimbabwe is {{1}}"
    blanks: [["Harare"]]
""",
    "kinds.yaml",
)
SUFFIX = {"gift": Format.GIFT, "moodle-xml": Format.MOODLE_XML, "anki": Format.ANKI, "csv": Format.CSV}


def read_back(fmt: str) -> Deck:
    data = export_deck(DECK, fmt).data
    imported, found = import_deck(data, EXPORT_FORMATS[fmt].filename(DECK), deck_id="back", fmt=SUFFIX[fmt])
    assert found is SUFFIX[fmt] and imported.left_out == ()
    return imported.deck


def played(q: Question) -> tuple[object, ...]:
    return (q.kind, q.prompt, q.choices, q.answers, q.accepted, q.blanks, q.explanation)


def original(question_id: str) -> tuple[object, ...]:
    question = DECK.question(question_id)
    assert question is not None
    return played(question)


MULTI = ["even", "prime", "vowels"]


@pytest.mark.parametrize("fmt", ["gift", "moodle-xml", "csv"])
def test_multi_questions_read_back_the_same(fmt: str) -> None:
    back = read_back(fmt).questions[:3]
    assert [played(q) for q in back] == [original(i) for i in MULTI]


def test_moodle_xml_reads_every_cloze_back_the_same() -> None:
    back = read_back("moodle-xml").questions[3:]
    assert [played(q) for q in back] == [original(i) for i in ("ocean", "falls", "capital")]


def test_gift_keeps_a_missing_word_and_leaves_out_several_blanks() -> None:
    exported = export_deck(DECK, "gift")
    assert exported.notes == ("1 question of the kind `cloze` was left out: GIFT cannot hold it.",)
    ocean, capital = read_back("gift").questions[3:]
    assert played(ocean) == original("ocean")
    # A blank at the very end has no text after it to make a missing word: a short answer, read as text.
    assert played(capital) == (Kind.TEXT, "The capital of Zimbabwe is", (), frozenset(), ("Harare",), (), "")


def test_anki_keeps_cloze_notes_and_names_the_other_answers_in_extra() -> None:
    back = read_back("anki").questions
    assert [played(q) for q in back[3:]] == [
        (
            Kind.CLOZE,
            "The Zambezi flows into the {{1}} Ocean {a}.",
            (),
            frozenset(),
            (),
            (("Indian",),),
            "Also accepted: (1) indian ocean ~ # } /\nIt meets the sea in Mozambique.",
        ),
        (
            Kind.CLOZE,
            "Victoria Falls lies on the {{1}} river, in {{2}}.",
            (),
            frozenset(),
            (),
            (("Zambezi",), ("Africa",)),
            "Also accepted: (1) Zambesi",
        ),
        (Kind.CLOZE, "The capital of Zimbabwe is {{1}}", (), frozenset(), (), (("Harare",),), ""),
    ]
    # A basic note is read back as Anki's text export reads one: the front asked, the back typed.
    assert played(back[0]) == (
        Kind.TEXT,
        "Which are even?\n\n• 2\n• 3\n• 4\n• %5% # ~x",
        (),
        frozenset(),
        ("2\n4",),
        (),
        "Divisible by 2.",
    )


def test_the_gift_and_moodle_xml_marks_as_written() -> None:
    gift = export_deck(DECK, "gift").data.decode()
    assert (
        "::even::[plain]Which are even?{~%50%2 ~%-50%3 ~%50%4 ~%-50%%5% \\# \\~x####Divisible by 2.}" in gift
    )
    assert "::vowels::[plain]Which are vowels?{~%33.33333%a ~%-33.33333%b ~%33.33333%e ~%33.33333%i}" in gift
    assert (
        "::ocean::[plain]The Zambezi flows into the {=Indian =indian ocean \\~ \\# \\} /####It meets the sea in "
        "Mozambique.} Ocean \\{a\\}."
    ) in gift
    xml = export_deck(DECK, "moodle-xml").data.decode()
    assert xml.count("<single>false</single>") == 3 and xml.count('<question type="cloze">') == 3
    assert xml.count('fraction="33.33333"') == 3 and xml.count('fraction="-33.33333"') == 1
    assert (
        "<text>Victoria Falls lies on the {1:SHORTANSWER:=Zambezi~=Zambesi} river, in {1:SHORTANSWER:=Africa}."
        "</text>"
    ) in xml
    assert "{1:SHORTANSWER:=Indian~=indian ocean \\~ \\# \\} \\/}" in xml


def test_anki_notes_of_the_two_kinds(tmp_path: Path) -> None:
    notes = notes_of_apkg(export_deck(DECK, "anki").data, tmp_path)
    assert [(n[0], n[1]) for n in notes[1:4]] == [
        ("Bvunzo Basic", ['Which is prime?<ol type="A"><li>7</li><li>8</li><li>9</li></ol>', "7", ""]),
        (
            "Bvunzo Basic",
            [
                'Which are vowels?<ol type="A"><li>a</li><li>b</li><li>e</li><li>i</li></ol>',
                "a<br>e<br>i",
                "",
            ],
        ),
        (
            "Bvunzo Cloze",
            [
                "The Zambezi flows into the {{c1::Indian}} Ocean {a}.",
                "Also accepted: (1) indian ocean ~ # } /<br>It meets the sea in Mozambique.",
            ],
        ),
    ]


def test_an_answer_that_would_end_an_anki_deletion_is_left_out_with_its_reason() -> None:
    deck = load_deck_text(
        "id: c\ntitle: C\nquestions:\n"
        "  - {id: c, type: cloze, prompt: 'Scope: {{1}}', blanks: [['std::vector']]}\n"
        "  - {id: t, type: truefalse, prompt: 'Sure?', answer: true}\n",
        "c.yaml",
    )
    assert export_deck(deck, "anki").notes == (
        "1 question was left out: Anki ends a cloze deletion at `::` or `}}` in an answer.",
    )


# Words with every mark the formats escape, and none of the characters XML or a one-line field cannot hold.
WORD = (
    st.text(st.sampled_from('ab Zé9{}~=#:/\\"*%&<>[]-'), min_size=1, max_size=10)
    .map(lambda w: " ".join(w.split()))
    .filter(lambda w: w and "{{" not in w and "}}" not in w and "::" not in w and "->" not in w)
)


def one_deck(question: Question) -> Deck:
    return Deck(id="p", title="P", questions=(question,))


@settings(max_examples=60, deadline=None)
@given(st.lists(WORD, min_size=2, max_size=10, unique_by=str.casefold), st.data())
def test_any_multi_question_reads_back_the_same_from_gift_and_moodle_xml(
    choices: list[str], data: st.DataObject
) -> None:
    right = data.draw(st.sets(st.integers(0, len(choices) - 1), min_size=1, max_size=len(choices) - 1))
    multi = Question("m", Kind.MULTI, "Pick?", choices=tuple(choices), answers=frozenset(right))
    for fmt, name in (("gift", "p.gift"), ("moodle-xml", "p.xml")):
        imported, _found = import_deck(export_deck(one_deck(multi), fmt).data, name, deck_id="p")
        [back] = imported.deck.questions
        assert played(back) == played(multi)


@settings(max_examples=60, deadline=None)
@given(WORD, WORD, st.lists(WORD, min_size=1, max_size=3, unique_by=str.casefold))
def test_any_cloze_of_one_blank_reads_back_the_same_from_gift_and_moodle_xml(
    before: str, after: str, answers: list[str]
) -> None:
    prompt = f"{before} {{{{1}}}} {after}"
    if EMBEDDED.search(prompt):  # words that are a blank of Moodle's own, `{1:SA:=x}`, are one there
        return
    cloze = Question("c", Kind.CLOZE, prompt, blanks=(tuple(answers),))
    for fmt, name in (("gift", "p.gift"), ("moodle-xml", "p.xml")):
        imported, _found = import_deck(export_deck(one_deck(cloze), fmt).data, name, deck_id="p")
        [back] = imported.deck.questions
        assert played(back) == played(cloze)
