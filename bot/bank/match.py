"""Match questions (pairs to match): the pairs' limits, the order the right items are offered in, and a
member's pairing as an answer keeps it (a JSON list in the store's text column)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence

# A match question holds 2 to 5 pairs: Discord's form takes at most five select menus.
MIN_PAIRS = 2
MAX_PAIRS = 5
# A pair's item is a select option's label (100) and a form label's description (100).
MAX_PAIR_ITEM = 100


def right_order(question_id: str, rights: Sequence[str]) -> tuple[int, ...]:
    """The order each left item's menu offers the right items in: shuffled by the question's id, the same
    in every round, practice and restart, and never the deck's order when another exists (the deck's
    order would give every answer away)."""

    def key(index: int) -> str:
        return hashlib.sha256(f"{question_id}\0{rights[index]}".encode()).hexdigest()

    order = tuple(sorted(range(len(rights)), key=key))
    if order == tuple(range(len(rights))) and len(rights) > 1:
        order = order[1:] + order[:1]
    return order


def pairing_text(chosen: Sequence[int]) -> str:
    """A member's pairing as an answer keeps it: for each left item in order, the index of the right item
    chosen for it, `[1, 0, 2]`."""
    return json.dumps([int(index) for index in chosen])


def pairing_from(text: str | None, count: int) -> tuple[int, ...] | None:
    """The pairing `pairing_text` wrote for `count` pairs; None for text that is not one."""
    try:
        value = json.loads(text or "")
    except ValueError:
        return None
    if not isinstance(value, list) or len(value) != count:
        return None
    if not all(type(v) is int and 0 <= v < count for v in value):
        return None
    return tuple(value)
