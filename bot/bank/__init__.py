"""The question bank: deck models, the YAML loader and validator."""

from bot.bank.bank import Bank
from bot.bank.loader import load_deck_bytes, load_deck_file, load_deck_text, load_folder, validate_paths
from bot.bank.models import Deck, Kind, Question, Translation
from bot.bank.problems import DeckError, Problem

__all__ = [
    "Bank",  # i18n: not shown
    "Deck",  # i18n: not shown
    "DeckError",
    "Kind",  # i18n: not shown
    "Problem",  # i18n: not shown
    "Question",  # i18n: not shown
    "Translation",  # i18n: not shown
    "load_deck_bytes",
    "load_deck_file",
    "load_deck_text",
    "load_folder",
    "validate_paths",
]
