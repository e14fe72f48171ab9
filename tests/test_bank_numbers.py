"""`type: number` questions in a deck's YAML: read, refused with one sentence each, and written back."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest

from bot.bank.loader import load_deck_text
from bot.bank.models import Kind
from bot.bank.problems import DeckError
from bot.bank.tolerance import EXACT, Tolerance
from bot.bank.versions import question_from, version_of
from bot.bank.writer import deck_to_yaml

HEAD = "id: physics\ntitle: Physics\nquestions:\n"  # the first question starts on line 4


def number_deck(*lines: str) -> str:
    return (
        HEAD
        + "  - id: g\n    type: number\n    prompt: What is g on Earth?\n"
        + "".join(f"    {x}\n" for x in lines)
    )


def test_a_number_question_with_its_tolerance_and_unit() -> None:
    deck = load_deck_text(number_deck("answer: 9.81", "tolerance: 0.05", 'unit: "m/s²"'), "physics.yaml")
    [g] = deck.questions
    assert (g.kind, g.number, g.tolerance, g.unit) == (
        Kind.NUMBER,
        Decimal("9.81"),
        Tolerance(Decimal("0.05")),
        "m/s²",
    )
    assert g.typed
    assert g.answer_text == "9.81 m/s² (± 0.05)"


def test_a_percent_tolerance_a_quoted_number_and_an_exact_one() -> None:
    percent = load_deck_text(number_deck('answer: "981e-2"', 'tolerance: "1%"'), "physics.yaml").questions[0]
    assert (percent.number, percent.tolerance) == (Decimal("9.81"), Tolerance(Decimal(1), percent=True))
    assert percent.answer_text == "9.81 (± 1%)"
    exact = load_deck_text(number_deck("answer: 3"), "physics.yaml").questions[0]
    assert (exact.number, exact.tolerance, exact.unit, exact.answer_text) == (Decimal(3), EXACT, "", "3")


@pytest.mark.parametrize(
    ("lines", "line", "message"),
    [
        pytest.param(
            (),
            4,
            "this number question has no `answer`; write the right number, such as `answer: 9.81`",
            id="no-answer",
        ),
        pytest.param(
            ("answer: nine",),
            7,
            "`answer` `nine` is not a number; write the right number with a dot for decimals, such as `answer: 9.81`",
            id="answer-not-a-number",
        ),
        pytest.param(
            ("answer: 9.81", "tolerance: a bit"),
            8,
            "`tolerance` `a bit` is neither a number nor a percentage; write how far from the answer a right answer "
            'may be, such as `tolerance: 0.05` or `tolerance: "1%"`',
            id="tolerance-not-a-number",
        ),
        pytest.param(
            ("answer: 9.81", "tolerance: -0.5"),
            8,
            "`tolerance` `-0.5` is neither a number nor a percentage; write how far from the answer a right answer "
            'may be, such as `tolerance: 0.05` or `tolerance: "1%"`',
            id="negative-tolerance",
        ),
        pytest.param(
            ("answer: 9.81", "choices: [9.81, 10]"),
            8,
            "a number question has no `choices`; a member types the number that `answer` gives",
            id="choices",
        ),
        pytest.param(
            ("answers: [9.81]",),
            7,
            "a number question gives its one right number under `answer`, not `answers`",
            id="answers",
        ),
        pytest.param(
            ("answer: 9.81", "hint: about ten"), 8, "a number question has no `hint`; remove it", id="hint"
        ),
        pytest.param(
            ("answer: 9.81", "unit: " + "m" * 21),
            8,
            "`unit` is 21 characters long; at most 20 fit in a Discord message (1 over)",
            id="unit-too-long",
        ),
    ],
)
def test_each_mistake_is_one_sentence_on_its_line(lines: tuple[str, ...], line: int, message: str) -> None:
    with pytest.raises(DeckError) as caught:
        load_deck_text(number_deck(*lines), "physics.yaml")
    assert [str(p) for p in caught.value.problems] == [f"physics.yaml:{line}: {message}"]


def test_tolerance_and_unit_belong_to_number_questions() -> None:
    text = HEAD + "  - id: t\n    type: text\n    prompt: Capital?\n    answers: [Harare]\n    unit: km\n"
    with pytest.raises(DeckError) as caught:
        load_deck_text(text, "physics.yaml")
    assert [str(p) for p in caught.value.problems] == [
        "physics.yaml:8: `unit` is for number questions; remove it here"
    ]


def test_a_deck_written_back_reads_back_the_same() -> None:
    text = (
        number_deck("answer: 9.81", "tolerance: 0.05", 'unit: "m/s²"')
        + "  - id: c\n    type: number\n    prompt: Light, in km/s?\n    answer: 300000\n    tolerance: 1%\n"
        + "  - id: e\n    type: number\n    prompt: Tiny?\n    answer: 0.0005\n"
    )
    deck = load_deck_text(text, "physics.yaml")
    written = deck_to_yaml(deck)
    assert "  answer: 9.81\n  tolerance: 0.05\n  unit: m/s²\n" in written
    assert "  answer: 300000\n  tolerance: 1%\n" in written
    again = load_deck_text(written, "physics.yaml").questions
    assert [replace(q, line=0) for q in again] == [replace(q, line=0) for q in deck.questions]


def test_a_kept_version_holds_the_number_its_tolerance_and_unit() -> None:
    [g] = load_deck_text(
        number_deck("answer: 9.81", 'tolerance: "1%"', 'unit: "m/s²"'), "physics.yaml"
    ).questions
    version = version_of(g)
    assert '"number":"9.81"' in version.body and '"tolerance":"1%"' in version.body
    again = question_from(version.body, "g")
    assert (again.kind, again.number, again.tolerance, again.unit) == (
        Kind.NUMBER,
        Decimal("9.81"),
        Tolerance(Decimal(1), percent=True),
        "m/s²",
    )
    text = HEAD + "  - id: t\n    type: text\n    prompt: Capital?\n    answers: [Harare]\n"
    assert '"number"' not in version_of(load_deck_text(text, "physics.yaml").questions[0]).body
