"""The in-process dashboard's task: what stops it from starting is logged, not lost in the task."""

from __future__ import annotations

import asyncio
import logging
import socket
from pathlib import Path

import pytest

from bot.__main__ import _dashboard_failed
from tests.ports import unused_port


async def test_an_exception_that_stops_the_dashboard_is_logged_with_its_traceback(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async def starts() -> None:
        raise RuntimeError("the templates folder is missing")

    task = asyncio.create_task(starts())
    task.add_done_callback(_dashboard_failed)
    with caplog.at_level(logging.ERROR):
        await asyncio.wait({task})
        await asyncio.sleep(0)  # done callbacks run on the loop's next turn
    assert [r.getMessage() for r in caplog.records] == ["BVUNZO_WEB: the dashboard did not start"]
    assert caplog.records[0].exc_info is not None
    assert "the templates folder is missing" in caplog.text


async def test_a_dashboard_that_started_or_was_cancelled_logs_nothing(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async def started() -> None:
        return None

    async def waits() -> None:
        await asyncio.Event().wait()

    done, cancelled = asyncio.create_task(started()), asyncio.create_task(waits())
    for task in (done, cancelled):
        task.add_done_callback(_dashboard_failed)
    await asyncio.sleep(0)
    cancelled.cancel()
    with caplog.at_level(logging.ERROR):
        await asyncio.wait({done, cancelled})
        await asyncio.sleep(0)
    assert caplog.records == []


def test_a_port_for_a_process_is_free_and_below_the_kernels_ephemeral_range() -> None:
    low = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    port = unused_port()
    assert 20000 <= port < 32000 <= low
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", port))  # nobody listens there: the process the test starts can bind it
