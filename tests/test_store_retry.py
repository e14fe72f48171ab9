"""Backoff: the one pause rule for a busy database, driven here by a recording sleep instead of time."""

from __future__ import annotations

import pytest

from bot.store.retry import Backoff


class Naps:
    def __init__(self) -> None:
        self.taken: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.taken.append(seconds)


async def test_pauses_double_from_ten_milliseconds_up_to_one_second() -> None:
    naps = Naps()
    backoff = Backoff(sleep=naps)
    for _ in range(9):
        await backoff.pause()
    assert naps.taken == [0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.0, 1.0]
    assert backoff.tries == 9
    assert backoff.waited == pytest.approx(3.27)
    assert not backoff.exhausted  # no patience given: it never gives up


async def test_patience_runs_out_once_the_pauses_add_up_to_it() -> None:
    backoff = Backoff(patience=0.07, sleep=Naps())
    assert not backoff.exhausted
    await backoff.pause()  # 0.01
    await backoff.pause()  # 0.03
    assert not backoff.exhausted
    await backoff.pause()  # 0.07
    assert backoff.exhausted


async def test_a_warning_is_due_before_the_first_pause_and_every_tenth_after() -> None:
    backoff = Backoff(sleep=Naps())
    due = []
    for _ in range(21):
        due.append(backoff.worth_a_warning)
        await backoff.pause()
    assert [n for n, warn in enumerate(due) if warn] == [0, 10, 20]
