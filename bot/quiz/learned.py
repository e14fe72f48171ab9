"""When a member has learned a question: fsrs's own judgement of their memory of it."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from fsrs import Card, State

from bot.quiz.clock import as_utc
from bot.quiz.practice import SCHEDULER, MemoryState


def is_learned(
    memory: MemoryState, now: datetime, *, desired_retention: float = SCHEDULER.desired_retention
) -> bool:
    """Whether the member has learned this question at `now`.

    Learned means: fsrs has the question in its review state (it graduated from learning, or came
    back from relearning after a lapse) and its retrievability now, fsrs's estimate of the chance
    the member recalls it, is at least the desired retention (the scheduler's own parameter, 0.90).
    The state matters because fsrs counts elapsed time in whole days: a question missed a minute
    ago still has retrievability 1.0, yet it is being relearned, not learned. In practice a
    question is learned from its first right answer until about when it falls due again, and
    learned again after each right review.
    """
    card = Card.from_json(memory.card)
    if card.state is not State.Review:
        return False
    return SCHEDULER.get_card_retrievability(card, as_utc(now)) >= desired_retention


def learned_count(memories: Iterable[MemoryState], now: datetime) -> int:
    """How many of these questions the member has learned at `now` (see `is_learned`)."""
    return sum(is_learned(memory, now) for memory in memories)
