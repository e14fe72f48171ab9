"""The question editor's form in plain words: each kind's fields read into the question it makes (and
another kind's fields ignored), translations as a group per language, and each mistake in one sentence
beside its field."""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from types import MappingProxyType

import pytest

from bot.bank.editor_checks import check_form
from bot.bank.editor_form import EditorForm, Posted, read_form
from bot.bank.loader import load_deck_text
from bot.bank.models import Kind, Question, Translation
from bot.bank.tolerance import Tolerance

DECK = load_deck_text(
    """id: bio
title: Biology
language: en
questions:
- id: cell
  prompt: What is the unit of life?
  choices: [Cell, Atom]
  answer: 0
""",
    "bio.yaml",
    guild_id=5,
)
LANGUAGES = ("sn", "fr", "pt-BR")
# Fields of every kind at once, as a page that showed them all would send: only the chosen kind's count.
EVERY_KIND = {
    "choice0": "Neon",
    "choice1": "Iron",
    "choice2": "Argon",
    "right": "1",
    "rights": "2",
    "truth": "false",
    "accepted": "iron\nFe",
    "number": "26",
    "unit": "g",
    "blank0": "Mars",
    "pair0left": "Neon",
    "pair0right": "gas",
    "items": "Neon\nIron",
}


def posted(**fields: str | list[str]) -> Posted:
    pairs: list[tuple[str, object]] = []
    for name, value in {"id": "new", "prompt": "Which is a metal?", **EVERY_KIND, **fields}.items():
        pairs += [(name, v) for v in ([value] if isinstance(value, str) else value)]
    return Posted.of(pairs)


def made(post: Posted) -> Question:
    checked = check_form(read_form(post, LANGUAGES), DECK)
    assert checked.errors == ()
    assert checked.question is not None
    return dataclasses.replace(checked.question, line=0)


def errors(post: Posted) -> list[tuple[str, str]]:
    checked = check_form(read_form(post, LANGUAGES), DECK)
    assert checked.question is None
    return [(e.field, e.message) for e in checked.errors]


def test_a_choice_question_takes_its_right_answer_from_the_radio_beside_its_choice() -> None:
    assert made(posted(kind="choice")) == Question(
        id="new",
        kind=Kind.CHOICE,
        prompt="Which is a metal?",
        choices=("Neon", "Iron", "Argon"),
        answers=frozenset({1}),
    )


def test_a_multi_question_takes_every_ticked_box_and_no_radio() -> None:
    question = made(posted(kind="multi", rights=["1", "2"], choice3="Gold", right="0"))
    assert question == Question(
        id="new",
        kind=Kind.MULTI,
        prompt="Which is a metal?",
        choices=("Neon", "Iron", "Argon", "Gold"),
        answers=frozenset({1, 2}),
    )


def test_a_poll_keeps_its_choices_and_ignores_any_right_answer_sent() -> None:
    assert made(posted(kind="poll")) == Question(
        id="new", kind=Kind.POLL, prompt="Which is a metal?", choices=("Neon", "Iron", "Argon")
    )


def test_a_true_or_false_question_is_its_radio() -> None:
    question = made(posted(kind="truefalse", prompt="Iron is a gas."))
    assert question == Question(
        id="new",
        kind=Kind.TRUEFALSE,
        prompt="Iron is a gas.",
        choices=("True", "False"),
        answers=frozenset({1}),
    )


def test_a_typed_answer_question_takes_one_answer_a_line() -> None:
    assert made(posted(kind="text")) == Question(
        id="new", kind=Kind.TEXT, prompt="Which is a metal?", accepted=("iron", "Fe")
    )


def test_a_number_question_takes_its_number_tolerance_and_unit() -> None:
    question = made(posted(kind="number", prompt="Iron's atomic number?", tolerance="1"))
    assert question == Question(
        id="new",
        kind=Kind.NUMBER,
        prompt="Iron's atomic number?",
        number=Decimal("26"),
        tolerance=Tolerance(Decimal("1")),
        unit="g",
    )


def test_a_cloze_question_takes_a_field_of_answers_per_blank() -> None:
    question = made(posted(kind="cloze", prompt="{{1}} is red.", blank0="Mars\nthe red planet"))
    assert question == Question(
        id="new", kind=Kind.CLOZE, prompt="{{1}} is red.", blanks=(("Mars", "the red planet"),)
    )


