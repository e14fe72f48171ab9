"""Practice until learned: the repeat rule, where a missed question comes back, and the passes each needed."""

from __future__ import annotations

import pytest

from bot.quiz.until_learned import Passes, comes_back_at, needs_another_pass, passes_of

R, W = True, False


@pytest.mark.parametrize(
    ("answers", "again"),
    [
        ([], True),  # never answered
        ([R], False),  # right the first time: learned
        ([W], True),
        ([W, R], True),  # one right after a miss is not enough
        ([W, R, R], False),  # twice in a row
        ([W, R, W], True),
        ([W, R, W, R], True),  # right twice, but not in a row
        ([W, R, W, R, R], False),
        ([W, W, W, R, R], False),
    ],
)
def test_a_missed_question_comes_back_until_right_twice_in_a_row(answers: list[bool], again: bool) -> None:
    assert needs_another_pass(answers) is again


def test_a_missed_question_comes_back_after_three_others_or_at_the_end() -> None:
    assert comes_back_at(0, 10) == 4
    assert comes_back_at(7, 10) == 10  # the end: fewer than three are left
    assert comes_back_at(9, 10) == 10  # the last one missed: straight back


def test_passes_of_a_session() -> None:
    asked = ["a", "b", "c", "b", "c", "b", "c", "d"]
    answers = [("a", R), ("b", W), ("c", W), ("b", R), ("c", W), ("b", R), ("c", R)]
    assert passes_of(asked, answers) == (
        Passes("a", 1, True),
        Passes("b", 3, True),
        Passes("c", 3, False),  # wrong, wrong, right: still being learned
        Passes("d", 0, False),  # never answered (the member stopped)
    )
