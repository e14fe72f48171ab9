"""The event loop the bot runs on: asyncio's own, or uvloop when BVUNZO_EVENT_LOOP asks for it (auto, uvloop)."""

from __future__ import annotations

import asyncio
import importlib
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

T = TypeVar("T")

# BVUNZO_EVENT_LOOP: "auto" takes uvloop when it imports (Linux and macOS; it has no Windows build).
EVENT_LOOPS = ("auto", "uvloop", "asyncio")

LoopFactory = Callable[[], asyncio.AbstractEventLoop]


class NoUvloop(Exception):
    """uvloop was asked for by name and cannot be imported here."""


def loop_factory(choice: str) -> LoopFactory | None:
    """What makes the loop for `choice`; None for asyncio's default loop. NoUvloop for "uvloop" without it."""
    if choice == "asyncio":
        return None
    try:
        uvloop = importlib.import_module("uvloop")
    except ImportError as exc:
        if choice == "uvloop":
            raise NoUvloop(f"uvloop cannot be imported here ({exc})") from exc
        return None
    factory: LoopFactory = uvloop.new_event_loop
    return factory


def loop_name(loop: asyncio.AbstractEventLoop) -> str:
    """ "uvloop" or "asyncio", for the log line at start."""
    return "uvloop" if type(loop).__module__.startswith("uvloop") else "asyncio"


def run(main: Coroutine[Any, Any, T], choice: str) -> T:
    """asyncio.run on the chosen loop (asyncio.Runner: Python 3.11's asyncio.run takes no factory)."""
    with asyncio.Runner(loop_factory=loop_factory(choice)) as runner:
        return runner.run(main)
