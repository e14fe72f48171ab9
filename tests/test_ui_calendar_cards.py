"""The question of the day's cards (bot/ui/calendar_cards.py): a choice beside its button, a typed
question's form button in a row, the reveal in the same shape."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import discord

from bot.bank.models import Kind, Question
from bot.calendar.qotd_service import Shown
from bot.store.calendar_records import QotdDay
from cogs.calendar._qotd_channel import question_message, reveal_message
from tests.discord_limits import check_message

NOW = datetime(2027, 5, 3, 6, 0, tzinfo=UTC)
DAY = QotdDay(1, 20270503, 2, "capitals", "capital", 7, 3, NOW, NOW)
CAPITAL = Question(
    id="capital",
    kind=Kind.CHOICE,
    prompt="Which city is the capital of Zimbabwe?",
    choices=("Bulawayo", "Harare", "Mutare"),
    answers=frozenset({1}),
)
TYPED = Question(
    id="falls", kind=Kind.TEXT, prompt="Which river makes Victoria Falls?", accepted=("Zambezi",)
)


def parts(message: dict[str, Any]) -> list[dict[str, Any]]:
    check_message(message)
    view = message["view"]
    assert isinstance(view, discord.ui.LayoutView) and "embed" not in message
    (container,) = view.to_components()
    return list(container["components"])


def test_the_day_s_choices_are_sections_and_the_reveal_counts_them() -> None:
    shown = Shown(DAY, CAPITAL, (2, 1, 0), "Capitals")
    asked = parts(question_message(shown, cards=True))
    assert [p["type"] for p in asked] == [10, 9, 9, 9, 14, 10]
    assert "Question of the day · May 3, 2027" in asked[0]["content"]
    assert "Mutare" not in asked[0]["content"]  # the choices are in their sections, not above them
    assert [(s["components"][0]["content"], s["accessory"]["label"]) for s in asked[1:4]] == [
        ("**A**  Mutare", "A"),
        ("**B**  Harare", "B"),
        ("**C**  Bulawayo", "C"),
    ]
    revealed = parts(reveal_message(shown, [1, 2, 0], 2, 3, cards=True))
    assert [p["type"] for p in revealed] == [10, 9, 9, 9, 14, 10]
    assert [s["components"][0]["content"] for s in revealed[1:4]] == [
        "▫️ **A**  Mutare  — 1",
        "✅ **B**  Harare  — 2",
        "▫️ **C**  Bulawayo  — 0",
    ]
    assert [s["accessory"]["style"] for s in revealed[1:4]] == [2, 3, 2]
    assert "2/3 got it right (67%)" in revealed[-1]["content"]


def test_a_typed_day_s_question_has_its_answer_button_in_a_row() -> None:
    shown = Shown(DAY, TYPED, (), "Rivers")
    asked = parts(question_message(shown, cards=True))
    assert [p["type"] for p in asked] == [10, 14, 10, 1]
    assert [b["label"] for b in asked[-1]["components"]] == ["Answer"]
    revealed = parts(reveal_message(shown, [0], 1, 2, cards=True))
    assert "The answer: Zambezi" in revealed[0]["content"]
    assert revealed[-1]["components"][0]["disabled"]
