"""A spreadsheet's rows of pairs to match and items to put in order, in the choice columns.

A row says its kind in the `type` column, as a multi question's does, and uses the same choice columns
(`choice 1`, `choice 2`... or every choice in one `choices` cell, split by `|` or `;`): a match row's
cells each hold one pair, `left -> right`; an order row's hold the items in their right order. Neither
needs the `answer` column: the pairs, or the order, are the answer.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from bot.bank.importers import not_playable
from bot.bank.importers.drafts import DeckDraft
from bot.bank.importers.order_drafts import add_order
from bot.bank.match import MAX_PAIRS, MIN_PAIRS
from bot.locales import _

__all__ = ["MATCH_KINDS", "ORDER_KINDS", "add_match_row", "add_order_row"]

# The `type` cell's words for each (compared without case, spaces, `_`, `-`, `.` or `/`).
MATCH_KINDS = frozenset({"match", "matching", "pairs", "matchingpairs", "emparejamiento", "associacao",
                         "correspondance", "zuordnung"})  # fmt: skip
ORDER_KINDS = frozenset({"order", "ordering", "sequence", "sort", "sorting", "ordenar", "ordenacao",
                         "ordre", "reihenfolge"})  # fmt: skip
# Between a pair's two sides: GIFT's arrow, its Unicode look-alike, or `=>`.
_ARROW = re.compile(r"\s*(?:->|→|=>)\s*")


def add_match_row(
    draft: DeckDraft, line: int, prompt: str, cells: Sequence[str], common: dict[str, Any]
) -> None:
    """A match question of the row's pairs, one `left -> right` a cell."""
    pairs: list[list[str]] = []
    for cell in cells:
        sides = [side.strip() for side in _ARROW.split(cell.strip(), maxsplit=1)]
        if len(sides) != 2 or not all(sides):
            draft.skip(
                line,
                _(
                    "a match row gives each pair in a choice cell as `left -> right`; `{cell}` is not one",
                    cell=cell.strip()[:60],
                ),
            )
            return
        pairs.append(sides)
    if not MIN_PAIRS <= len(pairs) <= MAX_PAIRS:
        draft.set_apart(line, not_playable.pairs_refusal(len(pairs)))
        return
    draft.add(line, type="match", prompt=prompt, pairs=pairs, **common)


def add_order_row(
    draft: DeckDraft, line: int, prompt: str, cells: Sequence[str], common: dict[str, Any]
) -> None:
    """An order question of the row's items, in the order its cells give them."""
    add_order(draft, line, prompt, cells, extra=common)
