"""Practice until learned: a missed question comes back later in the same session until it is right twice in a row."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

# After a miss, a question must be answered right this many times running before the session lets it go.
RIGHT_IN_A_ROW = 2
# A missed question comes back after this many other questions (sooner when fewer are left): long enough
# that the answer is not just still on screen, short enough to be asked again while it is fresh.
COMES_BACK_AFTER = 3
# A session asks at most this many times in all, so it ends however often a member misses.
MAX_ASKED = 99


def needs_another_pass(answers: Sequence[bool]) -> bool:
    """Whether a question comes back, given its answers in this session so far (oldest first).

    Right the first time: learned, never asked again. Once missed, it comes back until its last
    RIGHT_IN_A_ROW answers are all right.
    """
    if not answers:
        return True
    if all(answers):
        return False
    last = answers[-RIGHT_IN_A_ROW:]
    return not (len(last) == RIGHT_IN_A_ROW and all(last))


def comes_back_at(position: int, asked: int) -> int:
    """Where a question answered at `position` is asked again, in a session of `asked` positions."""
    return min(position + 1 + COMES_BACK_AFTER, asked)


@dataclass(frozen=True, slots=True)
class Passes:
    """How a question went in a session: how many times it was asked, and whether it ended learned."""

    question_id: str
    passes: int
    learned: bool


def passes_of(asked: Sequence[str], answers: Sequence[tuple[str, bool]]) -> tuple[Passes, ...]:
    """Each question of a session once, in the order first asked, with its passes.

    `asked` is every question id in the order asked (repeats included); `answers` the (question id,
    right) of each answer given, in order. A question asked but never answered has 0 passes.
    """
    by_question: dict[str, list[bool]] = {qid: [] for qid in asked}
    for qid, right in answers:
        by_question.setdefault(qid, []).append(right)
    return tuple(
        Passes(qid, len(rights), bool(rights) and not needs_another_pass(rights))
        for qid, rights in by_question.items()
    )
