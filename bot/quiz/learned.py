"""When a member has learned a question, and how much of a deck they know: fsrs's own judgement of their memory."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime

from bot.quiz.clock import as_utc
from bot.quiz.practice import DEFAULT_RETENTION, MemoryState, due_by, scheduler_for


def is_learned(memory: MemoryState, now: datetime, *, desired_retention: float = DEFAULT_RETENTION) -> bool:
    """Whether the member has learned this question at `now`.

    Learned means: fsrs has the question in its review state (it graduated from learning, or came
    back from relearning after a lapse) and its retrievability now, fsrs's estimate of the chance
    the member recalls it, is at least the member's desired retention (fsrs's own parameter, 0.90 by
    default). The state matters because fsrs counts elapsed time in whole days: a question missed a
    minute ago still has retrievability 1.0, yet it is being relearned, not learned. In practice a
    question is learned from its first right answer until about when it falls due again, and
    learned again after each right review.
    """
    from fsrs import Card, State  # loaded with the first review, not with the bot

    card = Card.from_json(memory.card)
    if card.state is not State.Review:
        return False
    # Retrievability depends on the card's stability and the time since its last review only, not on
    # the scheduler's own retention: one scheduler can judge every member's cards.
    return scheduler_for().get_card_retrievability(card, as_utc(now)) >= desired_retention


def learned_count(
    memories: Iterable[MemoryState], now: datetime, *, desired_retention: float = DEFAULT_RETENTION
) -> int:
    """How many of these questions the member has learned at `now` (see `is_learned`)."""
    return sum(is_learned(memory, now, desired_retention=desired_retention) for memory in memories)


@dataclass(frozen=True, slots=True)
class Mastery:
    """How much of one deck a member knows at one moment."""

    questions: int  # in the deck
    learned: int  # of which learned (is_learned)
    due: int  # of which due for review now (learning ahead as practice does)
    seen: int  # of which met at least once

    @property
    def share(self) -> float:
        """The learned share of the deck, 0.0 for a deck without questions."""
        return self.learned / self.questions if self.questions else 0.0


def deck_mastery(
    question_ids: Iterable[str],
    memories: Mapping[str, MemoryState],
    now: datetime,
    *,
    desired_retention: float = DEFAULT_RETENTION,
) -> Mastery:
    """The member's mastery of a deck: of its questions, how many are learned and how many are due.

    `question_ids` are the deck's questions as it is now; memories of questions it no longer has are
    left out, so the share never passes 100%.
    """
    horizon = due_by(now)
    ids = dict.fromkeys(question_ids)
    known = [memories[qid] for qid in ids if qid in memories]
    return Mastery(
        questions=len(ids),
        learned=learned_count(known, now, desired_retention=desired_retention),
        due=sum(memory.due <= horizon for memory in known),
        seen=len(known),
    )
