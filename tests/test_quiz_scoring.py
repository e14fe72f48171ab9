"""Points for standard and speed rounds."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.quiz.scoring import Mode, points


def test_standard_right_answer_is_worth_100_whatever_the_time() -> None:
    assert points(Mode.STANDARD, True, 0, 20) == 100
    assert points(Mode.STANDARD, True, 19_999, 20) == 100


@pytest.mark.parametrize("mode", list(Mode))
def test_wrong_answer_earns_nothing(mode: Mode) -> None:
    assert points(mode, False, 0, 20) == 0
    assert points(mode, False, 10_000, 20) == 0


@pytest.mark.parametrize(
    ("elapsed_ms", "expected"),
    [
        (0, 100),  # at once
        (10_000, 75),  # half the time left
        (20_000, 50),  # at the deadline
        (25_000, 50),  # late answers never go below the floor
        (-500, 100),  # a clock a little behind the posting time never goes above the top
    ],
)
def test_speed_points(elapsed_ms: int, expected: int) -> None:
    assert points(Mode.SPEED, True, elapsed_ms, 20) == expected


@pytest.mark.parametrize(
    ("elapsed_ms", "expected"),
    [
        (19_800, 51),  # 50.5 → 51 (banker's rounding would give 50)
        (19_000, 53),  # 52.5 → 53 (banker's rounding would give 52)
        (19_400, 52),  # 51.5 → 52
        (19_801, 50),  # 50.4975 → 50
    ],
)
def test_speed_points_round_half_up(elapsed_ms: int, expected: int) -> None:
    assert points(Mode.SPEED, True, elapsed_ms, 20) == expected


def test_speed_points_with_odd_durations() -> None:
    # 7 s allowed, 2 s used: 50 + 50 × 5/7 = 85.71… → 86
    assert points(Mode.SPEED, True, 2_000, 7) == 86


def test_seconds_must_be_positive() -> None:
    with pytest.raises(ValueError, match="seconds"):
        points(Mode.SPEED, True, 0, 0)


@given(
    seconds=st.integers(min_value=1, max_value=600),
    first=st.integers(min_value=-10_000, max_value=700_000),
    second=st.integers(min_value=-10_000, max_value=700_000),
)
def test_speed_points_stay_in_range_and_never_reward_slowness(seconds: int, first: int, second: int) -> None:
    early, late = sorted((first, second))
    early_points = points(Mode.SPEED, True, early, seconds)
    late_points = points(Mode.SPEED, True, late, seconds)
    assert 50 <= late_points <= early_points <= 100
