"""The Components V2 cards of a round (bot/ui/round_layout.py): what each shows, and Discord's layout limits."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import discord

from bot.bank.models import Kind, Question
from bot.quiz import Reveal
from bot.rounds.cards import QuestionCard, RevealCard
from bot.ui.round_cards import content_of
from bot.ui.round_layout import ACCENTS, accent_of, embeds_card
from tests.discord_limits import V2_COMPONENTS, V2_TEXT, _count, check_component, check_message

NOW = datetime(2026, 12, 2, 12, 0, tzinfo=UTC)
CAPITAL = Question(
    id="capital",
    kind=Kind.CHOICE,
    prompt="Which city is the capital of Zimbabwe?",
    choices=("Bulawayo", "Harare", "Mutare", "Gweru"),
    answers=frozenset({1}),
    explanation="Harare has been the capital since 1980.",
    image="https://example.org/map.png",
)
ORDER = (2, 1, 0, 3)  # the round's shuffle: Mutare, Harare, Bulawayo, Gweru


def parts(message: dict[str, Any]) -> list[dict[str, Any]]:
    """The card's container's components, as Discord receives them."""
    view = message["view"]
    assert isinstance(view, discord.ui.LayoutView) and "embed" not in message and "content" not in message
    (container,) = view.to_components()
    assert container["type"] == 17
    return list(container["components"])


def asked(question: Question = CAPITAL, order: tuple[int, ...] = ORDER, **how: Any) -> QuestionCard:
    return QuestionCard(7, 1, 5, question, order, "Capitals", NOW, 3, None, False, **how)


def revealed(reveal: Reveal, question: Question = CAPITAL, order: tuple[int, ...] = ORDER) -> RevealCard:
    return RevealCard(7, 1, 5, question, order, reveal, "Capitals", True, (), (), ("capitals", "capital"))


REVEAL = Reveal(
    question_index=1, right_slots=frozenset({1}), counts=(1, 2, 0, 0), fastest=(), answered=3, right=2
)


def test_a_question_card_has_its_prompt_picture_sections_separator_and_timer() -> None:
    shown = parts(content_of(asked(), formulas=True, cards=True))
    assert [p["type"] for p in shown] == [10, 12, 9, 9, 9, 9, 14, 10]
    assert shown[0]["content"] == "### Question 2 of 5\nWhich city is the capital of Zimbabwe?"
    # The question's own picture, then its formulas' (uploaded with the message).
    assert [i["media"]["url"] for i in shown[1]["items"]] == [
        "https://example.org/map.png",
        "attachment://formulas-2.png",
    ]
    choices = [(s["components"][0]["content"], s["accessory"]["label"]) for s in shown[2:6]]
    assert choices == [
        ("**A**  Mutare", "A"),
        ("**B**  Harare", "B"),
        ("**C**  Bulawayo", "C"),
        ("**D**  Gweru", "D"),
    ]
    assert shown[3]["accessory"]["custom_id"] == "bvz:1:a:7:1:1"  # the classic button B, in its section
    assert shown[7]["content"] == f"-# Closes <t:{int(NOW.timestamp())}:R>.\n-# Capitals · 3 answers so far"


def test_the_reveal_is_the_same_card_with_counts_the_right_one_marked_and_why() -> None:
    question_card = parts(content_of(asked(), cards=True))
    shown = parts(content_of(revealed(REVEAL), cards=True))
    assert shown[0]["content"] == "### Question 2 of 5 — answer\nWhich city is the capital of Zimbabwe?"
    sections = [s for s in shown if s["type"] == 9]
    assert [s["components"][0]["content"] for s in sections] == [
        "▫️ **A**  Mutare  — **1**",
        "✅ **B**  Harare  — **2**",
        "▫️ **C**  Bulawayo  — **0**",
        "▫️ **D**  Gweru  — **0**",
    ]
    assert [(s["accessory"]["label"], s["accessory"]["style"]) for s in sections] == [
        ("A · 1", 2),
        ("B · 2", 3),
        ("C · 0", 2),
        ("D · 0", 2),
    ]
    assert all(s["accessory"]["disabled"] for s in sections)
    # The same custom_ids as the question's buttons: the reveal edits the card, it does not replace it.
    assert [s["accessory"]["custom_id"] for s in sections] == [
        s["accessory"]["custom_id"] for s in question_card if s["type"] == 9
    ]
    texts = [p["content"] for p in shown if p["type"] == 10]
    assert "**Why**\nHarare has been the capital since 1980." in texts
    assert texts[-1] == "-# Capitals · 2/3 right (67%)"
    report = [b for p in shown if p["type"] == 1 for b in p["components"]]
    assert [b["label"] for b in report] == ["Report question"]


def test_every_card_of_a_deck_takes_its_accent_colour() -> None:
    colour = accent_of("Capitals").value
    assert colour in ACCENTS
    for card in (asked(), revealed(REVEAL)):
        (container,) = content_of(card, cards=True)["view"].to_components()
        assert container["accent_color"] == colour


def test_a_multi_question_of_ten_choices_picks_in_its_menu_within_forty_components() -> None:
    multi = Question(
        id="primes",
        kind=Kind.MULTI,
        prompt="Which are prime?",
        choices=tuple(str(n) for n in range(2, 12)),
        answers=frozenset({0, 1, 3, 5, 9}),
    )
    order = tuple(range(10))
    message = content_of(asked(multi, order), cards=True)
    shown = parts(message)
    assert [p["type"] for p in shown] == [10, 1, 14, 10]
    assert "**J**  11" in shown[0]["content"] and "Select all that apply" in shown[0]["content"]
    assert shown[1]["components"][0]["type"] == 3 and len(shown[1]["components"][0]["options"]) == 10
    check_message(message)


def test_a_typed_question_has_its_answer_and_hint_buttons_in_a_row() -> None:
    typed = Question(id="t", kind=Kind.TEXT, prompt="Capital of Zimbabwe?", accepted=("Harare",))
    shown = parts(content_of(asked(typed, (), hints=True), cards=True))
    assert [p["type"] for p in shown] == [10, 1, 14, 10]
    assert "Type your answer with the **Answer** button." in shown[0]["content"]
    assert [b["label"] for b in shown[1]["components"]] == ["Answer", "Hint"]


def test_the_text_gives_way_within_four_thousand_characters_streaks_first() -> None:
    long = Question(
        id="long",
        kind=Kind.CHOICE,
        prompt="P" * 1500,
        choices=tuple(c * 200 for c in "VWXYZ"),
        answers=frozenset({0}),
        explanation="E" * 1000,
    )
    reveal = Reveal(
        question_index=1,
        right_slots=frozenset({0}),
        counts=(5, 0, 0, 0, 0),
        fastest=(),
        answered=5,
        right=5,
        streaks=tuple((10**18 + i, 9) for i in range(60)),
    )
    message = content_of(revealed(reveal, long, tuple(range(5))), cards=True)
    check_message(message)
    rows = message["view"].to_components()
    assert _count(rows) <= V2_COMPONENTS
    assert sum(check_component(row) for row in rows) <= V2_TEXT
    text = "\n".join(p.get("content", "") for p in parts(message) if p["type"] == 10)
    assert "P" * 1500 in text and "E" * 1000 in text  # the prompt and the explanation whole
    assert 0 < text.count(" 9 in a row") < 60  # the streaks gave way, shortened


def test_several_embeds_share_one_card_the_short_one_whole_the_long_one_shortened() -> None:
    feedback = discord.Embed(title="Right: B", description="Harare has been the capital since 1980.")
    question = discord.Embed(title="Assignment #3 · question 2 of 2", description="P" * 5000)
    button = discord.ui.Button(label="A", custom_id="a")
    view = discord.ui.View()
    view.add_item(button)
    message = {"view": embeds_card([feedback, question], view, discord.Colour(ACCENTS[0]))}
    check_message(message)
    shown = parts(message)
    assert [p["type"] for p in shown] == [10, 14, 10, 1]  # text, separator, text, a row of the button
    assert shown[0]["content"] == "### Right: B\nHarare has been the capital since 1980."
    assert shown[2]["content"].startswith("### Assignment #3 · question 2 of 2\nPPP")
    assert 3000 < shown[2]["content"].count("P") < 4000  # shortened to what the card leaves it
    assert sum(check_component(row) for row in message["view"].to_components()) <= V2_TEXT
