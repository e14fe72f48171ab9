"""One line saying what a deck holds by tag and difficulty, so a moderator knows which filters to ask for."""

from __future__ import annotations

from bot.bank.models import Deck
from bot.quiz.choosing import profile

# The most common tags shown per deck; the rest are counted.
TAGS_SHOWN = 6


def profile_line(deck: Deck) -> str:
    """E.g. "tags: memory 8, pytorch 8 (+3 more) · easy 3, medium 4, hard 1"; empty for a deck with neither."""
    held = profile(deck)
    parts = []
    if held.tags:
        shown = ", ".join(f"{tag} {count}" for tag, count in held.tags[:TAGS_SHOWN])
        more = len(held.tags) - TAGS_SHOWN
        parts.append(f"tags: {shown}" + (f" (+{more} more)" if more > 0 else ""))
    if any(level != "unrated" for level, _ in held.difficulties):
        parts.append(", ".join(f"{level} {count}" for level, count in held.difficulties))
    return " · ".join(parts)
