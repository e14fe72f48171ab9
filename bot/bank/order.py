"""Order questions (items to put in order): their bounds and how a member's order is kept (pure).

A deck writes an order question's `items` in the right order; they are kept as the question's choices
(item i belongs in place i), shown shuffled as any choices are. A member's order is kept in the answer's
text column as the original indices in the order given, `2,0,1` (no migration)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

__all__ = ["MAX_ITEMS", "MIN_ITEMS", "arranged_from", "arranged_text", "arranged_words", "items_in_place"]

MIN_ITEMS = 3
MAX_ITEMS = 8


def arranged_text(arranged: Iterable[int]) -> str:
    """A member's order as an answer keeps it: the original indices in the order given, `2,0,1`."""
    return ",".join(str(index) for index in arranged)


def arranged_from(text: str | None, count: int) -> tuple[int, ...] | None:
    """The order `arranged_text` wrote, when it puts every one of `count` items once; else None."""
    parts = (text or "").split(",")
    if not all(part.isdigit() for part in parts):
        return None
    arranged = tuple(int(part) for part in parts)
    return arranged if sorted(arranged) == list(range(count)) and count else None


def arranged_words(items: Sequence[str], text: str | None) -> str:
    """A kept order in the deck's words, `Venus → Mercury → Earth`, for reports (the text itself when it
    is not one)."""
    arranged = arranged_from(text, len(items))
    return " → ".join(items[i] for i in arranged) if arranged is not None else text or ""


def items_in_place(arranged: Sequence[int]) -> tuple[bool, ...]:
    """Whether each place holds its own item: `2,1,0` has only the middle one in place."""
    return tuple(index == item for index, item in enumerate(arranged))
