"""Questions members suggest (/deck suggest): made into our format, checked, and added to a deck."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from bot.bank import part_sizes
from bot.bank.ids import question_id
from bot.bank.models import Deck, Question
from bot.bank.problems import DeckError, Problem
from bot.locales import n_


def suggested_fields(
    prompt: str, right: str, wrong: list[str], explanation: str, author_id: int
) -> dict[str, Any]:
    """A suggestion as a question in our YAML's keys: with wrong answers a choice question, else a
    text question accepting the right answer."""
    fields: dict[str, Any] = {"prompt": prompt.strip()}
    wrong = [w.strip() for w in wrong if w.strip()]
    if wrong:
        fields["choices"] = [right.strip(), *wrong]
        fields["answer"] = 0
    else:
        fields["type"] = "text"
        fields["answers"] = [right.strip()]
    if explanation.strip():
        fields["explanation"] = explanation.strip()
    fields["suggested_by"] = author_id
    return fields


def typed_fields(typed: Mapping[str, object], author_id: int) -> dict[str, Any]:
    """A suggestion form's text (prompt, right, wrong: a line each, explanation) as a question's fields,
    credited to `author_id`: Discord's suggestion and review forms and the dashboard's edit read it so.
    Anything but text in a field counts as empty."""

    def text(name: str) -> str:
        value = typed.get(name, "")
        return value if isinstance(value, str) else ""

    wrong = text("wrong").splitlines()
    return suggested_fields(text("prompt"), text("right"), wrong, text("explanation"), author_id)


def to_json(fields: dict[str, Any]) -> str:
    return json.dumps(fields, ensure_ascii=False)


def from_json(text: str) -> dict[str, Any]:
    value = json.loads(text)
    if not isinstance(value, dict):
        raise ValueError("a suggestion is a JSON object")
    return value


def check_suggestion(fields: dict[str, Any], language: str = "en") -> Question:
    """The question the fields make; DeckError with one sentence per problem (no lines: it is a form)."""
    from bot.bank.reader import read_deck  # and writer: PyYAML, loaded by the first suggestion
    from bot.bank.writer import question_yaml

    head = f"id: check\nlanguage: {language}\nquestions:\n"  # i18n: not shown
    try:
        deck, _line = read_deck(head + question_yaml({"id": "suggested", **fields}), "suggestion")
    except DeckError as exc:
        raise DeckError([Problem(p.file, 0, p.message) for p in exc.problems]) from exc
    return deck.questions[0]


def deck_with(deck: Deck, fields: dict[str, Any]) -> tuple[str, Deck]:
    """The deck with the suggested question added at its end: its YAML text and the deck it loads to."""
    from bot.bank.reader import read_stored_deck  # and writer: PyYAML, loaded by the first suggestion
    from bot.bank.writer import deck_to_yaml, question_yaml

    if len(deck.questions) >= part_sizes.MAX_QUESTIONS_PER_DECK:
        raise DeckError(
            [
                Problem(
                    deck.source,
                    0,
                    n_(
                        "the deck already holds {n} question, the most",
                        "the deck already holds {n} questions, the most",
                        part_sizes.MAX_QUESTIONS_PER_DECK,
                        n=part_sizes.MAX_QUESTIONS_PER_DECK,
                    ),
                )
            ]
        )
    taken = {q.id for q in deck.questions}
    new_id = question_id(str(fields.get("prompt", "")), taken)
    text = deck_to_yaml(deck) + question_yaml(
        {"id": new_id, **{k: v for k, v in fields.items() if k != "id"}}
    )
    grown = read_stored_deck(text, deck.source, guild_id=deck.guild_id)
    return text, grown
