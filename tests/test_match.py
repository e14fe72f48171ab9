"""Match questions: the reader's sentences, the writer and versions reading back, judging per pair, points
pairs right ÷ pairs, the reveal's counts and most given wrong pairing, the form within Discord's limits;
every value worked out by hand."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from fractions import Fraction

import pytest

from bot.bank.editing import QuestionForm, check_question
from bot.bank.exports import export_deck
from bot.bank.importers import import_file
from bot.bank.match import pairing_text, right_order
from bot.bank.models import Deck, Kind, Question, Translation
from bot.bank.problems import DeckError
from bot.bank.reader import read_deck
from bot.bank.versions import question_from, version_of
from bot.bank.writer import deck_to_yaml
from bot.locales.current import speaking
from bot.looks.match import match_reveal_lines, offered
from bot.quiz.errors import AlreadyAnsweredError, InvalidChoiceError
from bot.quiz.judging import judge_answer
from bot.quiz.multi import partly, recalled
from bot.quiz.options import RoundOptions
from bot.quiz.round import RestoredAnswer, RoundState
from bot.quiz.scoring import Mode
from bot.ui.match import answer_form, submitted_pairing
from bot.ui.practice import feedback_embed, translation_embed
from cogs.answers import ROUND, TextAnswerModal
from tests.discord_limits import check_embed, check_modal

START = datetime(2026, 12, 2, 20, 0, tzinfo=UTC)
CAPITALS = Question(
    id="capitals",
    kind=Kind.MATCH,
    prompt="Match each capital with its country",
    pairs=(("Harare", "Zimbabwe"), ("Lusaka", "Zambia"), ("Maputo", "Mozambique")),
)
DECK = Deck(id="geo", title="Geography", questions=(CAPITALS,))


def _read(question: str) -> tuple[list[Question], list[str]]:
    text = f"id: geo\ntitle: Geography\nquestions:\n{question}"
    try:
        deck, _count = read_deck(text, "geo.yaml")
    except DeckError as error:
        return [], [str(problem) for problem in error.problems]
    return list(deck.questions), []


GOOD = """  - id: capitals
    type: match
    prompt: Match each capital with its country
    pairs:
      - [Harare, Zimbabwe]
      - [Lusaka, Zambia]
      - [Maputo, Mozambique]
