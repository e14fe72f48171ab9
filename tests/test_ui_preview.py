"""The deck editor's preview shows a question with the round's own embeds (as the same text) and buttons."""

from __future__ import annotations

from datetime import UTC, datetime

import discord

from bot.bank.loader import load_deck_text
from bot.looks.preview import PreviewButton, preview
from bot.quiz import Reveal
from bot.rounds.cards import QuestionCard, RevealCard
from bot.ui.round import QUESTION_COLOUR, REVEAL_COLOUR, question_embed, reveal_embed
from bot.ui.round_views import question_view, reveal_view
from bot.ui.text import embed_of

NOW = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
DECK = load_deck_text(
    """
id: bio
title: Biology
questions:
  - id: cell
    prompt: "What is the **unit** of life?"
    choices: [Cell, Atom, Organ]
    answer: 0
    explanation: Everything living is made of cells.
    translations:
      sn: {prompt: "Chii chinonzi?", choices: [Sero, Atomu, Nhengo]}
  - id: dna
    type: text
    prompt: "What carries genes?"
    answers: [DNA, deoxyribonucleic acid]
""",
    "bio.yaml",
    guild_id=5,
)


def buttons_of(view: discord.ui.View) -> list[PreviewButton]:
    out = []
    for child in view.children:
        item = child.item if isinstance(child, discord.ui.DynamicItem) else child
        assert isinstance(item, discord.ui.Button)
        out.append(PreviewButton(item.label or "", item.style.name, item.disabled, str(item.emoji or "")))
    return out


def test_the_question_is_the_rounds_own_embed_and_buttons() -> None:
    cell = DECK.questions[0]
    shown = preview(cell, DECK, NOW)

    asked = QuestionCard(1, 0, 1, cell, (0, 1, 2), "Biology", NOW.replace(second=20), 0, None, False)
    expected = question_embed(asked)
    assert embed_of(shown.question.embed, QUESTION_COLOUR).to_dict() == expected.to_dict()
    assert "**A**  Cell\n**B**  Atom\n**C**  Organ" in shown.question.embed.description
    assert list(shown.question.buttons) == buttons_of(question_view(asked))
    assert [b.label for b in shown.question.buttons] == ["A", "B", "C", "Read in chiShona"]


def test_the_reveal_is_the_rounds_reveal_before_anyone_answered() -> None:
    cell = DECK.questions[0]
    shown = preview(cell, DECK, NOW)
    nobody = Reveal(0, frozenset({0}), (0, 0, 0), (), 0, 0)

    revealed = RevealCard(1, 0, 1, cell, (0, 1, 2), nobody, "Biology", True, (), (), ("bio", "cell"))
    assert embed_of(shown.reveal.embed, REVEAL_COLOUR).to_dict() == reveal_embed(revealed).to_dict()
    view = reveal_view(revealed)
    assert list(shown.reveal.buttons) == buttons_of(view)
    assert shown.reveal.buttons[0] == PreviewButton("A · 0", "success", True)


def test_a_text_question_and_a_translation() -> None:
    dna = DECK.questions[1]
    shown = preview(dna, DECK, NOW)
    asked = QuestionCard(1, 0, 1, dna, (), "Biology", NOW, 0, None, False)
    assert list(shown.question.buttons) == buttons_of(question_view(asked))
    nobody = Reveal(0, frozenset(), (), (), 0, 0)
    revealed = RevealCard(1, 0, 1, dna, (), nobody, "Biology", True, (), (), ("bio", "dna"))
    assert list(shown.reveal.buttons) == buttons_of(reveal_view(revealed))

    in_shona = preview(DECK.questions[0], DECK, NOW, lang="sn")
    assert in_shona.question.embed.description.startswith("Chii chinonzi?\n\n**A**  Sero")
    assert in_shona.languages == ("en", "sn")
