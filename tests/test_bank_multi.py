"""`type: multi` questions ("select all that apply") in a deck's YAML: read, refused with one sentence each,
checked by the schema, written back, and kept as versions holding their right set."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import jsonschema
import pytest
import yaml

from bot.bank.importers import import_deck
from bot.bank.loader import load_deck_text
from bot.bank.models import Kind
from bot.bank.problems import DeckError
from bot.bank.versions import question_from, version_of
from bot.bank.writer import deck_to_csv, deck_to_yaml

HEAD = "id: maths\ntitle: Maths\nquestions:\n"  # the first question starts on line 4
SEVEN = "choices: [2, 3, 4, 5, 6, 7, 9]"
SCHEMA = json.loads((Path(__file__).resolve().parents[1] / "questions/deck.schema.json").read_text("utf-8"))


def multi_deck(*lines: str) -> str:
    return (
        HEAD
        + "  - id: primes\n    type: multi\n    prompt: Which are prime?\n"
        + "".join(f"    {x}\n" for x in lines)
    )


def test_a_multi_question_with_seven_choices_and_its_right_set() -> None:
    deck = load_deck_text(multi_deck(SEVEN, 'answer: [0, 1, "5", 5]'), "maths.yaml")
    [primes] = deck.questions
    assert (primes.kind, primes.answers, len(primes.choices)) == (Kind.MULTI, frozenset({0, 1, 3, 5}), 7)
    assert not primes.typed
    assert primes.answer_text == "2 + 3 + 5 + 7"


def test_one_right_choice_is_a_set_of_one() -> None:
    [one] = load_deck_text(multi_deck("choices: [2, 4, 6]", "answer: 0"), "maths.yaml").questions
    assert one.answers == frozenset({0})


@pytest.mark.parametrize(
    ("lines", "line", "message"),
    [
        pytest.param(
            ("answer: [0]",), 4, "this multi question has no `choices`; list 2 to 10 of them", id="no-choices"
        ),
        pytest.param(
            ("choices: [a, b, c, d, e, f, g, h, i, j, k]", "answer: [0]"),
            7,
            "a multi question needs 2 to 10 choices; this one has 11",
            id="eleven-choices",
        ),
        pytest.param(
            ("choices: [2, 3, 4]",),
            4,
            "this multi question has no `answer`; list every right choice's index, counting from 0, such as "
            "`answer: [0, 2]`",
            id="no-answer",
        ),
        pytest.param(
            ("choices: [2, 3]", "answer: [0, 1]"),
            8,
            "`answer` marks every choice right; leave at least one wrong choice",
            id="every-choice-right",
        ),
        pytest.param(
            ("choices: [2, 3, 4]", "answer: []"),
            8,
            "`answer` is an empty list; mark at least one right choice",
            id="no-right-choice",
        ),
        pytest.param(
            ("choices: [2, 3, 4]", "answer: [0, 5]"),
            8,
            "`answer` 5 is out of range: the choices are numbered 0 to 2",
            id="out-of-range",
        ),
        pytest.param(
            ("choices: [2, 3, 4]", "answer: [1, 1]"), 8, "`answer` names choice 1 twice", id="named-twice"
        ),
        pytest.param(
            ("choices: [2, 3, 4]", "answer: [0, eight]"),
            8,
            "`answer` `eight` is not one of the choices; give the right choice's index (counting from 0) or "
            "its exact text",
            id="not-a-choice",
        ),
        pytest.param(
            ("choices: [2, 3, 4]", "answers: [2]"),
            8,
            "`answers` is for text questions; a multi question lists every right choice under `answer`",
            id="answers",
        ),
        pytest.param(
            ("choices: [2, 3, 4]", "answer: [0]", "hint: small"),
            9,
            "`hint` is for text questions, where a member types the answer; remove it here",
            id="hint",
        ),
        pytest.param(
            ("choices: [2, 3, 4]", "answer: [0]", "unit: cm"),
            9,
            "`unit` is for number questions; remove it here",
            id="unit",
        ),
        pytest.param(
            ("choices: [2, 3, 4]", "answer: [0]", "translations:", "  sn: {prompt: Ndedzipi?, choices: [2]}"),
            10,
            "the `sn` translation has 1 choice but the question has 3; translate every choice, in the same order",
            id="translation-short-of-choices",
        ),
    ],
)
def test_each_mistake_is_one_sentence_on_its_line(lines: tuple[str, ...], line: int, message: str) -> None:
    with pytest.raises(DeckError) as caught:
        load_deck_text(multi_deck(*lines), "maths.yaml")
    assert [str(p) for p in caught.value.problems] == [f"maths.yaml:{line}: {message}"]


def test_a_choice_question_still_takes_five_choices_at_most() -> None:
    text = HEAD + "  - id: c\n    prompt: Which?\n    " + SEVEN + "\n    answer: 0\n"
    with pytest.raises(DeckError) as caught:
        load_deck_text(text, "maths.yaml")
    assert [str(p) for p in caught.value.problems] == [
        "maths.yaml:6: a choice question needs 2 to 5 choices; this one has 7"
    ]


def test_the_schema_takes_ten_choices_for_multi_only() -> None:
    validator = jsonschema.Draft7Validator(SCHEMA)
    ten = [str(n) for n in range(10)]
    multi = {"id": "m", "type": "multi", "prompt": "Which?", "choices": ten, "answer": [0, 9]}
    validator.validate({"id": "maths", "questions": [multi]})
    for broken in (
        {**multi, "type": "choice", "answer": 0},
        {**multi, "answer": [0, 0]},
        {**multi, "answer": [10]},
        {**multi, "answers": ["0"]},
        {key: value for key, value in multi.items() if key != "answer"},
    ):
        assert list(validator.iter_errors({"id": "maths", "questions": [broken]})), broken


def test_a_deck_written_back_reads_back_the_same() -> None:
    translated = "  sn: {prompt: Ndedzipi?, choices: [2, 3, 4, 5, 6, 7, 9]}"
    text = multi_deck(SEVEN, "answer: [0, 1, 3, 5]", "translations:", translated)
    text += "  - id: one\n    type: multi\n    prompt: Even?\n    choices: [2, 3]\n    answer: [0]\n"
    deck = load_deck_text(text, "maths.yaml")
    written = deck_to_yaml(deck)
    assert "  type: multi\n" in written and "  answer:\n  - 0\n" in written
    assert yaml.safe_load(written)["questions"][1]["answer"] == [0]  # a list even for a set of one
    again = load_deck_text(written, "maths.yaml").questions
    assert [replace(q, line=0) for q in again] == [replace(q, line=0) for q in deck.questions]


def test_a_kept_version_holds_the_right_set() -> None:
    [primes] = load_deck_text(multi_deck(SEVEN, "answer: [0, 1, 3, 5]"), "maths.yaml").questions
    version = version_of(primes)
    assert '"answers":[0,1,3,5]' in version.body and '"kind":"multi"' in version.body
    again = question_from(version.body, "primes")
    assert (again.kind, again.answers, again.choices) == (Kind.MULTI, primes.answers, primes.choices)


def test_a_spreadsheet_export_reads_back_as_a_multi_question() -> None:
    deck = load_deck_text(multi_deck("choices: [2, 3, 4, 5]", "answer: [0, 1, 3]"), "maths.yaml")
    csv = deck_to_csv(deck)
    assert "primes,multi,Which are prime?,2 | 3 | 5,2,3,4,5," in csv
    imported, _fmt = import_deck(csv.encode(), "maths.csv", deck_id="maths")
    [again] = load_deck_text(imported.text, "maths.yaml").questions
    assert (again.kind, again.choices, again.answers) == (
        Kind.MULTI,
        ("2", "3", "4", "5"),
        frozenset({0, 1, 3}),
    )
