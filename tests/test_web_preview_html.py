"""The deck editor's preview as HTML (bot/web/templates/_discord_preview.html): the text a round's cards
send to Discord (prompt, letters, choices, limits and cuts), escaped, drawn without discord.py."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime
from html.parser import HTMLParser

import discord
import pytest
from aiohttp import web

from bot.bank.loader import load_deck_text
from bot.bank.models import Question
from bot.locales import speaking
from bot.looks.preview import Preview, preview
from bot.rounds.cards import QuestionCard, RevealCard
from bot.ui.round import question_embed, reveal_embed
from bot.web.discord_look import spans
from bot.web.render import template_environment

NOW = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
DECK = load_deck_text(
    """
id: bio
title: Biology
questions:
  - id: cell
    prompt: "Which is the <b>unit</b> of life?"
    choices: ["<i>Cell</i>", Atom]
    answer: 0
    explanation: "Made of <script>cells</script>."
  - id: dna
    type: text
    prompt: "What carries <u>genes</u>?"
    answers: ["<em>DNA</em>"]
""",
    "bio.yaml",
)


class _Text(HTMLParser):
    """The page's text by element class: what a reader sees in each part of the drawn message."""

    def __init__(self) -> None:
        super().__init__()
        self.classes: list[str] = []
        self.tags: list[str] = []
        self.parts: dict[str, list[str]] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.classes.append(dict(attrs).get("class") or "")

    def handle_endtag(self, tag: str) -> None:
        if self.classes:  # a message cut from its page closes what opened before it
            self.classes.pop()

    def handle_data(self, data: str) -> None:
        if data.isspace():
            return  # the template's own indentation
        for name in self.classes:
            for part in name.split():
                self.parts.setdefault(part, []).append(data)

    def text(self, part: str) -> str:
        return "".join(self.parts.get(part, []))


def draw(shown: Preview) -> str:
    env = template_environment(web.Application())
    return env.get_template("_discord_preview.html").render(
        preview=shown,
        asked_lines=spans(shown.question.embed.description, NOW),
        revealed_lines=spans(shown.reveal.embed.description, NOW),
    )


def read(html: str, message: int = 0) -> _Text:
    """The text of the drawn message `message`: 0 as it is asked, 1 at the reveal."""
    parsed = _Text()
    parsed.feed(html.split('<div class="discord-message">')[1 + message])
    return parsed


def test_markup_in_a_question_shows_as_text() -> None:
    html = draw(preview(DECK.questions[0], DECK, NOW))
    for written in ("<b>unit</b>", "<i>Cell</i>", "<script>cells</script>"):
        assert written not in html
    page = read(html)
    assert {"b", "i", "script"}.isdisjoint(page.tags)
    assert page.text("embed-description").startswith("Which is the <b>unit</b> of life?")
    assert "A  <i>Cell</i>" in page.text("embed-description")
    assert read(html, 1).text("embed-field-value") == "Made of <script>cells</script>."

    typed = read(draw(preview(DECK.questions[1], DECK, NOW)))
    assert {"u", "em"}.isdisjoint(typed.tags)
    assert typed.text("embed-description").startswith("What carries <u>genes</u>?")
    assert "Answer: <em>DNA</em>" in read(draw(preview(DECK.questions[1], DECK, NOW)), 1).text(
        "discord-button"
    )


def test_letters_choices_and_buttons_as_discord_shows_them() -> None:
    page = read(draw(preview(DECK.questions[0], DECK, NOW)))
    description = page.text("embed-description")
    assert "A  <i>Cell</i>B  Atom" in description  # one <p> per line: the letters bold, then the choice
    assert "Closes in 20 seconds." in description
    assert page.text("embed-title") == "Question 1 of 1"
    assert page.text("embed-footer") == "Biology · 0 answers so far"
    assert page.text("discord-button") == "AB"
    revealed = read(draw(preview(DECK.questions[0], DECK, NOW)), 1)
    assert revealed.text("embed-title") == "Question 1 of 1 — answer"
    assert revealed.text("embed-footer") == "Biology · 0/0 right (—)"


def _discord_text(embed: discord.Embed) -> str:
    """What Discord's client shows of a description: bold without its stars, one line per paragraph."""
    lines = (embed.description or "").replace("**", "").split("\n")
    return "".join(line for line in lines if not line.startswith("Closes <t:"))


@pytest.mark.parametrize("lang", ["en", "fr", "sn", "pt-BR"])
def test_a_question_at_the_limits_is_cut_where_discord_cuts_it(lang: str) -> None:
    # The longest prompt the validator takes and five of the longest choices: more than an embed holds.
    longest: Question = dataclasses.replace(
        DECK.questions[0],
        prompt="P" * 4056,
        choices=tuple(f"{letter}" * 200 for letter in "VWXYZ"),
        answers=frozenset({0}),
        explanation="E" * 1000,
    )
    with speaking(lang):
        shown = preview(longest, DECK, NOW)
        asked = question_embed(
            QuestionCard(1, 0, 1, longest, (0, 1, 2, 3, 4), "Biology", None, 0, None, False)
        )
        html = draw(shown)
    page, revealed = read(html), read(html, 1)
    description = page.text("embed-description")
    # Discord's card: the prompt in full, then the choices up to 4096 characters, cut with an ellipsis.
    assert description.startswith("P" * 4056)
    assert len(asked.description or "") == 4096
    assert (asked.description or "").endswith("…")
    assert description.startswith(_discord_text(asked))
    assert "A  " + "V" * 10 in description
    # The reveal's explanation: the whole of it, as Discord's field shows it.
    assert revealed.text("embed-field-value") == "E" * 1000
    # The buttons: a letter each, and the reveal's counts.
    assert page.text("discord-button") == "ABCDE"


def test_the_reveal_is_the_discord_reveal() -> None:
    cell = DECK.questions[0]
    shown = preview(cell, DECK, NOW)
    from bot.quiz import Reveal

    nobody = Reveal(0, frozenset({0}), (0, 0), (), 0, 0)
    expected = reveal_embed(
        RevealCard(1, 0, 1, cell, (0, 1), nobody, "Biology", True, (), (), ("bio", "cell"))
    )
    assert shown.reveal.embed.description == expected.description
    assert "✅ A  <i>Cell</i>  — 0▫️ B  Atom  — 0" in read(draw(shown), 1).text("embed-description")


def test_formulas_show_as_written_in_code_and_prices_as_text() -> None:
    [asked] = load_deck_text(
        "id: maths\ntitle: Maths\nquestions:\n  - id: half\n"
        "    prompt: 'Is $\\frac{1}{2} < 1$ for $5 and $6?'\n    choices: ['$x<y$', 'No']\n    answer: 0\n",
        "maths.yaml",
    ).questions
    html = draw(preview(asked, DECK, NOW))
    assert '<code class="formula">$\\frac{1}{2} &lt; 1$</code>' in html
    assert '<code class="formula">$x&lt;y$</code>' in html
    assert "for $5 and $6?" in read(html).text("embed-description")