"""


def test_a_match_question_reads_and_writes_back() -> None:
    translated = (
        GOOD
        + "    translations:\n      fr:\n        prompt: Associez\n        pairs: [[Harare, Zimbabwe], [Lusaka, Zambie], [Maputo, Mozambique]]\n"
    )
    (question,), problems = _read(translated)
    assert problems == []
    assert question.pairs == CAPITALS.pairs
    assert question.in_language("fr").pairs[1] == ("Lusaka", "Zambie")
    again, _count = read_deck(
        deck_to_yaml(Deck(id="geo", title="Geography", questions=(question,))), "w.yaml"
    )
    assert again.questions[0].pairs == question.pairs
    assert again.questions[0].translations == question.translations
    kept = question_from(version_of(question).body, "capitals")
    assert (kept.kind, kept.pairs, kept.translations["fr"].pairs) == (
        Kind.MATCH,
        question.pairs,
        question.translations["fr"].pairs,
    )


@pytest.mark.parametrize(
    ("question", "sentence"),
    [
        pytest.param(
            "  - id: m\n    type: match\n    prompt: x\n",
            "geo.yaml:4: this match question has no `pairs`; list 2 to 5 of them, such as "
            "`pairs: [[Harare, Zimbabwe], [Lusaka, Zambia]]`",
            id="no-pairs",
        ),
        pytest.param(
            "  - id: m\n    type: match\n    prompt: x\n    pairs: [[a, b]]\n",
            "geo.yaml:7: this match question has 1 pair; give 2 to 5 (Discord's form holds 5)",
            id="one-pair",
        ),
        pytest.param(
            "  - id: m\n    type: match\n    prompt: x\n    pairs: [[a, 1], [b, 2], [c, 3], [d, 4], [e, 5], [f, 6]]\n",
            "geo.yaml:7: this match question has 6 pairs; give 2 to 5 (Discord's form holds 5)",
            id="six-pairs",
        ),
        pytest.param(
            "  - id: m\n    type: match\n    prompt: x\n    pairs:\n      - [a, b]\n      - [c]\n",
            "geo.yaml:9: pair 2 must be two texts, `[left, right]`, not a list of 1 item",
            id="a-pair-of-one",
        ),
        pytest.param(
            "  - id: m\n    type: match\n    prompt: x\n    pairs:\n      - [a, b]\n      - c\n",
            "geo.yaml:9: pair 2 must be two texts, `[left, right]`, not text",
            id="a-pair-as-text",
        ),
        pytest.param(
            "  - id: m\n    type: match\n    prompt: x\n    pairs:\n      - [a, b]\n      - [A, c]\n",
            "geo.yaml:9: the left item of pair 2 is the same as pair 1's (`A`); each item may be in one pair only",
            id="left-twice",
        ),
        pytest.param(
            "  - id: m\n    type: match\n    prompt: x\n    pairs:\n      - [a, b]\n      - [c, b]\n",
            "geo.yaml:9: the right item of pair 2 is the same as pair 1's (`b`); each item may be in one pair only",
            id="right-twice",
        ),
        pytest.param(
            GOOD + "    translations:\n      fr:\n        prompt: y\n        pairs: [[a, b], [c, d]]\n",
            "geo.yaml:14: the `fr` translation has 2 pairs but the question has 3; translate every pair, "
            "in the same order",
            id="translation-count",
        ),
        pytest.param(
            GOOD + "    answer: 0\n",
            "geo.yaml:11: a match question has no `answer`; each left item and its right one go under `pairs`",
            id="answer-misplaced",
        ),
        pytest.param(
            "  - id: c\n    prompt: x\n    choices: [a, b]\n    answer: 0\n    pairs: [[a, b], [c, d]]\n",
            "geo.yaml:8: `pairs` is for match questions; remove it here",
            id="pairs-misplaced",
        ),
    ],
)
def test_each_mistake_is_one_sentence_on_its_line(question: str, sentence: str) -> None:
    questions, problems = _read(question)
    assert (questions, problems) == ([], [sentence])


def test_the_menus_never_offer_the_decks_order() -> None:
    order = right_order("capitals", ["Zimbabwe", "Zambia", "Mozambique"])
    assert sorted(order) == [0, 1, 2] and order != (0, 1, 2)
    assert right_order("capitals", ["Zimbabwe", "Zambia", "Mozambique"]) == order  # the same every time


@pytest.mark.parametrize(
    ("chosen", "marks", "share"),
    [
        pytest.param([0, 1, 2], (True, True, True), Fraction(1), id="all"),
        pytest.param([0, 2, 1], (True, False, False), Fraction(1, 3), id="one-of-three"),
        pytest.param([1, 2, 0], (False, False, False), Fraction(0), id="none"),
    ],
)
def test_each_pair_is_judged(chosen: list[int], marks: tuple[bool, ...], share: Fraction) -> None:
    judged = judge_answer(CAPITALS, (), None, pairing_text(chosen))
    assert (judged.blanks, judged.share, judged.right) == (marks, share, share == 1)


@pytest.mark.parametrize("text", ["[0, 1]", "[0, 1, 7]", '["a", "b", "c"]', "[0, 1, -1]", "nonsense"])
def test_a_pairing_that_is_not_one_answers_nothing(text: str) -> None:
    with pytest.raises(InvalidChoiceError) as caught:
        judge_answer(CAPITALS, (), None, text)
    assert caught.value.sentence == "Match every item in the form."


def test_a_forged_select_value_makes_a_refused_pairing() -> None:
    assert submitted_pairing({"pair1": "0", "pair2": "2", "pair3": "1"}) == "[0, 2, 1]"
    assert submitted_pairing({"pair1": "0", "pair2": "x", "pair3": "1"}) == "[0, -1, 1]"
    assert submitted_pairing({"answer": "Harare"}) is None


def test_a_partial_answer_below_half_is_a_lapse() -> None:
    # Of three pairs: one right is a third (Again); of two pairs, one right is half (Hard).
    assert (recalled(False, Fraction(1, 3)), partly(Fraction(1, 3))) == (False, False)
    assert (recalled(False, Fraction(1, 2)), partly(Fraction(1, 2))) == (True, True)


def test_a_speed_round_scores_each_pair_and_the_reveal_names_the_wrong_pairing() -> None:
    options = RoundOptions(seconds=20, mode=Mode.SPEED)
    state = RoundState(round_id=1, deck=DECK, question_ids=("capitals",), seed=7, options=options)
    state.open_question(0, START)
    at_10s = START + timedelta(seconds=10)  # speed: 50 + 50 × 10/20 = 75 for a right answer
    given = {1: [0, 1, 2], 2: [0, 2, 1], 3: [1, 0, 2], 4: [2, 0, 1]}
    verdicts = {}
    for user, chosen in given.items():
        verdicts[user] = state.judge(user, 0, at_10s, text=pairing_text(chosen))
        assert state.accept(verdicts[user])
    # 75, 75 × 1/3 = 25, 25, 0
    assert [verdicts[u].points for u in given] == [75, 25, 25, 0]
    with pytest.raises(AlreadyAnsweredError) as caught:
        state.judge(2, 0, at_10s, text=pairing_text([0, 1, 2]))
    assert caught.value.sentence == (
        "You already answered “Harare → Zimbabwe · Lusaka → Mozambique · Maputo → Zambia”; "
        "answers can't be changed."
    )
    reveal = state.reveal(START + timedelta(seconds=20))
    # Harare right for users 1 and 2; Lusaka for user 1; Maputo for users 1 and 3.
    assert (reveal.answered, reveal.right, reveal.blanks_right) == (4, 1, (2, 1, 2))
    # Wrong pairings: Lusaka→Mozambique 1, Maputo→Zambia 2 (users 2, 4), Harare→Zambia 1, Lusaka→Zimbabwe 2
    # (users 3, 4), Harare→Mozambique 1: the first left item of the most given, Lusaka → Zimbabwe, twice.
    assert reveal.top_wrong_pair == (1, 0, 2)
    assert match_reveal_lines(CAPITALS, reveal).splitlines() == [
        "**Harare** → Zimbabwe — 2 of 4 right",
        "**Lusaka** → Zambia — 1 of 4 right",
        "**Maputo** → Mozambique — 2 of 4 right",
        "Most given wrong pairing: Lusaka → Zimbabwe (2 answers)",
    ]


def test_a_restored_answer_is_judged_again_from_its_kept_pairing() -> None:
    state = RoundState(round_id=1, deck=DECK, question_ids=("capitals",), seed=7, options=RoundOptions())
    kept = RestoredAnswer(9, 0, None, "[0, 2, 1]", False, 4000, 33, START)
    verdict = state.verdict_of(kept)
    assert (verdict.blanks, verdict.share, verdict.points) == ((True, False, False), Fraction(1, 3), 33)


LONGEST = Question(
    id="q" * 40,
    kind=Kind.MATCH,
    prompt="P" * 3000,
    pairs=tuple((f"{n}" + "L" * 99, f"{n}" + "R" * 99) for n in range(5)),
    translations={"fr": Translation(prompt="P", pairs=tuple((f"{n}l", f"{n}r") for n in range(5)))},
)


@pytest.mark.parametrize("code", ["en", "sn", "fr", "pt-BR"])
def test_the_answer_form_has_a_select_per_left_item_within_discords_limits(code: str) -> None:
    with speaking(code):
        modal = TextAnswerModal(ROUND, 10**15, 11, answer_form("Question 12", LONGEST, 60))
        check_modal(modal)
        embed = feedback_embed(
            LONGEST,
            (),
            right=False,
            right_slots=frozenset(),
            chosen=None,
            typed="[0, 2, 1, 3, 4]",
            index=0,
            total=1,
            next_due=None,
            share=Fraction(3, 5),
        )
        check_embed(embed)
    data = modal.to_dict()["components"]
    assert [row["type"] for row in data] == [18] * 5  # a Label each, holding its select
    menus = [row["component"] for row in data]
    assert [menu["custom_id"] for menu in menus] == [f"pair{n}" for n in range(1, 6)]
    assert [option["value"] for option in menus[0]["options"]] == [str(i) for i, _text in offered(LONGEST)]
    assert all(menu["required"] and menu["max_values"] == 1 for menu in menus)


def test_practice_feedback_on_a_match_answer_tells_the_pairs_right_and_the_share_of_the_points() -> None:
    embed = feedback_embed(
        CAPITALS,
        (),
        right=False,
        right_slots=frozenset(),
        chosen=None,
        typed="[0, 2, 1]",
        index=0,
        total=1,
        next_due=None,
        share=Fraction(1, 3),
    )
    assert (embed.description or "").splitlines()[-1] == "1 of 3 pairs right: 33% of the points."


@pytest.mark.parametrize(("fmt", "name"), [("gift", "geo.gift"), ("moodle-xml", "geo.xml")])
def test_gift_and_moodle_xml_write_a_match_question_that_reads_back(fmt: str, name: str) -> None:
    asked = Question(
        id="capitals",
        kind=Kind.MATCH,
        prompt="Match: each capital",
        pairs=(("Harare", "Zimbabwe"), ("Lusaka", "Zambia"), ("Maputo", "Mo{zam}<bique>")),
        explanation="Three capitals.",
    )
    exported = export_deck(Deck(id="geo", title="Geography", questions=(asked,)), fmt)
    assert exported.notes == ()
    outcome = import_file(exported.data, name, deck_id="geo")
    assert outcome.kept is not None
    [back] = outcome.kept.deck.questions
    assert (back.kind, back.prompt, back.pairs, back.explanation) == (
        Kind.MATCH,
        asked.prompt,
        asked.pairs,
        asked.explanation,
    )


def test_gift_leaves_out_a_pair_it_cannot_write() -> None:
    arrow = Question(id="a", kind=Kind.MATCH, prompt="p", pairs=(("x -> y", "z"), ("u", "v")))
    exported = export_deck(Deck(id="geo", title="Geography", questions=(CAPITALS, arrow)), "gift")
    assert b"=Harare -> Zimbabwe =Lusaka -> Zambia =Maputo -> Mozambique" in exported.data
    assert b"x -> y" not in exported.data and len(exported.notes) == 1


def test_the_editor_writes_a_pair_per_field_and_says_a_mistake_beside_it() -> None:
    deck = Deck(id="geo", title="Geography", questions=(CAPITALS,))
    typed = [("Harare", "Zimbabwe"), ("Lusaka", "Zambia"), ("", ""), ("", ""), ("", "")]
    checked = check_question(QuestionForm(id="new", kind="match", prompt="Match them", pairs=typed), deck)
    assert checked.errors == () and checked.question is not None
    assert checked.question.pairs == (("Harare", "Zimbabwe"), ("Lusaka", "Zambia"))
    assert QuestionForm.of(checked.question, "en").pairs == typed[:2]
    twice = [("Harare", "Zimbabwe"), ("Lusaka", "Zimbabwe"), ("Maputo", "")]
    errors = check_question(QuestionForm(id="new", kind="match", prompt="p", pairs=twice), deck).errors
    assert [(e.field, e.message) for e in errors] == [
        (
            "pairs[1]",
            "the right item of pair 2 is the same as pair 1's (`Zimbabwe`); each item may be in one pair only",
        ),
        ("pairs[2]", "pair 3 must be two texts, `[left, right]`, not a list of 1 item"),
    ]


def test_the_translate_button_shows_the_pairs_in_that_language() -> None:
    question = replace(
        CAPITALS,
        translations={
            "fr": Translation(
                prompt="Associez",
                pairs=(("Harare", "Zimbabwe"), ("Lusaka", "Zambie"), ("Maputo", "Mozambique")),
            )
        },
    )
    embed = translation_embed(question, (), "fr", revealed=False)
    assert embed.description is not None
    assert "**2.** Lusaka" in embed.description and "Zambie" in embed.description
