"""The rule of a review: each member's memory of one question, moved on by their answer to it (pure)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from datetime import datetime

from bot.quiz.clock import require_aware
from bot.quiz.practice import DEFAULT_RETENTION, MemoryState, review


def reviewed(
    question_key: str,
    answers: Mapping[int, bool],
    memories: Mapping[int, MemoryState],
    now: datetime,
    *,
    retentions: Mapping[int, float] | None = None,
    hinted: Collection[int] = (),
    parameters: Mapping[int, tuple[float, ...]] | None = None,
) -> dict[int, MemoryState]:
    """The memories to save after these members answered one question at `now`.

    Rounds and practice both count as reviews: a right answer is rated Good and pushes the next
    review later; a wrong one is rated Again and brings the question back within minutes.
    `answers` says, by member id, whether they were right; `memories` holds, by member id, what
    those who met the question before remembered (a first meeting has none). `question_key`
    ("deck/question") names a first review's card; the schedule does not depend on it.
    `retentions` holds, by member id, the desired retention of those who chose one (/preferences);
    the others are scheduled at the default. A right answer of a member in `hinted` (they pressed Hint
    first) is rated Hard: remembered, with help. `parameters` holds, by member id, the fsrs weights fitted
    to those who have some (their own or their server's, bot/reviews/refit.py); the others have fsrs's.
    """
    require_aware(now)
    return {
        user_id: review(
            memories.get(user_id),
            right,
            now,
            question_key=question_key,
            desired_retention=(retentions or {}).get(user_id, DEFAULT_RETENTION),
            hinted=user_id in hinted,
            parameters=(parameters or {}).get(user_id),
        )
        for user_id, right in answers.items()
    }
