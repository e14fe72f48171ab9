"""Match questions (pairs to match): each left item's chosen right item judged, and the most given wrong
pairing the reveal names (pure). The share of the points is the pairs right ÷ the pairs, as a cloze
question's blanks (bot/quiz/cloze.py: marks_share)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from bot.bank.match import pairing_from
from bot.bank.models import Question

__all__ = ["pair_marks", "stored_pair_marks", "top_wrong_pair"]


def pair_marks(question: Question, chosen: Sequence[int]) -> tuple[bool, ...]:
    """Whether each left item, in order, was given its own right item."""
    return tuple(index == right for index, right in enumerate(chosen[: len(question.pairs)]))


def stored_pair_marks(question: Question, text: str | None) -> tuple[bool, ...]:
    """A kept answer's pairing judged again (its text the JSON list chosen); () for text that is not one."""
    chosen = pairing_from(text, len(question.pairs))
    return pair_marks(question, chosen) if chosen is not None else ()


def top_wrong_pair(question: Question, texts: Iterable[str | None]) -> tuple[int, int, int] | None:
    """The wrong pairing given most often: (left index, right index given, how many gave it); ties go
    to the first left item, then the first right one. None when nobody paired anything wrong."""
    wrong: Counter[tuple[int, int]] = Counter()
    for text in texts:
        chosen = pairing_from(text, len(question.pairs)) or ()
        wrong.update((left, right) for left, right in enumerate(chosen) if left != right)
    if not wrong:
        return None
    (left, right), count = min(wrong.items(), key=lambda item: (-item[1], item[0]))
    return left, right, count
