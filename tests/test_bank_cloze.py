"""`type: cloze` questions (blanks to fill) in a deck's YAML: read, refused with one sentence each, checked
by the schema, written back, kept as versions holding their blanks, left out of the CSV export."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import jsonschema
import pytest

from bot.bank.cloze import blanks_from, blanks_text, shown_prompt
from bot.bank.editing import QuestionForm, check_question
from bot.bank.exports import export_deck
from bot.bank.loader import load_deck_text
from bot.bank.models import Kind
from bot.bank.problems import DeckError
from bot.bank.versions import question_from, version_of
from bot.bank.writer import deck_to_yaml

HEAD = "id: geo\ntitle: Geography\nquestions:\n"  # the first question starts on line 4
PROMPT = "prompt: The capital of Zimbabwe is {{1}}, on the way to the {{2}}."
BLANKS = 'blanks: [["Harare"], ["Zambezi", "Zambesi"]]'
SCHEMA = json.loads((Path(__file__).resolve().parents[1] / "questions/deck.schema.json").read_text("utf-8"))


def cloze_deck(*lines: str, kind: str = "cloze") -> str:
    return HEAD + f"  - id: zim\n    type: {kind}\n" + "".join(f"    {x}\n" for x in lines)


def test_a_cloze_question_and_its_blanks() -> None:
    [zim] = load_deck_text(cloze_deck(PROMPT, BLANKS), "geo.yaml").questions
    assert (zim.kind, zim.blanks) == (Kind.CLOZE, (("Harare",), ("Zambezi", "Zambesi")))
    assert zim.typed
    assert zim.answer_text == "(1) Harare · (2) Zambezi"
    assert shown_prompt(zim.prompt) == "The capital of Zimbabwe is ____(1), on the way to the ____(2)."


def test_typed_blanks_are_kept_as_a_json_list() -> None:
    assert blanks_text(["Harare", "Zâmbia"]) == '["Harare", "Zâmbia"]'
    assert blanks_from('["Harare", ""]', 2) == ["Harare", ""]
    assert blanks_from('["Harare"]', 2) is None
    assert blanks_from("0,2", 2) is None


@pytest.mark.parametrize(
    ("lines", "line", "message"),
    [
        pytest.param(
            (PROMPT,),
            4,
            "this cloze question has no `blanks`; list each blank's accepted answers in order, such as "
            '`blanks: [["Harare"], ["Zambezi", "Zambesi"]]`',
            id="no-blanks",
        ),
        pytest.param(
            ("prompt: The capital is Harare.", 'blanks: [["Harare"]]'),
            6,
            "this cloze prompt has no blank; mark each one `{{1}}`, `{{2}}` and so on",
            id="no-blank-in-prompt",
        ),
        pytest.param(
            ("prompt: '{{1}} and {{1}}'", 'blanks: [["a"]]'),
            6,
            "blank `{{1}}` is in the prompt more than once; number each blank once",
            id="duplicated",
        ),
        pytest.param(
            ("prompt: '{{2}} then {{1}}'", 'blanks: [["a"], ["b"]]'),
            6,
            "the prompt's blanks are numbered 2, 1; number them from 1 in the order they come, without a gap",
            id="out-of-order",
        ),
        pytest.param(
            ("prompt: '{{1}} and {{3}}'", 'blanks: [["a"], ["b"]]'),
            6,
            "the prompt's blanks are numbered 1, 3; number them from 1 in the order they come, without a gap",
            id="missing-number",
        ),
        pytest.param(
            ("prompt: '{{1}} {{2}} {{3}} {{4}} {{5}} {{6}}'", "blanks: [[a], [b], [c], [d], [e], [f]]"),
            6,
            "the prompt has 6 blanks; at most 5 fit in Discord's answer form, so split it",
            id="six-blanks",
        ),
        pytest.param(
            (PROMPT, 'blanks: [["Harare"]]'),
            7,
            "the prompt has 2 blanks but `blanks` lists 1; give one list of accepted answers per blank, in order",
            id="count-differs",
        ),
        pytest.param(
            (PROMPT, "blanks:", "  - [Harare]", "  - []"),
            9,
            "blank 2 has no accepted answer; give at least one",
            id="blank-with-no-answer",
        ),
        pytest.param(
            (PROMPT, BLANKS, "answers: [Harare]"),
            8,
            "a cloze question has no `answers`; each blank's accepted answers go under `blanks`",
            id="answers",
        ),
        pytest.param(
            (PROMPT, BLANKS, "hint: H"),
            8,
            "a cloze question has no `hint`; remove it",
            id="hint",
        ),
        pytest.param(
            (PROMPT, BLANKS, "translations:", "  sn: {prompt: Guta guru iHarare.}"),
            9,
            "the `sn` translation's `prompt` must hold the question's 2 blanks, `{{1}}` to `{{2}}`, once each",
            id="translation-without-blanks",
        ),
    ],
)
def test_each_mistake_is_one_sentence_on_its_line(lines: tuple[str, ...], line: int, message: str) -> None:
    with pytest.raises(DeckError) as caught:
        load_deck_text(cloze_deck(*lines), "geo.yaml")
    assert [str(p) for p in caught.value.problems] == [f"geo.yaml:{line}: {message}"]


def test_blanks_given_to_a_text_question_are_refused() -> None:
    text = cloze_deck("prompt: Capital?", "answers: [Harare]", BLANKS, kind="text")
    with pytest.raises(DeckError) as caught:
        load_deck_text(text, "geo.yaml")
    assert [str(p) for p in caught.value.problems] == [
        "geo.yaml:8: `blanks` is for cloze questions; remove it here"
    ]


def test_the_schema_takes_blanks_for_cloze_only() -> None:
    validator = jsonschema.Draft7Validator(SCHEMA)
    cloze = {"id": "z", "type": "cloze", "prompt": "{{1}} {{2}}", "blanks": [["Harare"], "Zambezi"]}
    validator.validate({"id": "geo", "questions": [cloze]})
    for broken in (
        {**cloze, "type": "text", "answers": ["Harare"]},
        {**cloze, "blanks": [["a"]] * 6},
        {**cloze, "blanks": [[]]},
        {**cloze, "answers": ["Harare"]},
        {key: value for key, value in cloze.items() if key != "blanks"},
    ):
        assert list(validator.iter_errors({"id": "geo", "questions": [broken]})), broken


def test_a_deck_written_back_reads_back_the_same() -> None:
    text = cloze_deck(
        PROMPT, BLANKS, "translations:", "  fr: {prompt: 'La capitale est {{1}}, près du {{2}}.'}"
    )
    deck = load_deck_text(text, "geo.yaml")
    written = deck_to_yaml(deck)
    assert "  type: cloze\n" in written and "  blanks:\n  - - Harare\n" in written
    again = load_deck_text(written, "geo.yaml").questions
    assert [replace(q, line=0) for q in again] == [replace(q, line=0) for q in deck.questions]


def test_a_kept_version_holds_the_blanks() -> None:
    [zim] = load_deck_text(cloze_deck(PROMPT, BLANKS), "geo.yaml").questions
    version = version_of(zim)
    assert '"blanks":[["Harare"],["Zambezi","Zambesi"]]' in version.body
    again = question_from(version.body, "zim")
    assert (again.kind, again.blanks, again.prompt) == (Kind.CLOZE, zim.blanks, zim.prompt)


@pytest.mark.parametrize(("fmt", "label"), [("csv", "CSV"), ("gift", "GIFT")])
def test_the_other_formats_leave_a_cloze_question_out_and_say_so(fmt: str, label: str) -> None:
    # GIFT holds one blank only (a missing word); this question has two.
    text = cloze_deck(PROMPT, BLANKS) + "  - id: c\n    prompt: Which?\n    choices: [a, b]\n    answer: 0\n"
    exported = export_deck(load_deck_text(text, "geo.yaml"), fmt)
    assert exported.notes == (f"1 question of the kind `cloze` was left out: {label} cannot hold it.",)


@pytest.mark.parametrize("fmt", ["moodle-xml", "anki"])
def test_moodle_xml_and_anki_keep_a_cloze_question(fmt: str) -> None:
    text = cloze_deck(PROMPT, BLANKS) + "  - id: c\n    prompt: Which?\n    choices: [a, b]\n    answer: 0\n"
    assert export_deck(load_deck_text(text, "geo.yaml"), fmt).notes == ()


def test_a_cloze_question_through_the_editors_form_and_back() -> None:
    deck = load_deck_text(cloze_deck(PROMPT, BLANKS), "geo.yaml")
    typed = ["Harare", "Zambezi\n Zambesi \n", "", "", ""]  # the form's five fields, the last ones empty
    form = QuestionForm(id="new", kind="cloze", prompt="{{1}} is on the {{2}}.", blanks=typed)
    checked = check_question(form, deck)
    assert checked.errors == () and checked.question is not None
    assert checked.question.blanks == (("Harare",), ("Zambezi", "Zambesi"))
    again = QuestionForm.of(checked.question, deck.language)
    assert (again.kind, again.blanks) == ("cloze", ["Harare", "Zambezi\nZambesi"])


def test_the_editor_says_each_blanks_mistake_beside_its_field() -> None:
    deck = load_deck_text(cloze_deck(PROMPT, BLANKS), "geo.yaml")
    empty = QuestionForm(id="new", kind="cloze", prompt="{{1}}, {{2}}", blanks=["", "", "Zambezi"])
    assert [(e.field, e.message) for e in check_question(empty, deck).errors] == [
        (
            "blanks",
            "the prompt has 2 blanks but `blanks` lists 3; give one list of accepted answers per blank, in order",
        ),
        ("blanks[0]", "blank 1 has no accepted answer; give at least one"),
        ("blanks[1]", "blank 2 has no accepted answer; give at least one"),
    ]
