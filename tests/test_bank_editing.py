"""The question editor's rules: a form checked by the deck reader, errors beside their fields; add,
delete, reorder; the edited deck loads back the same."""

from __future__ import annotations

import pytest

from bot.bank.editing import (
    EditError,
    QuestionForm,
    add_question,
    check_question,
    delete_question,
    edited_text,
    move_question,
    replace_question,
)
from bot.bank.loader import load_deck_text

DECK_TEXT = """
id: bio
title: Biology
language: en
questions:
  - id: cell
    prompt: "What is the unit of life?"
    choices: [Cell, Atom, Organ]
    answer: 0
    explanation: Everything living is made of cells.
    translations:
      sn: {prompt: "Chii?", choices: [Sero, Atomu, Nhengo]}
    suggested_by: 42
  - id: dna
    type: text
    prompt: "What carries genes?"
    answers: [DNA]
  - id: sun
    type: truefalse
    prompt: "The sun is a star."
    answer: true
"""
DECK = load_deck_text(DECK_TEXT, "bio.yaml", guild_id=5)


def form(**fields: object) -> QuestionForm:
    values: dict = {
        "id": "new",
        "prompt": "Which is a noble gas?",
        "choices": ["Neon", "Iron"],
        "answer": [0],
    }
    values.update(fields)
    return QuestionForm(**values)


def errors(checked) -> list[tuple[str, str]]:
    return [(e.field, e.message) for e in checked.errors]


def test_a_good_form_makes_the_question() -> None:
    checked = check_question(
        form(choices=["Neon", "Iron", "", ""], tags="gases, chem", difficulty="easy"), DECK
    )
    assert checked.errors == ()
    q = checked.question
    assert q is not None
    assert (q.id, q.prompt, q.choices, q.answers) == ("new", "Which is a noble gas?", ("Neon", "Iron"), {0})
    assert (q.tags, q.difficulty, q.lang) == (("gases", "chem"), "easy", "en")


def test_every_question_kind_round_trips_through_the_form_unchanged() -> None:
    for question in DECK.questions:
        checked = check_question(QuestionForm.of(question, DECK.language), DECK, replacing=question.id)
        assert checked.errors == ()
        assert checked.question is not None
        # The line is the form's own YAML's; everything else is the question as it was (suggested_by kept).
        for name in (
            "id",
            "kind",
            "prompt",
            "choices",
            "answers",
            "accepted",
            "explanation",
            "translations",
            "tags",
            "suggested_by",
        ):
            assert getattr(checked.question, name) == getattr(question, name), name


def test_a_number_question_through_the_form_and_back() -> None:
    number = form(kind="number", choices=[], answer=[], number=" 9.81 ", tolerance="1%", unit="m/s²")
    checked = check_question(number, DECK)
    assert checked.errors == () and checked.question is not None
    q = checked.question
    assert (q.answer_text, str(q.tolerance)) == ("9.81 m/s² (± 1%)", "1%")
    again = QuestionForm.of(q, DECK.language)
    assert (again.kind, again.number, again.tolerance, again.unit) == ("number", "9.81", "1%", "m/s²")
    broken = check_question(form(kind="number", choices=[], answer=[], tolerance="some"), DECK)
    assert errors(broken) == [
        ("number", "this number question has no `answer`; write the right number, such as `answer: 9.81`"),
        (
            "tolerance",
            "`tolerance` `some` is neither a number nor a percentage; write how far from the answer a right "
            'answer may be, such as `tolerance: 0.05` or `tolerance: "1%"`',
        ),
    ]


