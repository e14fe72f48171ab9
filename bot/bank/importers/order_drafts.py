"""An ordering question from a learning platform's file (Moodle XML `ordering`, Blackboard `ORD`) drafted as
an order question, its items in their right order; one of too few or many items set aside in one sentence."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.bank.importers.drafts import DeckDraft
from bot.bank.order import MAX_ITEMS, MIN_ITEMS
from bot.locales import n_

__all__ = ["add_order"]


def add_order(
    draft: DeckDraft,
    line: int,
    prompt: str,
    items: Sequence[str],
    *,
    explanation: str = "",
    tags: Sequence[str] = (),
    image: str = "",
    extra: Mapping[str, Any] | None = None,
) -> None:
    """`items` in their right order (empty ones dropped): an order question of MIN_ITEMS to MAX_ITEMS
    (`extra`: more of the question's fields, as a spreadsheet row gives them)."""
    kept = [item.strip() for item in items if item.strip()]
    if not MIN_ITEMS <= len(kept) <= MAX_ITEMS:
        draft.set_apart(
            line,
            n_(
                "an ordering question of {n} item; Bvunzo puts {least} to {most} in order, so it was left out",
                "an ordering question of {n} items; Bvunzo puts {least} to {most} in order, so it was left out",
                len(kept),
                least=MIN_ITEMS,
                most=MAX_ITEMS,
            ),
        )
        return
    fields = {"explanation": explanation, "tags": list(tags), "image": image, **(extra or {})}
    draft.add(line, type="order", prompt=prompt, items=kept, **fields)
