"""Seeded choices of questions and of the order their choices are shown in."""

from __future__ import annotations

import random
import secrets
from functools import lru_cache

from bot.bank.models import Deck, Kind

# Buttons carry these letters, display slot 0 first.
LETTERS = "ABCDEFGHIJ"  # a choice question uses A-E; a multi question up to J


def new_seed() -> int:
    """A fresh round seed; 63 bits so it fits SQLite's signed INTEGER."""
    return secrets.randbits(63)


def _rng(seed: int, purpose: str) -> random.Random:
    # A string seed goes through SHA-512 inside `random`, so the sequence is the same in every
    # process; Python's hash() is salted per process and would break reveals after a restart.
    return random.Random(f"{seed}:{purpose}")


def pick_questions(deck: Deck, count: int, seed: int) -> tuple[str, ...]:
    """A seeded sample of `count` question ids (clipped to the deck's size), without repeats."""
    ids = [q.id for q in deck.questions]
    count = max(0, min(count, len(ids)))
    return tuple(_rng(seed, "pick").sample(ids, count))


# A results file asks the order of every answer's question (600 a file): each seeds a Random through
# SHA-512; the order is the arguments' alone, so each is worked out once.
@lru_cache(maxsize=4096)
def choice_order(seed: int, question_index: int, n_choices: int, kind: Kind) -> tuple[int, ...]:
    """The display order of a question's choices: element `slot` is the original choice's index.

    True/false keeps True before False (shuffling it would only confuse); typed questions (text, number)
    have no choices. The order depends on the round's seed and the question's place in the round only, so
    the same question in another round lands elsewhere, and a reveal after a restart matches.
    """
    if kind in (Kind.TEXT, Kind.NUMBER) or n_choices <= 0:
        return ()
    order = list(range(n_choices))
    if kind in (Kind.TRUEFALSE, Kind.POLL):
        return tuple(
            order
        )  # a poll's choices are often a scale ("not sure" ... "very sure"): kept as written
    _rng(seed, str(question_index)).shuffle(order)
    if kind is Kind.ORDER and order == sorted(order):  # items to put in order are never shown in order
        order = order[1:] + order[:1]
    return tuple(order)


def slot_letter(slot: int) -> str:
    """The letter of display slot `slot` (A for 0)."""
    return LETTERS[slot] if 0 <= slot < len(LETTERS) else str(slot + 1)
