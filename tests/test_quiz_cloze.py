"""Cloze questions judged: each blank leniently as a typed answer, points blanks right ÷ blanks, right only
with every blank, the reveal's count per blank, the reviews' lapses; every value worked out by hand."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from fractions import Fraction
from pathlib import Path

import pytest

from bot.bank.cloze import blanks_text
from bot.bank.models import Deck, Kind, Question
from bot.locales.current import speaking
from bot.quiz.errors import AlreadyAnsweredError, InvalidChoiceError
from bot.quiz.judging import judge_answer
from bot.quiz.multi import partly, recalled
from bot.quiz.options import RoundOptions
from bot.quiz.round import RestoredAnswer, RoundState
from bot.quiz.scoring import Mode
from bot.store import open_store
from bot.ui.boards import report_embed
from bot.ui.desks import TextAnswerForm
from bot.ui.practice import feedback_embed
from cogs.answers import ROUND, TextAnswerModal
from tests.discord_limits import check_embed, check_modal
from tests.store_contract.builders import answer, start

START = datetime(2026, 12, 2, 20, 0, tzinfo=UTC)
ZIM = Question(
    id="zim",
    kind=Kind.CLOZE,
    prompt="The capital of Zimbabwe is {{1}}, on the way to the {{2}}.",
    blanks=(("Harare",), ("Zambezi", "Zambesi")),
)
DECK = Deck(id="geo", title="Geography", questions=(ZIM,))


@pytest.mark.parametrize(
    ("typed", "marks", "share"),
    [
        pytest.param(["harare", "the Zambesi"], (True, True), Fraction(1), id="both-leniently"),
        pytest.param(["Harare", "Zambzi"], (True, True), Fraction(1), id="a-typo-in-a-long-word"),
        pytest.param(["Harare", "Limpopo"], (True, False), Fraction(1, 2), id="one-of-two"),
        pytest.param(["Bulawayo", ""], (False, False), Fraction(0), id="none"),
    ],
)
def test_each_blank_is_judged_as_a_typed_answer(
    typed: list[str], marks: tuple[bool, ...], share: Fraction
) -> None:
    judged = judge_answer(ZIM, (), None, blanks_text(typed))
    assert (judged.blanks, judged.share, judged.right) == (marks, share, all(marks))


@pytest.mark.parametrize(
    ("text", "sentence"),
    [
        ('["", " "]', "Type an answer first."),
        ('["Harare"]', "Fill in the blanks in the form."),
        ("Harare", "Fill in the blanks in the form."),
    ],
)
def test_a_cloze_answer_is_every_blank_typed(text: str, sentence: str) -> None:
    with pytest.raises(InvalidChoiceError) as caught:
        judge_answer(ZIM, (), None, text)
    assert caught.value.sentence == sentence


def test_half_the_blanks_is_hard_less_a_lapse() -> None:
    # Of two blanks: one right is half the points (Hard); of three, one right is a third (Again).
    assert (recalled(False, Fraction(1, 2)), partly(Fraction(1, 2))) == (True, True)
    assert (recalled(False, Fraction(1, 3)), partly(Fraction(1, 3))) == (False, False)


def test_a_speed_round_scores_each_blank_and_counts_them_at_the_reveal() -> None:
    options = RoundOptions(seconds=20, mode=Mode.SPEED)
    state = RoundState(round_id=1, deck=DECK, question_ids=("zim",), seed=7, options=options)
    state.open_question(0, START)
    at_10s = START + timedelta(seconds=10)  # speed: 50 + 50 × 10/20 = 75 for a right answer
    typed = {1: ["Harare", "Zambezi"], 2: ["Harare", "Nile"], 3: ["Lusaka", "Zambesi"], 4: ["x", "y"]}
    verdicts = {}
    for user, blanks in typed.items():
        verdicts[user] = state.judge(user, 0, at_10s, text=blanks_text(blanks))
        assert state.accept(verdicts[user])
    # 75 × 1, 75 × 1/2 = 37.5 → 38, 38, 0
    assert [verdicts[u].points for u in typed] == [75, 38, 38, 0]
    assert [verdicts[u].right for u in typed] == [True, False, False, False]
    assert verdicts[2].text == '["Harare", "Nile"]'
    with pytest.raises(AlreadyAnsweredError) as caught:
        state.judge(2, 0, at_10s, text=blanks_text(["Harare", "Zambezi"]))
    assert caught.value.sentence == "You already answered “(1) Harare · (2) Nile”; answers can't be changed."
    reveal = state.reveal(START + timedelta(seconds=20))
    assert (reveal.answered, reveal.right, reveal.blanks_right) == (4, 1, (2, 2))


def test_a_restored_answer_is_judged_again_from_its_kept_blanks() -> None:
    state = RoundState(round_id=1, deck=DECK, question_ids=("zim",), seed=7, options=RoundOptions())
    kept = RestoredAnswer(9, 0, None, '["Harare", "Nile"]', False, 4000, 50, START)
    verdict = state.verdict_of(kept)
    assert (verdict.blanks, verdict.share, verdict.points) == ((True, False), Fraction(1, 2), 50)


@pytest.mark.parametrize("code", ["en", "sn", "fr", "pt-BR"])
def test_the_answer_form_has_a_field_per_blank_within_discords_limits(code: str) -> None:
    with speaking(code):
        form = TextAnswerForm("Question 12", ZIM.shown_prompt, 60, blanks=5)
        modal = TextAnswerModal(ROUND, 10**15, 11, form)
        check_modal(modal)
    assert [item.custom_id for item in modal.children] == [f"blank{n}" for n in range(1, 6)]  # type: ignore[attr-defined]
    assert not any(item.required for item in modal.children)  # type: ignore[attr-defined]


def test_practice_feedback_tells_the_blanks_right_and_the_share() -> None:
    embed = feedback_embed(
        ZIM,
        (),
        right=False,
        right_slots=frozenset(),
        chosen=None,
        typed='["Harare", "Nile"]',
        index=0,
        total=1,
        next_due=None,
        share=Fraction(1, 2),
    )
    check_embed(embed)
    assert (embed.description or "").splitlines() == [
        "The capital of Zimbabwe is ____(1), on the way to the ____(2).",
        "",
        "You answered “(1) Harare · (2) Nile”.",
        "**Answer:** (1) Harare · (2) Zambezi",
        "",
        "1 of 2 blanks right: 50% of the points.",
    ]


async def test_the_question_report_names_the_wrong_blanks_given_most_in_words(tmp_path: Path) -> None:
    store = await open_store(tmp_path / "bvunzo.db")
    try:
        played = await start(store, deck="geo", questions=("zim",))
        for user, kept, right in (
            (1, '["Harare", "Zambezi"]', True),
            (2, '["Harare", "Nile"]', False),
            (3, '["Harare", "Nile"]', False),
        ):
            await store.record_answer(answer(played, 0, user, right=right, choice=None, text=kept))
        [line] = await store.question_report(played.guild_id, round_id=played.id)
    finally:
        await store.close()
    embed = report_embed("Round 1", DECK, [line])
    assert "1/3 (33%) · most chosen wrong: “(1) Harare · (2) Nile” (2)" in (embed.description or "")
