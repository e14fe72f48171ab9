"""An outage of the database, as the host reads it: one WARNING when it begins, a count once a minute, one
INFO line when it ends; /healthz's view of it (down) forgets an outage nobody has run into for a while."""

from __future__ import annotations

import logging

import pytest

from bot.store.outage import Outage


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def lines(caplog: pytest.LogCaptureFixture) -> list[tuple[int, str]]:
    return [(r.levelno, r.getMessage()) for r in caplog.records if r.name == "bot.store.outage"]


def test_an_outage_is_one_warning_a_count_a_minute_and_one_line_when_it_ends(
    caplog: pytest.LogCaptureFixture,
) -> None:
    clock = Clock()
    outage = Outage("db.example", clock=clock)
    with caplog.at_level(logging.INFO, logger="bot.store.outage"):
        for _ in range(40):  # forty clicks in the first 40 s: one line
            outage.refuse("connection refused")
            clock.now += 1
        assert outage.down
        clock.now += 20  # a minute after it began, the next refusal says how many came meanwhile
        outage.refuse("connection refused")
        outage.answered()
        outage.answered()  # an outage ends once
    assert lines(caplog) == [
        (
            logging.WARNING,
            "database db.example unavailable: connection refused; rounds wait for it, members are told to "
            "send again what it cannot take (said again once a minute while it lasts)",
        ),
        (
            logging.WARNING,
            "database db.example still unavailable after 60 s: connection refused; "
            "40 requests refused in the last minute",
        ),
        (logging.INFO, "database db.example answers again after 60 s (41 requests refused meanwhile)"),
    ]
    assert not outage.down


def test_an_outage_nobody_runs_into_for_30_s_no_longer_counts_as_down() -> None:
    clock = Clock()
    outage = Outage("db.example", clock=clock)
    assert not outage.down
    outage.trouble("it is locked by another program")
    clock.now += 29
    assert outage.down
    clock.now += 1
    assert not outage.down
