"""Order questions (items to put in order): an order given judged place by place, and the most given
wrong order the reveal names (pure). The share of the points is the items in place ÷ the items, rounded
as a multi or cloze question's (bot/quiz/multi.py: shared_points)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from bot.bank.models import Kind, Question
from bot.bank.order import arranged_from, items_in_place
from bot.quiz.errors import InvalidChoiceError

__all__ = ["arranged_of_slots", "places_right", "stored_order_marks", "top_wrong_order"]


def arranged_of_slots(question: Question, order: Sequence[int], slots: Sequence[int]) -> tuple[int, ...]:
    """The original items in the order a member pressed their display slots; every slot once, or
    InvalidChoiceError."""
    if sorted(slots) != list(range(len(order))) or len(order) != len(question.choices):
        raise InvalidChoiceError
    return tuple(order[slot] for slot in slots)


def stored_order_marks(question: Question, text: str | None) -> tuple[bool, ...]:
    """A kept order judged again, place by place (its text `2,0,1`); () for text that is not one."""
    arranged = arranged_from(text, len(question.choices))
    return items_in_place(arranged) if arranged is not None else ()


def top_wrong_order(question: Question, texts: Iterable[str | None]) -> tuple[tuple[int, ...], int] | None:
    """The wrong order given most often (original indices) and by how many; a tie goes to the order with
    more items in place, then the lower indices. None when nobody gave a wrong order."""
    if question.kind is not Kind.ORDER:
        return None
    count = len(question.choices)
    counts = Counter(a for a in (arranged_from(t, count) for t in texts) if a is not None)
    counts.pop(tuple(range(count)), None)
    if not counts:
        return None
    chosen = min(counts, key=lambda a: (-counts[a], -sum(items_in_place(a)), a))
    return chosen, counts[chosen]


def places_right(question: Question, marks: Iterable[tuple[bool, ...]]) -> tuple[int, ...]:
    """How many answers put each item in its place, item by item (() for another kind of question)."""
    if question.kind is not Kind.ORDER:
        return ()
    counts = [0] * len(question.choices)
    for answer in marks:
        for index, in_place in enumerate(answer[: len(counts)]):
            counts[index] += in_place
    return tuple(counts)
