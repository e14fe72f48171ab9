"""Everything the bot renders for every shipped deck stays within Discord's limits (LIMITS.md)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.bank import load_folder
from bot.bank.models import Deck, Kind, Question
from bot.quiz import Mode, PlayerResult, RoundState
from bot.quiz.options import RoundOptions
from bot.rounds.cards import QuestionCard, RevealCard
from bot.ui import practice as practice_ui
from bot.ui import round as round_ui
from bot.ui.round_views import question_view, reveal_view, summary_view
from tests.discord_limits import check_embed, check_view

# Every test here runs in each shipped language: a translation longer than the English must fit too.
pytestmark = pytest.mark.usefixtures("every_language")

ROOT = Path(__file__).resolve().parents[1]
DECKS, PROBLEMS = load_folder(ROOT / "questions")
NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
ROUND_ID = 10**15 - 1  # the largest round id a custom_id template accepts


def all_questions() -> list[tuple[Deck, int, Question]]:
    found = []
    for deck in DECKS:
        for i, question in enumerate(deck.questions):
            for lang in question.languages:
                found.append((deck, i, question.in_language(lang)))
    return found


def test_shipped_decks_load() -> None:
    assert PROBLEMS == []
    assert DECKS


@pytest.mark.parametrize(
    ("deck", "index", "question"), all_questions(), ids=lambda v: getattr(v, "id", str(v))
)
async def test_round_rendering_fits(deck: Deck, index: int, question: Question) -> None:
    state = RoundState(
        round_id=ROUND_ID,
        deck=deck,
        question_ids=[q.id for q in deck.questions],
        seed=7,
        options=RoundOptions(seconds=20, mode=Mode.SPEED),
    )
    order = state.order(index) if question.kind is not Kind.TEXT else ()
    asked = QuestionCard(
        ROUND_ID, index, 50, question, order, deck.title, NOW + timedelta(seconds=20), 10_000, None, False
    )
    check_embed(round_ui.question_embed(asked))
    check_view(question_view(replace(asked, index=49)))
    # An untimed round adds the moderators' Reveal beside the answers (and any Translate).
    check_view(question_view(replace(asked, index=49, opens_at=NOW, untimed=True)))
    for i in range(index):
        state.open_question(i, NOW)
        state.reveal(NOW)
    state.open_question(index, NOW)
    for user in range(1, 60):
        slot = user % max(1, len(order)) if question.kind is not Kind.TEXT else None
        verdict = state.judge(
            user, index, NOW + timedelta(milliseconds=user), slot=slot, text="x" if slot is None else None
        )
        state.accept(verdict)
    reveal = state.reveal(NOW + timedelta(seconds=5))
    reported = ("d" * 40, "q" * 40)
    shown = RevealCard(ROUND_ID, index, 50, question, order, reveal, deck.title, True, (), (), reported)
    check_embed(round_ui.reveal_embed(shown))
    # Live standings add the top lines under the answer; the Report-question button joins Translate.
    check_embed(round_ui.reveal_embed(replace(shown, standings=tuple(state.scores()))))
    check_view(reveal_view(replace(shown, index=49)))
    check_embed(
        practice_ui.practice_question_embed(question, order, index=49, total=50, deck_title=deck.title)
    )
    check_embed(
        practice_ui.feedback_embed(
            question,
            order,
            right=False,
            right_slots=reveal.right_slots,
            chosen=0,
            typed="y" * 200,
            index=49,
            total=50,
            next_due=NOW,
        )
    )
    check_embed(practice_ui.translation_embed(question, order, "en", revealed=True))


async def test_summary_with_many_players_fits() -> None:
    deck = DECKS[0]
    scores = [
        PlayerResult(user_id=10**18 + i, points=5000 - i, right=50, answered=50, accuracy=1.0, rank=i + 1)
        for i in range(500)
    ]
    embed = round_ui.summary_embed(
        deck, scores, questions_played=50, note="Stopped early by a moderator.", round_id=ROUND_ID
    )
    check_embed(embed)
    assert str(10**18 + 499) not in (embed.description or "")  # the 500th player is left to "… more"
    check_embed(round_ui.intro_embed(deck, 50, 120, "speed", 10**18))
    check_view(summary_view(ROUND_ID))


def _longest_deck() -> Deck:
    long = "W" * 1000
    questions = tuple(
        Question(
            id=f"q{i:02d}-" + "x" * 35,
            kind=Kind.CHOICE,
            prompt=long,
            choices=tuple(f"{c}" + "M" * 199 for c in "abcde"),
            answers=frozenset({4}),
            explanation="E" * 1000,
        )
        for i in range(3)
    )
    return Deck(id="d" * 40, title="T" * 100, questions=questions, description="D" * 300)


async def test_largest_allowed_question_fits() -> None:
    """A question at every limit the validator allows still renders within Discord's limits."""
    deck = _longest_deck()
    await test_round_rendering_fits(deck, 2, deck.questions[2])


def test_view_components(tmp_path: Any) -> None:
    deck = DECKS[0]
    q = deck.questions[0]
    rows = question_view(
        QuestionCard(1, 0, 1, q, (0, 1, 2, 3), deck.title, None, 0, None, False)
    ).to_components()
    labels = [c.get("label") for c in rows[0]["components"]]
    assert labels == ["A", "B", "C", "D"]
    assert rows[1]["components"][0]["custom_id"] == "bvz:1:t:1:0"
