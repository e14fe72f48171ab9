"""The question bank: deck models, the YAML loader and validator."""

from bot.bank.bank import Bank
from bot.bank.loader import load_deck_bytes, load_deck_file, load_deck_text, load_folder, validate_paths
from bot.bank.models import Deck, Kind, Question, Translation
from bot.bank.problems import DeckError, Problem

__all__ = [
    "Bank",
    "Deck",
    "DeckError",
    "Kind",
    "Problem",
    "Question",
    "Translation",
    "load_deck_bytes",
    "load_deck_file",
    "load_deck_text",
    "load_folder",
    "validate_paths",
]
