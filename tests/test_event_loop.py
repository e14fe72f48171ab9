"""The bot's event loop: asyncio's own unless uvloop is asked for (auto: where it imports; uvloop: or exit 2)."""

from __future__ import annotations

import asyncio
import subprocess
import sys

import pytest

from bot.host import event_loop
from bot.host.config import ConfigError, Settings
from tests.e2e.conftest import ROOT

TOKEN = "MTAwMDAwMDAwMDAwMDAwMDAw.GhIjKl.abcdefghijklmnopqrstuvwxyz0123"


def _running_loop_name(choice: str) -> str:
    async def name() -> str:
        return event_loop.loop_name(asyncio.get_running_loop())

    return event_loop.run(name(), choice)


def test_auto_and_uvloop_run_on_uvloop_where_it_is_installed() -> None:
    pytest.importorskip("uvloop")
    assert _running_loop_name("auto") == "uvloop"
    assert _running_loop_name("uvloop") == "uvloop"


def test_asyncio_runs_on_asyncios_own_loop() -> None:
    assert _running_loop_name("asyncio") == "asyncio"


def test_without_uvloop_auto_falls_back_and_uvloop_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "uvloop", None)  # as on Windows, where it does not install
    assert _running_loop_name("auto") == "asyncio"
    with pytest.raises(event_loop.NoUvloop):
        event_loop.loop_factory("uvloop")


def test_the_setting_is_read_and_checked() -> None:
    assert Settings.from_env({"DISCORD_TOKEN": TOKEN}).event_loop == "asyncio"
    assert Settings.from_env({"DISCORD_TOKEN": TOKEN, "BVUNZO_EVENT_LOOP": "auto"}).event_loop == "auto"
    assert (
        Settings.from_env({"DISCORD_TOKEN": TOKEN, "BVUNZO_EVENT_LOOP": " AsyncIO "}).event_loop == "asyncio"
    )
    with pytest.raises(ConfigError, match="BVUNZO_EVENT_LOOP='trio' is not one of auto, uvloop, asyncio"):
        Settings.from_env({"DISCORD_TOKEN": TOKEN, "BVUNZO_EVENT_LOOP": "trio"})


def test_a_bad_event_loop_is_one_line_and_exit_code_2() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=ROOT,
        env={"DISCORD_TOKEN": TOKEN, "BVUNZO_EVENT_LOOP": "gevent", "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "bvunzo: BVUNZO_EVENT_LOOP='gevent' is not one of auto, uvloop, asyncio."
    ]
