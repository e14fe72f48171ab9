"""The reviews service through a fake shelf: every entrance's answers become memories at the member's retention."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from fractions import Fraction

import pytest
from fsrs.scheduler import DEFAULT_PARAMETERS

from bot.reviews import Reviews, review_assignment_answer, reviewed_memories, save_reviews
from bot.store import AssignmentAnswer, MemberParameters, Memory, StoreUnavailable

START = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
ALICE, BOB, CAROL = 101, 102, 103


def _reviews(rights: dict[int, bool], now: datetime) -> Reviews:
    """The answers to the capital of Zimbabwe at `now`, right or not by member."""
    return Reviews("capitals", "zw", now, rights)


@dataclass
class Shelf:
    """Memories and retentions in dictionaries; it counts its reads and keeps each write it was given."""

    kept: dict[tuple[int, str, str], Memory] = field(default_factory=dict)
    retentions: dict[int, float] = field(default_factory=dict)
    fitted: dict[int, MemberParameters] = field(default_factory=dict)
    reads: int = 0
    writes: list[list[Memory]] = field(default_factory=list)
    broken: Exception | None = None

    async def question_memories(
        self, deck_id: str, question_id: str, user_ids: Sequence[int]
    ) -> dict[int, Memory]:
        self.reads += 1
        found = {user: self.kept.get((user, deck_id, question_id)) for user in user_ids}
        return {user: memory for user, memory in found.items() if memory is not None}

    async def member_retentions(self, user_ids: Sequence[int]) -> dict[int, float]:
        self.reads += 1
        return {user: self.retentions[user] for user in user_ids if user in self.retentions}

    async def member_parameters(self, user_ids: Sequence[int]) -> dict[int, MemberParameters]:
        self.reads += 1
        return {user: self.fitted[user] for user in user_ids if user in self.fitted}

    async def save_memories(self, memories: Sequence[Memory]) -> None:
        if self.broken is not None:
            raise self.broken
        self.writes.append(list(memories))
        for memory in memories:
            self.kept[memory.user_id, memory.deck_id, memory.question_id] = memory


def test_a_hinted_or_partly_right_answer_is_rated_hard_and_under_half_the_points_is_a_lapse() -> None:
    reviews = Reviews("capitals", "zw", START)
    reviews.add(ALICE, True, hints=1)
    reviews.add(BOB, False, Fraction(1, 2))  # half a multi question's points: remembered, with gaps
    reviews.add(CAROL, False, Fraction(1, 3))
    assert (reviews.rights, reviews.hinted) == ({ALICE: True, BOB: True, CAROL: False}, {ALICE, BOB})


async def test_each_member_is_scheduled_at_their_own_retention_and_saved_in_one_write() -> None:
    shelf = Shelf(retentions={ALICE: 0.97, BOB: 0.70})
    saved = await save_reviews(shelf, _reviews({ALICE: True, BOB: True, CAROL: True}, START))
    # fsrs's first Good at 0.97, 0.70 and the default 0.90 (as bot.quiz.practice configures it).
    assert {who: memory.due - START for who, memory in saved.items()} == {
        ALICE: timedelta(days=1),
        BOB: timedelta(days=21),
        CAROL: timedelta(days=2),
    }
    assert len(shelf.writes) == 1
    assert sorted((m.user_id, m.deck_id, m.question_id) for m in shelf.writes[0]) == [
        (ALICE, "capitals", "zw"),
        (BOB, "capitals", "zw"),
        (CAROL, "capitals", "zw"),
    ]
    assert shelf.reads == 3  # one read each of the memories, retentions and fits, however many answered


async def test_a_member_with_fitted_parameters_is_scheduled_with_them() -> None:
    # Alice's fit remembers a first Good for 10 days (w2, the initial stability of Good: at the default
    # retention of 0.9 a review is due after exactly that stability); Bob has fsrs's default, 2.3065 days.
    weights = list(DEFAULT_PARAMETERS)
    weights[2] = 10.0
    fit = MemberParameters(ALICE, tuple(weights), 512, START - timedelta(days=3))
    shelf = Shelf(fitted={ALICE: fit})
    saved = await save_reviews(shelf, _reviews({ALICE: True, BOB: True}, START))
    assert {who: memory.due - START for who, memory in saved.items()} == {
        ALICE: timedelta(days=10),
        BOB: timedelta(days=2),
    }


async def test_a_wrong_answer_comes_back_in_ten_minutes_and_counts_a_lapse() -> None:
    shelf = Shelf(retentions={ALICE: 0.97})
    first = await save_reviews(shelf, _reviews({ALICE: True}, START))
    later = first[ALICE].due + timedelta(hours=1)
    second = await save_reviews(shelf, _reviews({ALICE: False}, later))
    assert second[ALICE].due - later == timedelta(minutes=10)
    assert (second[ALICE].reviews, second[ALICE].lapses, second[ALICE].last_review) == (2, 1, later)


async def test_practice_is_given_the_memory_to_store_with_its_answer_and_nothing_is_written() -> None:
    shelf = Shelf(retentions={ALICE: 0.70})
    memories = await reviewed_memories(shelf, _reviews({ALICE: False}, START))
    assert memories[ALICE].due - START == timedelta(minutes=10)
    assert (memories[ALICE].reviews, memories[ALICE].lapses) == (1, 1)
    assert shelf.writes == []


async def test_no_answers_read_and_write_nothing() -> None:
    shelf = Shelf()
    assert await save_reviews(shelf, _reviews({}, START)) == {}
    assert (shelf.reads, shelf.writes) == (0, [])


async def test_an_assignment_answer_of_a_mixed_deck_is_kept_under_its_own_deck() -> None:
    shelf = Shelf(retentions={BOB: 0.70})
    answer = AssignmentAnswer(7, 0, "chemistry/ph-01", 2, True, 4_000, START)
    await review_assignment_answer(shelf, "biology+chemistry", BOB, answer)
    ((memory,),) = shelf.writes
    assert (memory.user_id, memory.deck_id, memory.question_id) == (BOB, "chemistry", "ph-01")
    assert memory.due - START == timedelta(days=21)


@pytest.mark.parametrize(
    ("trouble", "level"),
    [(StoreUnavailable("the database is restarting"), logging.INFO), (RuntimeError("a bug"), logging.ERROR)],
)
async def test_an_assignment_answer_whose_schedule_fails_is_logged_not_raised(
    caplog: pytest.LogCaptureFixture, trouble: Exception, level: int
) -> None:
    shelf = Shelf(broken=trouble)
    answer = AssignmentAnswer(7, 1, "zw", 0, False, 2_500, START)
    with caplog.at_level(logging.INFO, logger="bot.reviews.service"):
        await review_assignment_answer(shelf, "capitals", ALICE, answer)
    assert [(r.levelno, r.getMessage()) for r in caplog.records] == [
        (
            level,
            "capitals/zw: the review schedule of member 101 left unchanged"
            if level == logging.INFO
            else "capitals/zw: could not update the review schedule of member 101",
        )
    ]
