"""One line saying what a deck holds by tag and difficulty, so a moderator knows which filters to ask for."""

from __future__ import annotations

from bot.bank.models import Deck
from bot.locales import _, n_, number
from bot.quiz.choosing import difficulty_name, profile

# The most common tags shown per deck; the rest are counted.
TAGS_SHOWN = 6


def profile_line(deck: Deck) -> str:
    """E.g. "tags: memory 8, pytorch 8 (+3 more) · easy 3, medium 4, hard 1"; empty for a deck with neither."""
    held = profile(deck)
    parts = []
    if held.tags:
        shown = ", ".join(f"{tag} {number(count)}" for tag, count in held.tags[:TAGS_SHOWN])
        more = len(held.tags) - TAGS_SHOWN
        parts.append(
            n_("tags: {tags} (+{n} more)", "tags: {tags} (+{n} more)", more, tags=shown)
            if more > 0
            else _("tags: {tags}", tags=shown)
        )
    if any(level != "unrated" for level, _count in held.difficulties):
        parts.append(
            ", ".join(
                _("{level} {count}", level=difficulty_name(level), count=number(count))
                for level, count in held.difficulties
            )
        )
    return " · ".join(parts)
