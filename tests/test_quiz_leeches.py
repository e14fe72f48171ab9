"""Leeches: a question a member failed four times or more."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.quiz.leeches import Leech, is_leech, leeches
from bot.quiz.practice import MemoryState, review

NOW = datetime(2026, 2, 1, 9, 0, tzinfo=UTC)


def memory(lapses: int, reviews: int) -> MemoryState:
    return MemoryState(card="{}", due=NOW, reviews=reviews, lapses=lapses, last_review=NOW)


def test_four_failures_make_a_leech() -> None:
    assert not is_leech(memory(3, 10))
    assert is_leech(memory(4, 4))
    assert is_leech(memory(9, 20))


def test_failures_are_counted_over_every_review() -> None:
    state = None
    for minutes, right in enumerate([False, True, False, False, True]):
        state = review(state, right, NOW + timedelta(minutes=10 * minutes))
    assert state is not None and not is_leech(state)  # three failures
    state = review(state, False, NOW + timedelta(hours=2))
    assert is_leech(state)


def test_a_members_leeches_most_failed_first() -> None:
    memories = {"b": memory(4, 6), "a": memory(4, 5), "c": memory(7, 9), "d": memory(1, 9)}
    assert leeches(memories) == (Leech("c", 7, 9), Leech("a", 4, 5), Leech("b", 4, 6))
    assert leeches({}) == ()
