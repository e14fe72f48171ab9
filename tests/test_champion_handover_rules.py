"""Champion handovers' pure rules: ties at the last place, the changes to make, what is kept between tries."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.calendar.champions import (
    FailedChange,
    Pending,
    RoleChange,
    changes_of,
    next_minute,
    pending_of,
    winners_of,
)
from bot.calendar.post_failures import next_try


def test_everyone_tied_with_the_last_place_wins() -> None:
    top = [(1, 300), (2, 200), (3, 100), (4, 100), (5, 50)]
    assert winners_of(top, 3) == [1, 2, 3, 4]
    assert winners_of(top, 1) == [1]
    assert winners_of([(1, 200), (2, 200), (3, 200)], 1) == [1, 2, 3]


def test_members_without_points_never_win() -> None:
    assert winners_of([(1, 100), (2, 0), (3, 0)], 2) == [1]
    assert winners_of([(1, 0)], 1) == []


def test_the_role_is_taken_from_those_who_did_not_win_again_then_given() -> None:
    assert changes_of([2, 3], [1, 2]) == [RoleChange(1, False), RoleChange(2, True), RoleChange(3, True)]
    assert changes_of([], [1]) == [RoleChange(1, False)]


def test_pending_changes_survive_the_store_as_text() -> None:
    ends = datetime(2027, 5, 24, 0, 0, tzinfo=UTC)
    kept = Pending(
        (FailedChange(RoleChange(7, True), "forbidden"), FailedChange(RoleChange(8, False), "discord_down")),
        ends,
    )
    assert pending_of(kept.dumps()) == kept
    assert pending_of(None) is None
    assert pending_of("Discord refused to change the champion role (Missing Permissions).") is None


def test_the_next_minute() -> None:
    assert next_minute(datetime(2027, 5, 17, 0, 0, 30, tzinfo=UTC)) == datetime(2027, 5, 17, 0, 1, tzinfo=UTC)
    assert next_minute(datetime(2027, 5, 17, 0, 1, tzinfo=UTC)) == datetime(2027, 5, 17, 0, 2, tzinfo=UTC)


def test_a_post_is_tried_again_only_for_passing_trouble_and_while_the_day_is_open() -> None:
    now = datetime(2027, 5, 3, 6, 0, 20, tzinfo=UTC)
    closes = datetime(2027, 5, 4, 5, 0, tzinfo=UTC)
    assert next_try("discord_down", now, closes) == datetime(2027, 5, 3, 6, 1, tzinfo=UTC)
    assert next_try("network", now, closes) == datetime(2027, 5, 3, 6, 1, tzinfo=UTC)
    assert next_try("forbidden", now, closes) is None
    assert next_try("channel_gone", now, closes) is None
    late = datetime(2027, 5, 4, 4, 59, 10, tzinfo=UTC)
    assert next_try("discord_down", late, closes) is None  # 05:00 is the reveal: the day is over
