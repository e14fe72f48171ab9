"""A calendar runner's steps (bot/calendar/guarded.py): one server's bug never stops the others' steps."""

from __future__ import annotations

import logging

import pytest

from bot.calendar.guarded import each_held
from bot.store import StoreError

log = logging.getLogger("tests.calendar_guarded")


async def test_each_held_steps_the_held_servers_rows_and_a_bug_in_one_is_logged_at_the_runners_line(
    caplog: pytest.LogCaptureFixture,
) -> None:
    stepped: list[int] = []

    async def step(guild_id: int) -> None:
        if guild_id == 2:
            raise RuntimeError("a bug in server 2's step")
        stepped.append(guild_id)

    with caplog.at_level(logging.ERROR, logger=log.name):
        acted = await each_held([1, 2, 3, 4], lambda g: g, lambda g: g != 3, step, log, "server %s failed")
    assert acted == 3  # servers 1, 2 and 4: 3 is another process's
    assert stepped == [1, 4]
    (record,) = caplog.records
    assert record.getMessage() == "server 2 failed"
    assert (
        record.funcName
        == "test_each_held_steps_the_held_servers_rows_and_a_bug_in_one_is_logged_at_the_runners_line"
    )


async def test_each_held_lets_the_stores_outage_go_up() -> None:
    async def step(guild_id: int) -> None:
        raise StoreError("the database is away")

    with pytest.raises(StoreError):
        await each_held([1, 2], lambda g: g, lambda g: True, step, log, "server %s failed")
