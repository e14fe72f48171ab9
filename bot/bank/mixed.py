"""A round of several decks: their questions as one deck, and where each of its questions comes from.

Deck and question ids are slugs (letters, digits, `-`, `_`), so `+` and `/` cannot occur in them: a mixed
deck's id is its decks' ids joined by `+` ("biology+chemistry"), and each of its questions is named by
its deck and its own id ("biology/cell-01"). A round keeps the mixed id, so a restart or a late button
finds the same questions again; answers and memories are kept under each question's own deck and id.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bot.bank.models import Deck

JOIN = "+"
QUALIFY = "/"


def is_mixed(deck_id: str) -> bool:
    return JOIN in deck_id


def deck_ids_of(deck_id: str) -> tuple[str, ...]:
    """The ids of the decks a (possibly mixed) deck id names."""
    return tuple(deck_id.split(JOIN))


def mix(decks: Sequence[Deck]) -> Deck:
    """The questions of several different decks as one; a single deck is itself.

    Each question takes its deck's tags as its own, so a tag filter keeps what it would keep in that deck.
    """
    if not decks:
        raise ValueError("mix needs at least one deck")
    if len({deck.id for deck in decks}) != len(decks):
        raise ValueError("mix needs different decks")
    if len(decks) == 1:
        return decks[0]
    questions = tuple(
        replace(
            question,
            id=f"{deck.id}{QUALIFY}{question.id}",
            tags=tuple(dict.fromkeys((*question.tags, *deck.tags))),
        )
        for deck in decks
        for question in deck.questions
    )
    owners = {deck.guild_id for deck in decks if deck.guild_id is not None}
    return Deck(
        id=JOIN.join(deck.id for deck in decks),
        title=" + ".join(deck.title for deck in decks),
        questions=questions,
        description=" · ".join(deck.description for deck in decks if deck.description),
        language=decks[0].language,
        guild_id=owners.pop() if len(owners) == 1 else None,
    )


def origin(deck_id: str, question_id: str) -> tuple[str, str]:
    """The deck and id a question of deck `deck_id` has in its own deck (itself, outside a mixed deck)."""
    if QUALIFY in question_id:
        own_deck, _, own_id = question_id.partition(QUALIFY)
        return own_deck, own_id
    return deck_id, question_id
