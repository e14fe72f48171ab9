"""bot/host/malloc.py: glibc's arenas capped for `python -m bot` (BVUNZO_MALLOC_ARENAS, MALLOC_ARENA_MAX)."""

from __future__ import annotations

import os
import platform
import subprocess
import sys

import pytest

from bot.host.malloc import BadArenas, arenas_wanted

# A process that caps its arenas as `env` asks, then lets six threads allocate, and prints how many
# arenas glibc made (malloc_info's <heap> elements).
ARENAS_AFTER_THREADS = """
import ctypes, os, sys, tempfile, threading
from bot.host import malloc
malloc.limit_arenas(os.environ)
barrier = threading.Barrier(6)
def work():
    barrier.wait()
    kept = [bytearray(2000) for _ in range(2000)]
    barrier.wait()
threads = [threading.Thread(target=work) for _ in range(6)]
for t in threads: t.start()
for t in threads: t.join()
libc = ctypes.CDLL(None)
libc.fopen.restype = ctypes.c_void_p
libc.malloc_info.argtypes = [ctypes.c_int, ctypes.c_void_p]
libc.fclose.argtypes = [ctypes.c_void_p]
path = tempfile.mktemp()
stream = libc.fopen(path.encode(), b"w")
libc.malloc_info(0, stream)
libc.fclose(stream)
print(open(path).read().count("<heap nr="))
"""


def test_two_arenas_unless_told_otherwise() -> None:
    assert arenas_wanted({}) == 2
    assert arenas_wanted({"BVUNZO_MALLOC_ARENAS": " 4 "}) == 4
    assert arenas_wanted({"BVUNZO_MALLOC_ARENAS": "0"}) is None  # glibc's own default
    assert arenas_wanted({"MALLOC_ARENA_MAX": "1", "BVUNZO_MALLOC_ARENAS": "4"}) is None  # the host's


def test_a_bad_number_is_refused() -> None:
    with pytest.raises(BadArenas, match="BVUNZO_MALLOC_ARENAS='two'"):
        arenas_wanted({"BVUNZO_MALLOC_ARENAS": "two"})


def _arenas_made(setting: str) -> int:
    env = {k: v for k, v in os.environ.items() if k != "MALLOC_ARENA_MAX"}
    env["BVUNZO_MALLOC_ARENAS"] = setting
    run = subprocess.run(
        [sys.executable, "-c", ARENAS_AFTER_THREADS], env=env, capture_output=True, text=True, check=True
    )
    return int(run.stdout)


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="glibc's arenas only")
def test_threads_share_the_arenas_asked_for() -> None:
    assert _arenas_made("2") == 2
    assert _arenas_made("0") == 7  # glibc's default: one for the main thread and one for each of the six


def test_python_m_bot_refuses_a_bad_number_before_starting() -> None:
    env = {**os.environ, "DISCORD_TOKEN": "x", "BVUNZO_MALLOC_ARENAS": "-1"}
    run = subprocess.run(
        [sys.executable, "-m", "bot"], env=env, capture_output=True, text=True, timeout=60, check=False
    )
    assert run.returncode == 2
    assert "BVUNZO_MALLOC_ARENAS='-1' is not a whole number" in run.stderr
