"""A member's most missed questions as files to keep: a deck in our YAML format, and CSV for spreadsheets."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from datetime import datetime
from typing import Any

import yaml

from bot.bank.limits import MAX_DECK_ID_LENGTH, MAX_DECK_TITLE_LENGTH
from bot.bank.models import Deck, Kind, Question
from bot.quiz import Misses
from bot.ui.text import clip

SUFFIX = "-mistakes"
CSV_COLUMNS = ("id", "prompt", "answer", "choices", "explanation", "missed", "answered")


def _answer(question: Question) -> Any:
    if question.kind is Kind.TRUEFALSE:
        return 0 in question.answers  # true/false decks write `answer: true` for the first choice, True
    right = sorted(question.answers)
    return right[0] if len(right) == 1 else right


def _question(question: Question, deck_language: str) -> dict[str, Any]:
    """One question as a deck author writes it (questions/README.md), without defaults."""
    entry: dict[str, Any] = {"id": question.id}
    if question.kind is not Kind.CHOICE:
        entry["type"] = question.kind.value
    if question.lang != deck_language:
        entry["lang"] = question.lang
    entry["prompt"] = question.prompt
    if question.kind is Kind.TEXT:
        entry["answers"] = list(question.accepted)
    else:
        if question.kind is Kind.CHOICE:
            entry["choices"] = list(question.choices)
        entry["answer"] = _answer(question)
    if question.explanation:
        entry["explanation"] = question.explanation
    translations = {}
    for lang, t in sorted(question.translations.items()):
        words: dict[str, Any] = {"prompt": t.prompt}
        if t.choices and question.kind is Kind.CHOICE:
            words["choices"] = list(t.choices)
        if t.explanation:
            words["explanation"] = t.explanation
        if t.accepted:
            words["answers"] = list(t.accepted)
        translations[lang] = words
    if translations:
        entry["translations"] = translations
    if question.tags:
        entry["tags"] = list(question.tags)
    if question.difficulty:
        entry["difficulty"] = question.difficulty
    return entry


def mistakes_yaml(deck: Deck, misses: Sequence[tuple[Question, Misses]], now: datetime) -> str:
    """A deck of the missed questions, most missed first, that `bvunzo validate` accepts."""
    document = {
        "id": deck.id[: MAX_DECK_ID_LENGTH - len(SUFFIX)] + SUFFIX,
        "title": clip(f"My mistakes: {deck.title}", MAX_DECK_TITLE_LENGTH),
        "description": f"The questions of “{clip(deck.title, 100)}” I missed most, as of {now:%Y-%m-%d}.",
        "language": deck.language,
        "questions": [_question(question, deck.language) for question, _m in misses],
    }
    return yaml.safe_dump(document, sort_keys=False, allow_unicode=True, width=100)


def mistakes_csv(misses: Sequence[tuple[Question, Misses]]) -> str:
    """One row per missed question: its words, the right answer, and how often it was missed of answered."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for question, m in misses:
        choices = " | ".join(question.choices) if question.kind is not Kind.TEXT else ""
        writer.writerow(
            (
                question.id,
                question.prompt,
                question.answer_text,
                choices,
                question.explanation,
                m.failures,
                m.answers,
            )
        )
    return out.getvalue()
