"""Leeches: questions a member keeps failing, which more reviews alone will not fix."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bot.quiz.practice import MemoryState

# A question failed this many times or more (in rounds and practice, since its first meeting) is a leech
# for that member: like Anki's leech threshold, a sign to study the explanation, not just to repeat.
LEECH_FAILURES = 4


def is_leech(memory: MemoryState) -> bool:
    """Whether the member has failed this question LEECH_FAILURES times or more."""
    return memory.lapses >= LEECH_FAILURES


@dataclass(frozen=True, slots=True)
class Leech:
    question_id: str
    failures: int
    answers: int


def leeches(memories: Mapping[str, MemoryState]) -> tuple[Leech, ...]:
    """The member's leeches among these memories (by question id): most failed first, then by id."""
    found = [Leech(qid, m.lapses, m.reviews) for qid, m in memories.items() if is_leech(m)]
    return tuple(sorted(found, key=lambda leech: (-leech.failures, leech.question_id)))