def test_a_multi_question_of_seven_choices_through_the_form_and_back() -> None:
    seven = [*"2345679", "", "", ""]  # the form's ten inputs, the last three left empty
    checked = check_question(form(kind="multi", choices=seven, answer=[5, 0, 1, 3]), DECK)
    assert checked.errors == () and checked.question is not None
    q = checked.question
    assert (q.kind.value, q.choices, q.answers) == ("multi", tuple("2345679"), frozenset({0, 1, 3, 5}))
    again = QuestionForm.of(q, DECK.language)
    assert (again.kind, again.choices, again.answer) == ("multi", list("2345679"), [0, 1, 3, 5])
    broken = check_question(form(kind="multi", choices=["2", "3"], answer=[0, 1]), DECK)
    assert errors(broken) == [
        ("answer", "`answer` marks every choice right; leave at least one wrong choice")
    ]


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ({"prompt": "  "}, [("prompt", "`prompt` is empty")]),
        (
            {"choices": ["Neon", "Iron", "neon "]},
            [("choices[2]", "choice 2 is the same as choice 0 (`neon`)")],
        ),
        ({"choices": ["Neon"]}, [("choices", "a choice question needs 2 to 5 choices; this one has 1")]),
        (
            {"choices": ["Neon", "x" * 201]},
            [
                (
                    "choices[1]",
                    "choice 1 is 201 characters long; at most 200 fit in a Discord message (1 over)",
                )
            ],
        ),
        ({"answer": [2]}, [("answer", "`answer` 2 is out of range: the choices are numbered 0 to 1")]),
        (
            {"answer": []},
            [("answer", "this question has no `answer`; give the right choice's index, counting from 0")],
        ),
        (
            {"difficulty": "medum"},
            [("difficulty", "`difficulty` `medum` is not one of easy, medium, hard; did you mean `medium`?")],
        ),
        ({"image": "http://example.com/a.png"}, [("image", "`image` URLs must start with https://")]),
        (
            {"kind": "multiple"},
            [
                (
                    "kind",
                    "the question `type` `multiple` is not one of choice, truefalse, text, number, poll, multi, cloze, order, match; did you mean `multi`?",
                )
            ],
        ),
        ({"id": "dna"}, [("id", "the question id `dna` is already used by question 2")]),
        (
            {"id": "two words"},
            [("id", "the question id `two words` must be 1 to 40 letters, digits, `-` or `_` (no spaces)")],
        ),
        (
            {"tags": "t" * 41},
            [("tags", "tag 0 is 41 characters long; at most 40 fit in a Discord message (1 over)")],
        ),
        (
            {"translations": "sn:\n  prompt: Chii?\n  choices: [Neoni]"},
            [
                (
                    "translations",
                    "the `sn` translation has 1 choice but the question has 2; translate every choice, in the same order",
                )
            ],
        ),
        (
            {"kind": "text", "accepted": ["", " "]},
            [("answer", "`answers` is empty; give at least one accepted answer")],
        ),
    ],
)
def test_each_error_is_said_beside_its_field_in_the_readers_words(fields: dict, expected: list) -> None:
    checked = check_question(form(**fields), DECK)
    assert checked.question is None
    assert errors(checked) == expected


def test_broken_translation_yaml_is_said_beside_the_translations() -> None:
    checked = check_question(form(translations="sn: {prompt: [Chii"), DECK)
    assert checked.question is None
    [(name, message)] = errors(checked)
    assert name == "translations"
    assert message.startswith("this is not valid YAML")


def test_markup_in_text_is_kept_as_text() -> None:
    checked = check_question(
        form(prompt="<script>alert(1)</script>", choices=["<img src=x onerror=alert(1)>", "b"]), DECK
    )
    assert checked.question is not None
    assert checked.question.prompt == "<script>alert(1)</script>"
    assert checked.question.choices[0] == "<img src=x onerror=alert(1)>"


def test_a_yaml_looking_answer_stays_text_and_cannot_add_keys() -> None:
    # Each field is written by the YAML dumper: text that looks like YAML is quoted, not read as keys.
    checked = check_question(form(prompt="x\nanswer: 1\nchoices: [a]", explanation="key: value"), DECK)
    assert checked.errors == ()
    assert checked.question is not None
    assert checked.question.prompt == "x\nanswer: 1\nchoices: [a]"
    assert checked.question.answers == {0}


def test_add_delete_and_reorder_keep_the_deck_loadable() -> None:
    new = check_question(form(), DECK).question
    assert new is not None
    added = add_question(DECK, new, at=1)
    assert [q.id for q in added.questions] == ["cell", "new", "dna", "sun"]
    moved = move_question(added, "cell", 3)
    assert [q.id for q in moved.questions] == ["new", "dna", "sun", "cell"]
    deleted = delete_question(moved, "dna")
    assert [q.id for q in deleted.questions] == ["new", "sun", "cell"]
    text, reread = edited_text(deleted)
    assert [q.id for q in reread.questions] == ["new", "sun", "cell"]
    assert reread.question("cell").suggested_by == 42
    assert reread.guild_id == 5
    assert load_deck_text(text, "again.yaml").question("sun").answers == {0}

    edited = check_question(
        form(id="sun", kind="truefalse", prompt="The sun is a planet.", answer=[1], choices=[]),
        DECK,
        replacing="sun",
    ).question
    assert edited is not None
    replaced = replace_question(DECK, "sun", edited)
    assert replaced.questions[2].prompt == "The sun is a planet." and replaced.questions[2].answers == {1}


def test_edits_a_deck_cannot_take_are_refused_with_a_sentence() -> None:
    with pytest.raises(EditError, match="already used"):
        add_question(DECK, DECK.questions[0])
    with pytest.raises(EditError, match="no question `gone`"):
        delete_question(DECK, "gone")
    one = delete_question(delete_question(DECK, "dna"), "sun")
    with pytest.raises(EditError, match="at least one question"):
        delete_question(one, "cell")
