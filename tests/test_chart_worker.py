"""/stats charts are drawn by one worker process per bot process: the bots of a process (shards, a bot
started again) share it, and a worker that died is replaced at the next chart."""

from __future__ import annotations

import os
import signal
from datetime import date, timedelta

import pytest

from bot.store import WeekStats
from cogs.charts import ChartPainter, _Worker

pytest.importorskip("matplotlib", reason="the optional `charts` extra is not installed")

MONDAY = date(2026, 11, 30)


def weeks(right: int) -> list[WeekStats]:
    return [WeekStats(week_start=MONDAY - timedelta(weeks=1), points=100 * right, right=right, answered=4)]


def worker_pid() -> int:
    pid: int = _Worker.ready().submit(os.getpid).result(timeout=30)
    return pid


async def test_two_bots_share_the_worker_and_a_dead_one_is_replaced() -> None:
    first, second = ChartPainter(), ChartPainter()
    assert (await first.weekly(weeks(1)) or b"").startswith(b"\x89PNG")
    pid = worker_pid()
    first.close()  # a bot shut down: the next one keeps the worker
    assert (await second.weekly(weeks(2)) or b"").startswith(b"\x89PNG")
    assert worker_pid() == pid != os.getpid()

    os.kill(pid, signal.SIGKILL)  # killed under the bot (out of memory, say)
    assert await second.weekly(weeks(3)) is None  # that chart is lost: the stats go out without it
    assert not second.ready(weeks(3))  # and not kept as drawn, so the next /stats draws it
    assert (await second.weekly(weeks(3)) or b"").startswith(b"\x89PNG")
    assert worker_pid() not in (pid, os.getpid())
    second.close()
