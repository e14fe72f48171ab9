"""Leeches: a question a member failed four times or more."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.quiz.leeches import Misses, is_leech, leeches, most_missed
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
    assert leeches(memories) == (Misses("c", 7, 9), Misses("a", 4, 5), Misses("b", 4, 6))
    assert leeches({}) == ()


def test_the_most_missed_questions() -> None:
    memories = {
        "a": memory(2, 10),
        "b": memory(2, 3),  # as many failures as a, of fewer answers: first
        "c": memory(5, 9),
        "d": memory(0, 4),  # never failed: not a miss
        "e": memory(1, 1),
    }
    assert most_missed(memories, 10) == (
        Misses("c", 5, 9),
        Misses("b", 2, 3),
        Misses("a", 2, 10),
        Misses("e", 1, 1),
    )
    assert most_missed(memories, 2) == (Misses("c", 5, 9), Misses("b", 2, 3))
    assert most_missed({"d": memory(0, 4)}, 10) == ()
