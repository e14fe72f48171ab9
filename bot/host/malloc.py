"""glibc's malloc, told to keep less: fewer arenas for the bot's threads, and freed memory given back after a burst.

glibc gives every thread that allocates an arena of its own (up to 8 per core), and each arena keeps what was
freed in it for the next allocation; a burst of clicks leaves its high-water mark in them. `limit_arenas`
runs first thing in `python -m bot`, before any thread starts; `trim` hands free pages back to the system
(after the start-up, and after a round). Elsewhere (musl, macOS, Windows) both do nothing.
"""

from __future__ import annotations

import ctypes
import functools
from collections.abc import Mapping

M_ARENA_MAX = -8  # glibc's malloc.h
DEFAULT_ARENAS = 2  # the event loop's thread and every worker thread share two arenas


class BadArenas(ValueError):
    """BVUNZO_MALLOC_ARENAS is not a whole number from 0 up."""


def arenas_wanted(env: Mapping[str, str]) -> int | None:
    """How many arenas to ask for; None to leave glibc alone (MALLOC_ARENA_MAX set, or BVUNZO_MALLOC_ARENAS=0)."""
    if "MALLOC_ARENA_MAX" in env:  # glibc read it itself at start: the host's choice stands
        return None
    value = env.get("BVUNZO_MALLOC_ARENAS", "").strip()
    if not value:
        return DEFAULT_ARENAS
    if not value.isdigit():
        raise BadArenas(f"BVUNZO_MALLOC_ARENAS={value!r} is not a whole number (0 leaves glibc's default).")
    return int(value) or None


def limit_arenas(env: Mapping[str, str]) -> int | None:
    """Cap glibc's arenas as `env` asks; the number set, or None when nothing was (or could be) set."""
    arenas = arenas_wanted(env)
    libc = _glibc()
    if arenas is None or libc is None:
        return None
    return arenas if libc.mallopt(M_ARENA_MAX, arenas) == 1 else None


def trim() -> None:
    """Give the pages malloc holds free back to the system (a few milliseconds; nothing off glibc)."""
    libc = _glibc()
    if libc is not None:
        libc.malloc_trim(0)


@functools.cache
def _glibc() -> ctypes.CDLL | None:
    try:
        libc = ctypes.CDLL(None)  # the process's own symbols: libc's among them, with no search for the file
        libc.gnu_get_libc_version  # noqa: B018 - only glibc has it (musl has mallopt as a stub)
        libc.mallopt.argtypes, libc.malloc_trim.argtypes = [ctypes.c_int, ctypes.c_int], [ctypes.c_size_t]
    except (OSError, AttributeError, TypeError):
        return None
    return libc
