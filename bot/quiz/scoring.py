"""Points for an answer in each round mode."""

from __future__ import annotations

from enum import StrEnum

STANDARD_POINTS = 100
SPEED_MIN = 50
SPEED_MAX = 100


class Mode(StrEnum):
    STANDARD = "standard"
    SPEED = "speed"


def points(mode: Mode, right: bool, elapsed_ms: int, seconds: int) -> int:
    """Points for one answer given `elapsed_ms` after the question was posted, `seconds` allowed.

    Standard: 100 for a right answer. Speed: a right answer earns 50 + 50 × time_left / time_allowed,
    rounded half up (75.5 → 76; Python's round() would give the even neighbour, which players read
    as unfair), and kept within 50–100. A wrong answer earns nothing in either mode.
    """
    if seconds <= 0:
        raise ValueError(f"seconds must be positive, got {seconds}")
    if not right:
        return 0
    if mode is Mode.STANDARD:
        return STANDARD_POINTS
    allowed_ms = seconds * 1000
    time_left = min(allowed_ms, max(0, allowed_ms - elapsed_ms))
    # Integer arithmetic keeps the half-up rounding exact: floor(50·left/allowed + ½).
    bonus = (100 * time_left + allowed_ms) // (2 * allowed_ms)
    return max(SPEED_MIN, min(SPEED_MAX, SPEED_MIN + bonus))
