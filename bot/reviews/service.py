"""Answers are reviews: the one place an answer becomes each member's new fsrs memory of a question.

Rounds (at each reveal), practice and the terminal game (with each answer), the question of the day
(at its reveal) and assignments (with each answer) all ask here, so every entrance schedules with the
member's own desired retention (/preferences) and the fsrs parameters fitted to them (bot/reviews/refit.py),
and none can forget either.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Protocol

from bot.bank.mixed import origin
from bot.quiz.multi import kept_share
from bot.quiz.practice import MemoryState
from bot.reviews.answers import Reviews
from bot.reviews.schedule import reviewed
from bot.store import AssignmentAnswer, MemberParameters, Memory, StoreUnavailable

log = logging.getLogger(__name__)


class MemoryShelf(Protocol):
    """The part of the store the reviews read and write (the whole `Store` is one)."""

    async def question_memories(
        self, deck_id: str, question_id: str, user_ids: Sequence[int]
    ) -> dict[int, Memory]: ...

    async def member_retentions(self, user_ids: Sequence[int]) -> dict[int, float]: ...

    async def member_parameters(self, user_ids: Sequence[int]) -> dict[int, MemberParameters]: ...

    async def save_memories(self, memories: Sequence[Memory]) -> None: ...


async def reviewed_memories(shelf: MemoryShelf, reviews: Reviews) -> dict[int, Memory]:
    """Each member's memory of one question after their answer.

    Nothing is saved: practice and the terminal game store the memory with the answer, in one
    transaction (`record_practice`). One read each of the memories, the members' retentions and the
    fsrs parameters fitted to them.
    """
    deck_id, question_id, rights = reviews.deck_id, reviews.question_id, reviews.rights
    if not rights:
        return {}
    kept = await shelf.question_memories(deck_id, question_id, list(rights))
    before = {user_id: MemoryState.of(memory) for user_id, memory in kept.items()}
    retentions = await shelf.member_retentions(list(rights))
    fits = await shelf.member_parameters(list(rights))
    fitted = {user_id: fit.parameters for user_id, fit in fits.items()}
    after = reviewed(
        f"{deck_id}/{question_id}",
        rights,
        before,
        reviews.now,
        retentions=retentions,
        hinted=reviews.hinted,
        parameters=fitted,
    )
    return {
        user_id: Memory.from_state(user_id, deck_id, question_id, state) for user_id, state in after.items()
    }


async def save_reviews(shelf: MemoryShelf, reviews: Reviews) -> dict[int, Memory]:
    """Review and save, in one write: a round's or the question of the day's answers at its reveal,
    an assignment's answer as it comes. The saved memories, by member."""
    memories = await reviewed_memories(shelf, reviews)
    if memories:
        await shelf.save_memories(list(memories.values()))
    return memories


async def review_assignment_answer(
    shelf: MemoryShelf, deck_id: str, user_id: int, answer: AssignmentAnswer
) -> None:
    """An assignment's answer, already committed, as a review of its question (in its own deck, when
    the assignment's deck is a mixed one). A failure is logged, not raised: the member is not told their
    answer failed when only its schedule did."""
    deck_id, question_id = origin(deck_id, answer.question_id)
    reviews = Reviews(deck_id, question_id, answer.answered_at)
    reviews.add(user_id, answer.right, kept_share(answer.points))  # a partly right one, as rounds rate it
    try:
        await save_reviews(shelf, reviews)
    except StoreUnavailable:  # weather, already logged by the store: the schedule stays as it was
        log.info("%s/%s: the review schedule of member %s left unchanged", deck_id, question_id, user_id)
    except Exception:
        log.exception(
            "%s/%s: could not update the review schedule of member %s", deck_id, question_id, user_id
        )
