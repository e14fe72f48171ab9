"""Ids made from names and prompts: a deck's from its title, a question's from its words."""

from __future__ import annotations

import hashlib
import re

from bot.bank import part_sizes

_NOT_SLUG = re.compile(r"[^a-z0-9]+")


def slug(text: str, limit: int = part_sizes.MAX_DECK_ID_LENGTH) -> str:
    """An id made of a name's letters and digits: "Biology 101" -> "biology-101"."""
    return _NOT_SLUG.sub("-", text.casefold()).strip("-")[:limit].strip("-")


def question_id(prompt: str, taken: set[str]) -> str:
    """An id from the prompt's words, so re-importing the same question keeps members' history of it."""
    digest = hashlib.sha1(" ".join(prompt.split()).casefold().encode()).hexdigest()[:8]
    base = f"{slug(prompt, 24) or 'q'}-{digest}"
    candidate, n = base, 2
    while candidate in taken:
        candidate = f"{base}-{n}"
        n += 1
    taken.add(candidate)
    return candidate
