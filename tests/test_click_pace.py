"""bot/discord/click_pace.py: the gateway waits for room among the clicks in work, never for long."""

from __future__ import annotations

import asyncio

import pytest

from bot.discord import click_pace
from bot.discord.click_pace import ClickPace


async def test_below_the_limit_the_gateway_reads_at_once() -> None:
    pace = ClickPace(limit=2)
    pace.began()
    await asyncio.wait_for(pace.room(hold=10), timeout=0.5)


async def test_at_the_limit_the_gateway_waits_for_a_click_to_end() -> None:
    pace = ClickPace(limit=2)
    pace.began()
    pace.began()
    waiting = asyncio.create_task(pace.room(hold=10))
    await asyncio.sleep(0.05)
    assert not waiting.done()
    pace.ended()
    await asyncio.wait_for(waiting, timeout=0.5)
    assert pace.in_work == 1


async def test_clicks_that_end_while_still_over_the_limit_keep_the_gateway_waiting() -> None:
    pace = ClickPace(limit=1)
    for _ in range(3):
        pace.began()
    waiting = asyncio.create_task(pace.room(hold=0.1))
    for _ in range(2):  # each ends within the hold, the last brings the count under the limit
        await asyncio.sleep(0.06)
        assert not waiting.done()
        pace.ended()
    await asyncio.wait_for(waiting, timeout=0.5)
    assert pace.in_work == 1


async def test_with_no_click_ending_the_gateway_reads_on_until_one_ends() -> None:
    pace = ClickPace(limit=1)
    pace.began()
    pace.began()
    await asyncio.wait_for(pace.room(hold=0.05), timeout=0.5)  # held 0.05 s, then let through
    for _ in range(3):  # stalled: the events after it are read at once
        await asyncio.wait_for(pace.room(hold=10), timeout=0.1)
    pace.ended()  # a click ended: the pace holds again while the count is at the limit
    waiting = asyncio.create_task(pace.room(hold=10))
    await asyncio.sleep(0.05)
    assert not waiting.done()
    pace.ended()
    await asyncio.wait_for(waiting, timeout=0.5)


def test_the_ended_clicks_garbage_is_collected_every_hundred(monkeypatch: pytest.MonkeyPatch) -> None:
    collections: list[int] = []
    monkeypatch.setattr(click_pace.gc, "collect", lambda: collections.append(1) or 0)
    pace = ClickPace()
    for _ in range(250):
        pace.began()
        pace.ended()
    assert click_pace.COLLECT_EVERY == 100
    assert len(collections) == 2
