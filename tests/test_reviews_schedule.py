"""Spaced review after answers, the pure rule the reviews service applies for every caller."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.reviews.schedule import reviewed

START = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
ALICE, BOB, CAROL = 101, 102, 103
KEY = "study/c1"


def test_a_first_answer_right_comes_back_in_days_wrong_within_minutes() -> None:
    after = reviewed(KEY, {ALICE: True, BOB: False}, {}, START)
    assert sorted(after) == [ALICE, BOB]
    assert after[ALICE].due - START >= timedelta(days=1)
    assert after[BOB].due - START == timedelta(minutes=10)  # the learning step of our scheduler
    assert (after[ALICE].reviews, after[ALICE].lapses, after[ALICE].last_review) == (1, 0, START)
    assert (after[BOB].reviews, after[BOB].lapses, after[BOB].last_review) == (1, 1, START)


def test_a_known_question_right_again_is_pushed_later_and_wrong_brings_it_back() -> None:
    first = reviewed(KEY, {ALICE: True, BOB: True}, {}, START)
    first_gap = first[ALICE].due - START
    later = first[ALICE].due + timedelta(hours=1)
    second = reviewed(KEY, {ALICE: True, BOB: False}, first, later)
    assert second[ALICE].due - later > first_gap
    assert second[BOB].due - later == timedelta(minutes=10)
    assert (second[ALICE].reviews, second[ALICE].lapses) == (2, 0)
    assert (second[BOB].reviews, second[BOB].lapses) == (2, 1)


def test_only_the_members_who_answered_are_reviewed() -> None:
    first = reviewed(KEY, {ALICE: True, CAROL: False}, {}, START)
    second = reviewed(KEY, {ALICE: False}, first, START + timedelta(days=3))
    assert (second[ALICE].reviews, second[ALICE].lapses) == (2, 1)
    assert list(second) == [ALICE]  # Carol remembered it but did not answer: her memory is not touched
    assert reviewed(KEY, {}, first, START) == {}


def test_the_same_answers_give_the_same_schedule() -> None:
    assert reviewed(KEY, {ALICE: True}, {}, START) == reviewed(KEY, {ALICE: True}, {}, START)


def test_a_naive_time_is_refused() -> None:
    with pytest.raises(ValueError, match="timezone-aware"):
        reviewed(KEY, {ALICE: True}, {}, datetime(2025, 3, 1, 12, 0))  # naive: the mistake under test


def test_each_member_is_scheduled_at_their_own_retention() -> None:
    # A first right answer: due after 1 day at 0.97, 21 days at 0.70, 2 days at the default 0.90.
    after = reviewed(
        KEY, {ALICE: True, BOB: True, CAROL: True}, {}, START, retentions={ALICE: 0.97, BOB: 0.7}
    )
    assert {who: m.due - START for who, m in after.items()} == {
        ALICE: timedelta(days=1),
        BOB: timedelta(days=21),
        CAROL: timedelta(days=2),
    }


def test_a_right_answer_after_a_hint_is_rated_hard_and_a_wrong_one_stays_again() -> None:
    after = reviewed(KEY, {ALICE: True, BOB: True, CAROL: False}, {}, START, hinted={ALICE, CAROL})
    # Hard keeps a first review in learning: 1.5 × our 10-minute step; Good graduates it (2 days).
    assert after[ALICE].due - START == timedelta(minutes=15)
    assert after[BOB].due - START == timedelta(days=2)
    assert after[CAROL].due - START == timedelta(minutes=10)
    assert (after[ALICE].lapses, after[CAROL].lapses) == (0, 1)