def test_a_match_question_takes_its_pairs_and_ignores_empty_ones() -> None:
    pairs = {"pair0left": "Iron", "pair0right": "metal", "pair1left": "Neon", "pair1right": "gas"}
    question = made(posted(kind="match", prompt="Match each element.", **pairs, pair2left=" ", pair2right=""))
    assert (question.kind, question.pairs) == (Kind.MATCH, (("Iron", "metal"), ("Neon", "gas")))
    assert (question.choices, question.answers, question.blanks) == ((), frozenset(), ())


def test_an_order_question_takes_its_items_one_a_line_and_ignores_blank_lines() -> None:
    question = made(posted(kind="order", prompt="From the Sun outwards.", items="Mercury\n\nVenus \nEarth\n"))
    assert (question.kind, question.choices) == (Kind.ORDER, ("Mercury", "Venus", "Earth"))
    assert (question.answers, question.blanks, question.pairs) == (frozenset(), (), ())


def test_translations_are_a_group_of_fields_per_language_and_empty_groups_are_left_out() -> None:
    post = posted(
        kind="choice",
        **{"tr-sn-prompt": "Chii chesimbi?", "tr-sn-choice0": "Neon", "tr-sn-choice1": "Simbi"},
        **{"tr-sn-choice2": "Agoni", "tr-sn-explanation": "Simbi isimbi.", "tr-fr-prompt": " "},
    )
    assert made(post).translations == MappingProxyType(
        {"sn": Translation("Chii chesimbi?", ("Neon", "Simbi", "Agoni"), "Simbi isimbi.")}
    )


def test_an_edited_question_shows_its_translations_in_their_groups() -> None:
    question = made(posted(kind="text", **{"tr-fr-prompt": "Quel métal ?", "tr-fr-accepted": "fer"}))
    groups = EditorForm.of(question, "en", LANGUAGES).translated
    assert [(g.code, g.prompt, g.accepted) for g in groups] == [
        ("sn", "", []),
        ("fr", "Quel métal ?", ["fer"]),
        ("pt-BR", "", []),
    ]


def test_no_right_answer_is_said_beside_the_choices() -> None:
    assert errors(posted(kind="choice", right=[])) == [
        ("choices", "Choose the right answer with the button beside its choice.")
    ]
    assert errors(posted(kind="multi", rights=[])) == [
        ("choices", "Tick every right answer beside its choice (at least one).")
    ]
    assert errors(posted(kind="truefalse", truth="")) == [
        ("truth", "Choose whether the statement is true or false.")
    ]


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ({"prompt": " "}, [("prompt", "Write the question.")]),
        ({"choice1": ""}, [("choices[1]", "This choice is empty: write it, or empty the choices after it.")]),
        ({"choice2": " neon "}, [("choices[2]", "This choice is the same as choice 1.")]),
        ({"choice1": "", "choice2": "", "right": "0"}, [("choices", "Write at least two choices.")]),
        (
            {"kind": "text", "accepted": "\n"},
            [("accepted", "Write at least one answer that counts as right.")],
        ),
        ({"kind": "number", "number": ""}, [("number", "Write the right number.")]),
        ({"kind": "essay"}, [("kind", "Choose what kind of question this is.")]),
        ({"kind": "cloze"}, [("prompt", "Mark each blank in the prompt: {{1}}, {{2}} and so on.")]),
        (
            {"tr-fr-choice0": "Néon"},
            [("tr-fr", "Write the question in this language too, or empty its fields.")],
        ),
        (
            {"tr-fr-prompt": "Quel métal ?", "tr-fr-choice0": "Néon"},
            [("tr-fr", "Translate every choice, or none of them.")],
        ),
    ],
)
def test_each_mistake_is_one_sentence_beside_its_field(fields: dict[str, str], expected: list) -> None:
    assert errors(posted(**{"kind": "choice", **fields})) == expected


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        (
            {"choice1": "y" * 201},
            [("choices[1]", "This is 201 characters long; at most 200 fit in a Discord message.")],
        ),
        (
            {"kind": "number", "number": "abc"},
            [("number", "Write a number, with a dot for decimals, such as 9.81.")],
        ),
        (
            {"kind": "number", "tolerance": "a bit"},
            [("tolerance", "Write how far from the number an answer may be, such as 0.05 or 1%.")],
        ),
        # What is left to the deck validator: its sentence without backticks, items counted from 1.
        (
            {"tags": "ok, " + "t" * 41},
            [("tags", "Tag 2 is 41 characters long; at most 40 fit in a Discord message (1 over).")],
        ),
        ({"image": "http://example.org/a.png"}, [("image", "Image URLs must start with https://.")]),
    ],
)
def test_lengths_numbers_and_the_rest_are_said_in_the_form_s_words(
    fields: dict[str, str], expected: list
) -> None:
    assert errors(posted(**{"kind": "choice", **fields})) == expected
