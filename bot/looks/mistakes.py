"""A member's most missed questions as files to keep: a deck in our YAML format, and CSV for spreadsheets."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from bot.bank.models import Deck, Question
from bot.bank.part_sizes import MAX_DECK_DESCRIPTION_LENGTH, MAX_DECK_ID_LENGTH, MAX_DECK_TITLE_LENGTH
from bot.bank.spreadsheet_csv import Cell, csv_text
from bot.locales import _, day
from bot.looks.text import clip
from bot.quiz import Misses

SUFFIX = "-mistakes"
# After the deck export's own columns (which /deck import reads back; it skips these two).  # i18n: not shown
COUNT_COLUMNS = ("missed", "answered")


def mistakes_deck(deck: Deck, misses: Sequence[tuple[Question, Misses]], now: datetime) -> Deck:
    """The missed questions, most missed first, as a deck of their own."""
    return Deck(
        id=deck.id[: MAX_DECK_ID_LENGTH - len(SUFFIX)] + SUFFIX,
        title=clip(_("My mistakes: {deck}", deck=deck.title), MAX_DECK_TITLE_LENGTH),
        description=clip(
            _(
                "The questions of “{deck}” I missed most, as of {day}.",
                deck=clip(deck.title, 100),
                day=day(now),
            ),
            MAX_DECK_DESCRIPTION_LENGTH,
        ),
        language=deck.language,
        questions=tuple(question for question, _m in misses),
    )


def mistakes_yaml(deck: Deck, misses: Sequence[tuple[Question, Misses]], now: datetime) -> str:
    """The missed questions as a deck in our YAML (bot.bank.writer), which `bvunzo validate` accepts."""
    from bot.bank.writer import deck_to_yaml  # PyYAML's emitter: loaded by the first file asked for

    return deck_to_yaml(mistakes_deck(deck, misses, now))


def mistakes_csv(deck: Deck, misses: Sequence[tuple[Question, Misses]], now: datetime) -> str:
    """The deck export's rows (bot.bank.writer) with how often each question was missed, of answered."""
    from bot.bank.writer import CSV_COLUMNS, CSV_TAIL, deck_rows  # as mistakes_yaml

    rows = deck_rows(mistakes_deck(deck, misses, now))
    counted: list[list[Cell]] = [
        [*row, m.failures, m.answers] for row, (_question, m) in zip(rows, misses, strict=True)
    ]
    return csv_text(CSV_COLUMNS + CSV_TAIL + COUNT_COLUMNS, counted)
