"""Numbers too large, too small or not numbers at all (`1e99999999`, `inf`, `nan`): a deck refuses them
with one sentence on their line, an importer with one sentence for the question, a member's typed one is
told to type a number, and a reveal writes a long number in its exponent form, never in full."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.bank.importers import import_file
from bot.bank.loader import load_deck_text
from bot.bank.problems import DeckError
from bot.bank.tolerance import Tolerance, in_range, plain
from bot.locales import speaking
from bot.locales.digits import SIGNS
from bot.quiz.numbers import read_number
from tests.test_import_qti import NUM, document, equal, item, scored

HEAD = "id: physics\ntitle: Physics\nquestions:\n"
ANSWER_RANGE = (
    "is beyond the numbers a question plays; write a number from 1e-100 to 1e100 in size (or 0), such as "
    "`answer: 6.022e23`"
)
TOLERANCE_RANGE = (
    "is beyond the numbers a question plays; write a tolerance from 1e-100 to 1e100 (or 0), such as "
    "`tolerance: 0.05`"
)


def number_deck(*lines: str) -> str:
    return (
        HEAD + "  - id: g\n    type: number\n    prompt: What is g?\n" + "".join(f"    {x}\n" for x in lines)
    )


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (("answer: 1e99999999",), f"physics.yaml:7: `answer` `1e99999999` {ANSWER_RANGE}"),
        (("answer: -1E+101",), f"physics.yaml:7: `answer` `-1E+101` {ANSWER_RANGE}"),
        (("answer: 1e-99999999",), f"physics.yaml:7: `answer` `1e-99999999` {ANSWER_RANGE}"),
        (("answer: 9.81", "tolerance: 1e400"), f"physics.yaml:8: `tolerance` `1e400` {TOLERANCE_RANGE}"),
        (("answer: 9.81", 'tolerance: "1e400%"'), f"physics.yaml:8: `tolerance` `1e400%` {TOLERANCE_RANGE}"),
        (
            ("answer: .inf",),
            "physics.yaml:7: `answer` `.inf` is not a number; write the right number with a dot for decimals, "
            "such as `answer: 9.81`",
        ),
        (
            ("answer: nan",),
            "physics.yaml:7: `answer` `nan` is not a number; write the right number with a dot for decimals, "
            "such as `answer: 9.81`",
        ),
        (
            ("answer: 9.81", "tolerance: inf"),
            "physics.yaml:8: `tolerance` `inf` is neither a number nor a percentage; write how far from the "
            'answer a right answer may be, such as `tolerance: 0.05` or `tolerance: "1%"`',
        ),
    ],
)
def test_a_number_beyond_the_range_is_one_sentence_on_its_line(lines: tuple[str, ...], message: str) -> None:
    with pytest.raises(DeckError) as caught:
        load_deck_text(number_deck(*lines), "physics.yaml")
    assert [str(p) for p in caught.value.problems] == [message]


def test_the_ends_of_the_range_play() -> None:
    deck = load_deck_text(number_deck("answer: 9.99e100", "tolerance: 1e-100"), "physics.yaml")
    [g] = deck.questions
    assert (g.number, g.tolerance) == (Decimal("9.99e100"), Tolerance(Decimal("1e-100")))


# Each importer's number question with an answer of a hundred million digits, beside a good one; GIFT and
# Moodle XML read numbers as floats (1e99999999 is infinite there), Blackboard and Canvas as decimals.
FINITE = "the right number of a numerical question is not a finite number"
HOSTILE = {
    "huge.gift": (
        "Good? {#9.81:0.05}\n\nHuge? {#1e99999999}\n\nRange? {#1..1e99999999}\n",
        [f"huge.gift:3: {FINITE}", f"huge.gift:5: {FINITE}"],
    ),
    "huge.txt": (
        "NUM\tGood?\t9.81\t0.05\nNUM\tHuge?\t1e99999999\nNUM\tWide?\t9.81\t1e400\n",
        [
            f"huge.txt:2: `answer` `1E+99999999` {ANSWER_RANGE}",
            f"huge.txt:3: `tolerance` `1E+400` {TOLERANCE_RANGE}",
        ],
    ),
    "huge.xml": (
        '<?xml version="1.0"?><quiz>'
        '<question type="numerical"><name><text>a</text></name><questiontext><text>Good?</text>'
        '</questiontext><answer fraction="100"><text>9.81</text><tolerance>0.05</tolerance></answer></question>'
        '<question type="numerical"><name><text>b</text></name><questiontext><text>Huge?</text>'
        '</questiontext><answer fraction="100"><text>1e99999999</text><tolerance>0</tolerance></answer>'
        "</question></quiz>",
        [f"huge.xml:1: {FINITE}"],
    ),
    "canvas.xml": (
        document(
            "N",
            item("numerical_question", "Good?", NUM, scored(equal("9.81"))),
            item(
                "numerical_question",
                "Huge?",
                NUM,
                scored(
                    '<vargte respident="response1">1</vargte><varlte respident="response1">1e99999999</varlte>'
                ),
            ),
        ),
        ["canvas.xml:8: the answer of a numerical question is not a number or a range"],
    ),
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_an_importer_says_one_sentence_for_a_number_beyond_the_range(name: str) -> None:
    text, problems = HOSTILE[name]
    outcome = import_file(text.encode(), name, deck_id="huge", keep_valid=True)
    assert outcome.kept is not None
    assert [q.prompt for q in outcome.kept.deck.questions] == ["Good?"]
    assert [str(p) for p in outcome.problems] == problems


def test_a_member_s_number_beyond_the_range_is_no_number() -> None:
    assert read_number("1e99999999", SIGNS["en"]) is None
    assert read_number("-1e101", SIGNS["en"]) is None
    assert read_number("6.022e23", SIGNS["en"]) == Decimal("6.022e23")


def test_a_long_number_is_written_in_its_exponent_form() -> None:
    assert (
        plain(Decimal("1e99999999")) == "1E+99999999"
    )  # as a deck may hold it, never a hundred million digits
    assert plain(Decimal("6.022e23")) == "602200000000000000000000"
    deck = load_deck_text(
        number_deck("answer: 6.02214076e23", "tolerance: 1e21", "unit: per mole"), "physics.yaml"
    )
    [avogadro] = deck.questions
    assert avogadro.answer_text == "6.02214076e23 per mole (± 1e21)"
    small = load_deck_text(number_deck("answer: 1.6e-19"), "physics.yaml").questions[0]
    assert small.answer_text == "1.6e-19"
    with speaking("fr"):
        assert small.answer_text == "1,6e-19"
    plain_one = load_deck_text(number_deck("answer: 299792458"), "physics.yaml").questions[0]
    assert plain_one.answer_text == "299,792,458"


NUMBERS = st.builds(
    "{}{}e{}".format,
    st.sampled_from(["", "-"]),
    st.decimals(allow_nan=False, allow_infinity=False, places=3, min_value=0, max_value=10**6).map(str),
    st.integers(-(10**9), 10**9),
)


@settings(max_examples=80, deadline=None)
@given(NUMBERS, NUMBERS)
def test_any_exponent_plays_in_range_or_is_one_sentence(answer: str, tolerance: str) -> None:
    text = number_deck(f'answer: "{answer}"', f'tolerance: "{tolerance.lstrip("-")}"')
    try:
        [question] = load_deck_text(text, "physics.yaml").questions
    except DeckError as refused:
        assert len(refused.problems) in (1, 2)
        assert all(len(str(p)) < 300 for p in refused.problems)
        return
    assert question.number is not None and in_range(question.number)
    assert len(question.answer_text) < 80
    assert read_number(answer, SIGNS["en"]) == question.number
