"""What a member keeps failing: their most missed questions, and leeches, which more reviews alone will not fix."""

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
class Misses:
    """How often a member failed one question, of how many answers (rounds and practice)."""

    question_id: str
    failures: int
    answers: int


def leeches(memories: Mapping[str, MemoryState]) -> tuple[Misses, ...]:
    """The member's leeches among these memories (by question id): most failed first, then by id."""
    found = [Misses(qid, m.lapses, m.reviews) for qid, m in memories.items() if is_leech(m)]
    return tuple(sorted(found, key=lambda leech: (-leech.failures, leech.question_id)))


def most_missed(memories: Mapping[str, MemoryState], limit: int) -> tuple[Misses, ...]:
    """The member's `limit` most failed questions (failed at least once): most failures first, then the
    larger share of failed answers, then by id."""
    found = [Misses(qid, m.lapses, m.reviews) for qid, m in memories.items() if m.lapses > 0]
    found.sort(key=lambda m: (-m.failures, -m.failures / max(m.answers, 1), m.question_id))
    return tuple(found[:limit])
