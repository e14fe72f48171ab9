"""`type: order` questions (items to put in order): read from a deck, refused with one sentence each,
checked by the schema, written back, kept as versions, judged place by place, scored as a share of the
points, revealed and reviewed; every value worked out by hand."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from pathlib import Path

import jsonschema
import pytest
import yaml

from bot.bank.editing import QuestionForm, check_question
from bot.bank.exports import export_deck
from bot.bank.importers import import_deck
from bot.bank.loader import load_deck_text
from bot.bank.models import Deck, Kind, Question, typed_words
from bot.bank.problems import DeckError
from bot.bank.versions import question_from, version_of
from bot.bank.writer import deck_to_csv, deck_to_yaml
from bot.quiz.errors import AlreadyAnsweredError, InvalidChoiceError
from bot.quiz.judging import judge_answer
from bot.quiz.multi import partly, recalled
from bot.quiz.options import RoundOptions
from bot.quiz.round import RestoredAnswer, RoundState
from bot.quiz.scoring import Mode
from bot.quiz.shuffle import choice_order
from bot.results.item_figures import item_questions
from bot.store import Answer
from bot.ui.order_picker import read_so_far
from bot.web.round_report import answer_text

HEAD = "id: sky\ntitle: Sky\nquestions:\n"  # the first question starts on line 4
SCHEMA = json.loads((Path(__file__).resolve().parents[1] / "questions/deck.schema.json").read_text("utf-8"))
START = datetime(2026, 12, 3, 20, 0, tzinfo=UTC)
PLANETS = Question(
    id="planets",
    kind=Kind.ORDER,
    prompt="From the Sun outwards?",
    choices=("Mercury", "Venus", "Earth", "Mars"),
)
DECK = Deck(id="sky", title="Sky", questions=(PLANETS,))
AS_WRITTEN = (0, 1, 2, 3)


def order_deck(*lines: str) -> str:
    return (
        HEAD
        + "  - id: planets\n    type: order\n    prompt: From the Sun outwards?\n"
        + "".join(f"    {x}\n" for x in lines)
    )


def test_an_order_question_keeps_its_items_in_the_order_written() -> None:
    text = order_deck(
        "items: [Mercury, Venus, Earth, Mars]",
        "translations:",
        "  fr: {prompt: Depuis le Soleil, items: [Mercure, Vénus, Terre, Mars]}",
    )
    [planets] = load_deck_text(text, "sky.yaml").questions
    assert (planets.kind, planets.choices, planets.answers) == (Kind.ORDER, PLANETS.choices, frozenset())
    assert planets.answer_text == "Mercury → Venus → Earth → Mars"
    assert planets.in_language("fr").choices == ("Mercure", "Vénus", "Terre", "Mars")
    assert list(jsonschema.Draft7Validator(SCHEMA).iter_errors(yaml.safe_load(text))) == []


@pytest.mark.parametrize(
    ("lines", "line", "message"),
    [
        (["items: [Mercury, Venus]"], 7, "an order question needs 3 to 8 items; this one has 2"),
        (
            ["items: [a, b, c, d, e, f, g, h, i]"],
            7,
            "an order question needs 3 to 8 items; this one has 9",
        ),
        (["items: [Mercury, Venus, mercury]"], 7, "item 2 is the same as item 0 (`mercury`)"),
        ([], 4, "this order question has no `items`; list 3 to 8 of them, in the right order"),
        (
            ["items: [Mercury, Venus, Earth]", "answer: [0, 1, 2]"],
            8,
            "an order question has no `answer`: write its `items` in the right order, and members get "
            "them shuffled",
        ),
        (
            ["items: [Mercury, Venus, Earth]", "choices: [a, b]"],
            8,
            "an order question lists what to put in order under `items`, in the right order, not `choices`",
        ),
        (
            [
                "items: [Mercury, Venus, Earth]",
                "translations:",
                "  fr:",
                "    prompt: Depuis ?",
                "    items: [Mercure, Vénus]",
            ],
            11,
            "the `fr` translation has 2 items but the question has 3; translate every item, in the same order",
        ),
    ],
)
def test_each_mistake_is_one_sentence_on_its_line(lines: list[str], line: int, message: str) -> None:
    with pytest.raises(DeckError) as caught:
        load_deck_text(order_deck(*lines), "sky.yaml")
    assert [str(p) for p in caught.value.problems] == [f"sky.yaml:{line}: {message}"]


def test_items_belong_to_order_questions_only() -> None:
    text = HEAD + "  - id: c\n    prompt: Which?\n    choices: [a, b]\n    answer: 0\n    items: [a, b, c]\n"
    with pytest.raises(DeckError) as caught:
        load_deck_text(text, "sky.yaml")
    assert [str(p) for p in caught.value.problems] == [
        "sky.yaml:8: `items` is for order questions; remove it here"
    ]
    assert list(jsonschema.Draft7Validator(SCHEMA).iter_errors(yaml.safe_load(text)))


def test_written_back_and_kept_as_a_version_it_is_the_same_question() -> None:
    text = order_deck("items: [Mercury, Venus, Earth, Mars]")
    deck = load_deck_text(text, "sky.yaml")
    again = load_deck_text(deck_to_yaml(deck), "sky.yaml")
    assert again.questions[0].choices == PLANETS.choices
    assert "items:\n" in deck_to_yaml(deck)
    restored = question_from(version_of(deck.questions[0]).body, "planets")
    assert (restored.kind, restored.choices) == (Kind.ORDER, PLANETS.choices)
    assert deck_to_csv(deck).count("\n") == 1  # the header alone: a sheet has no column for an order


@pytest.mark.parametrize(
    ("given", "right", "share"),
    [
        pytest.param((0, 1, 2, 3), True, Fraction(1), id="all-in-place"),
        pytest.param((1, 0, 2, 3), False, Fraction(1, 2), id="two-swapped: 2 of 4"),
        pytest.param((0, 2, 3, 1), False, Fraction(1, 4), id="one-in-place"),
        pytest.param((3, 2, 1, 0), False, Fraction(0), id="reversed: none"),
    ],
)
def test_judged_place_by_place(given: tuple[int, ...], right: bool, share: Fraction) -> None:
    judged = judge_answer(PLANETS, AS_WRITTEN, None, None, given)
    assert (judged.right, judged.share, judged.arranged) == (right, share, given)


def test_the_slots_are_read_through_the_order_shown() -> None:
    # Shown as Mars, Earth, Venus, Mercury: pressing D C B A is the right order.
    judged = judge_answer(PLANETS, (3, 2, 1, 0), None, None, (3, 2, 1, 0))
    assert (judged.right, judged.arranged) == (True, (0, 1, 2, 3))


@pytest.mark.parametrize("slots", [(0, 1, 2), (0, 1, 2, 2), (0, 1, 2, 4), ()])
def test_every_item_once_or_nothing(slots: tuple[int, ...]) -> None:
    with pytest.raises(InvalidChoiceError):
        judge_answer(PLANETS, AS_WRITTEN, None, None, slots)


def test_no_letter_nor_text_answers_it() -> None:
    with pytest.raises(InvalidChoiceError):
        judge_answer(PLANETS, AS_WRITTEN, 0, None)
    with pytest.raises(InvalidChoiceError):
        judge_answer(PLANETS, AS_WRITTEN, None, "Mercury Venus Earth Mars")


def test_never_shown_in_the_right_order() -> None:
    assert all(choice_order(seed, 0, 3, Kind.ORDER) != (0, 1, 2) for seed in range(200))


def test_below_half_in_place_is_a_lapse_from_half_on_hard() -> None:
    assert (recalled(False, Fraction(1, 4)), partly(Fraction(1, 4))) == (False, False)  # Again
    assert (recalled(False, Fraction(1, 2)), partly(Fraction(1, 2))) == (True, True)  # Hard


def _slots(state: RoundState, *items: int) -> list[int]:
    return [state.order(0).index(item) for item in items]


def test_a_speed_round_scores_each_order_and_reveals_the_most_given_wrong_one() -> None:
    options = RoundOptions(seconds=20, mode=Mode.SPEED)
    state = RoundState(round_id=1, deck=DECK, question_ids=("planets",), seed=7, options=options)
    state.open_question(0, START)
    at_10s = START + timedelta(seconds=10)  # speed: 50 + 50 × 10/20 = 75 for a right answer
    given = {1: (0, 1, 2, 3), 2: (1, 0, 2, 3), 3: (1, 0, 2, 3), 4: (0, 2, 3, 1), 5: (3, 2, 1, 0)}
    verdicts = {}
    for user, items in given.items():
        verdicts[user] = state.judge(user, 0, at_10s, slots=_slots(state, *items))
        assert state.accept(verdicts[user])
    # 75 × 1, 75 × ½ = 37.5 → 38 (half up, as multi), again, 75 × ¼ = 18.75 → 19, 0
    assert [verdicts[u].points for u in given] == [75, 38, 38, 19, 0]
    assert [verdicts[u].right for u in given] == [True, False, False, False, False]
    assert verdicts[2].text == "1,0,2,3"
    with pytest.raises(AlreadyAnsweredError) as caught:
        state.judge(2, 0, at_10s, slots=_slots(state, *AS_WRITTEN))
    assert caught.value.sentence == (
        "You already answered “Venus → Mercury → Earth → Mars”; answers can't be changed."
    )
    reveal = state.reveal(START + timedelta(seconds=20))
    assert (reveal.answered, reveal.right, reveal.top_wrong_order) == (5, 1, ((1, 0, 2, 3), 2))
    # Mercury in place for 1 and 4; Venus for 1; Earth for 1, 2, 3; Mars for 1, 2, 3
    assert reveal.blanks_right == (2, 1, 3, 3)


def test_a_restored_order_is_judged_again_from_its_text() -> None:
    kept = [
        RestoredAnswer(1, 0, None, "0,1,2,3", True, 1000, 100, START),
        RestoredAnswer(2, 0, None, "0,2,3,1", False, 2000, 25, START),
    ]
    state = RoundState.restore(
        round_id=1,
        deck=DECK,
        question_ids=("planets",),
        seed=7,
        options=RoundOptions(),
        answers=kept,
        current=0,
        revealed=False,
    )
    verdict = state.verdict_of(kept[1])
    assert (verdict.share, verdict.blanks, verdict.points) == (
        Fraction(1, 4),
        (True, False, False, False),
        25,
    )
    state.open_question(0, START + timedelta(minutes=1))
    with pytest.raises(AlreadyAnsweredError):
        state.judge(2, 0, START + timedelta(minutes=1, seconds=1), slots=_slots(state, *AS_WRITTEN))
    reveal = state.reveal(START + timedelta(minutes=2))
    assert (reveal.right, reveal.top_wrong_order, reveal.blanks_right) == (1, ((0, 2, 3, 1), 1), (2, 1, 1, 1))


def test_the_editor_takes_the_items_one_a_line_and_says_a_mistake_beside_them() -> None:
    deck = Deck(id="sky", title="Sky", questions=())
    form = QuestionForm(
        id="planets", kind="order", prompt="From the Sun outwards?", items=["Mercury", " Venus", "", "Earth"]
    )
    checked = check_question(form, deck)
    assert checked.errors == ()
    assert checked.question is not None and checked.question.choices == ("Mercury", "Venus", "Earth")
    assert QuestionForm.of(checked.question, "en").items == ["Mercury", "Venus", "Earth"]
    short = check_question(QuestionForm(id="p", kind="order", prompt="Which first?", items=["a", "b"]), deck)
    assert [(e.field, e.message) for e in short.errors] == [
        ("items", "an order question needs 3 to 8 items; this one has 2")
    ]


def test_moodle_xml_writes_an_ordering_question_that_reads_back_and_blackboard_ord_imports() -> None:
    deck = load_deck_text(order_deck("items: [Mercury, Venus, Earth, Mars]"), "sky.yaml")
    written = export_deck(deck, "moodle-xml")
    assert '<question type="ordering">' in written.data.decode()
    [again] = import_deck(written.data, "sky.xml", deck_id="sky")[0].deck.questions
    assert (again.kind, again.prompt, again.choices) == (
        Kind.ORDER,
        "From the Sun outwards?",
        PLANETS.choices,
    )
    gift = export_deck(deck, "gift")
    assert gift.notes == ("1 question of the kind `order` was left out: GIFT cannot hold it.",)
    board = "ORD\tFrom the Sun outwards?\tMercury\tVenus\tEarth\tMars\nORD\tTwo?\ta\tb\n"
    imported, _fmt = import_deck(board.encode(), "sky.txt", deck_id="sky")
    assert [q.choices for q in imported.deck.questions] == [PLANETS.choices]
    assert [str(p) for p in imported.set_aside] == [
        "sky.txt:2: an ordering question of 2 items; Bvunzo puts 3 to 8 in order, so it was left out"
    ]


def test_a_picker_order_names_each_item_once() -> None:
    assert read_so_far("", 4) == ()
    assert read_so_far("310", 4) == (3, 1, 0)
    assert read_so_far("311", 4) is None  # twice: a placed item's disabled button, or forged
    assert read_so_far("4", 4) is None  # no such item


def test_reports_name_a_kept_order_in_the_deck_s_words_and_the_analysis_judges_it_whole() -> None:
    kept = Answer(1, 2, 0, "planets", "sky", 9, None, "1,0,2,3", False, 4000, 50, START)
    assert answer_text(PLANETS, kept) == "Venus → Mercury → Earth → Mars"
    assert typed_words(PLANETS, "not an order") == "not an order"
    [item] = item_questions(DECK)
    assert (item.choices, item.answers) == (0, frozenset())  # no choice of it is a distractor
