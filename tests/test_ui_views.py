"""The views bot/ui builds for flags, boards, practice and decks: which buttons, how they look, their ids."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.bank import load_folder
from bot.bank.models import Question
from bot.quiz import FlaggedQuestion
from bot.ui.boards import page_view
from bot.ui.deck_views import delete_view, review_view, suggestion_form
from bot.ui.flag_views import flags_view, report_form
from bot.ui.forms import Form
from bot.ui.practice import feedback_view, practice_question_view

ROOT = Path(__file__).resolve().parents[1]
PRIMARY, SECONDARY, SUCCESS, DANGER = 1, 2, 3, 4


def buttons(view: discord.ui.View) -> list[tuple[int, dict[str, Any]]]:
    """(row, button) for each button, rows as Discord lays them out."""
    return [(row, b) for row, r in enumerate(view.to_components()) for b in r["components"]]


@pytest.fixture(scope="module")
def question() -> Question:
    decks, _problems = load_folder(ROOT / "questions")
    deck = next(d for d in decks if d.id == "gradient-checkpointing")
    return next(q for q in deck.questions if len(q.choices) == 4)


def test_a_leaderboards_first_page_cannot_go_back(question: Question) -> None:
    shown = [
        (b["custom_id"], b["disabled"], b["emoji"]["name"])
        for _r, b in buttons(page_view("week", 0, 3, None))
    ]
    assert shown == [("bvz:1:lb:week:0:p:", True, "◀"), ("bvz:1:lb:week:1:n:", False, "▶")]
    last = [(b["custom_id"], b["disabled"]) for _r, b in buttons(page_view("all", 2, 3, "capitals"))]
    assert last == [("bvz:1:lb:all:1:p:capitals", False), ("bvz:1:lb:all:2:n:capitals", True)]


def test_a_practice_question_shown_translated_offers_its_original(question: Question) -> None:
    view = practice_question_view(42, 3, question.in_language("en"), (2, 0, 3, 1), "sn")
    shown = [(row, b["label"], b["style"], b["custom_id"]) for row, b in buttons(view)]
    assert shown == [
        (0, "A", PRIMARY, "bvz:1:p:42:3:0"),
        (0, "B", PRIMARY, "bvz:1:p:42:3:1"),
        (0, "C", PRIMARY, "bvz:1:p:42:3:2"),
        (0, "D", PRIMARY, "bvz:1:p:42:3:3"),
        (1, "See in chiShona", SECONDARY, "bvz:1:po:42:3"),
    ]
    same = practice_question_view(42, 3, question, (0, 1, 2, 3), question.lang)
    assert [b["label"] for _r, b in buttons(same)] == ["A", "B", "C", "D"]


def test_practice_feedback_goes_on_or_finishes_and_reports_the_question() -> None:
    shown = [
        (b["label"], b["style"], b["custom_id"])
        for _r, b in buttons(feedback_view(7, 9, "deck-1", "q-2", last=True))
    ]
    assert shown == [
        ("Finish", SUCCESS, "bvz:1:pn:7:9"),
        ("Report question", SECONDARY, "bvz:1:f:deck-1:q-2"),
    ]
    assert buttons(feedback_view(7, 0, "d", "q", last=False))[0][1]["label"] == "Next"


def test_the_flags_list_has_a_row_for_each_of_its_first_five_questions() -> None:
    lines = [
        FlaggedQuestion("deck", f"q{n}", 1, (("typo", 1),), (), datetime(2026, 1, 1, tzinfo=UTC))
        for n in range(7)
    ]
    shown = [(row, b["label"], b["custom_id"]) for row, b in buttons(flags_view(lines))]
    assert len(shown) == 10
    assert shown[:2] == [(0, "Resolved 1", "bvz:1:fc:r:deck:q0"), (0, "Dismiss 1", "bvz:1:fc:d:deck:q0")]
    assert shown[-1] == (4, "Dismiss 5", "bvz:1:fc:d:deck:q4")


def test_deck_confirmations_and_reviews() -> None:
    delete = [(b["label"], b["style"], b["custom_id"]) for _r, b in buttons(delete_view("pings-1"))]
    assert delete == [
        ("Delete the deck", DANGER, "bvz:1:dd:pings-1"),
        ("Keep it", SECONDARY, "bvz:1:dk:pings-1"),
    ]
    review = [(b["label"], b["style"], b["custom_id"]) for _r, b in buttons(review_view(12))]
    assert review == [
        ("Approve", SUCCESS, "bvz:1:sa:12"),
        ("Edit", PRIMARY, "bvz:1:se:12"),
        ("Reject", DANGER, "bvz:1:sr:12"),
    ]


async def _nothing(*_args: object) -> None:
    return None


def test_forms_are_sent_with_an_id_their_form_takes() -> None:
    edit_form = Form.of(r"bvz:1:fe:[0-9]+", _nothing)
    edited = suggestion_form(
        edit_form, "pings-1", suggestion_id=5, fields={"prompt": "Why?", "answers": ["So"]}
    )
    assert (edited.custom_id, edited.title) == ("bvz:1:fe:5", "Suggest a question for pings-1")
    assert [i.default for i in edited.children if isinstance(i, discord.ui.TextInput)] == [
        "Why?",
        "So",
        None,
        None,
    ]
    report = report_form(Form.of(r"bvz:1:fm:d:q", _nothing), "d", "q")
    assert report.custom_id == "bvz:1:fm:d:q"
    with pytest.raises(ValueError):  # a form whose id its Form would not take could never be submitted
        report_form(Form.of(r"bvz:1:fs:.*", _nothing), "d", "q")
