"""A port for a process a test starts, which binds it itself a moment later.

A port the kernel handed out (bind to port 0, then close) can be handed out again before the process binds
it: every outgoing connection of every test worker takes a local port from the same ephemeral range. A port
below that range is never handed out on its own, so only another explicit pick could take it, and the
random choice over some twelve thousand ports, checked free, makes that as good as never.
"""

from __future__ import annotations

import random
import socket

LOWEST, HIGHEST = 20000, 32000  # below Linux's ephemeral range (32768-60999 by default)


def unused_port() -> int:
    """A port on 127.0.0.1 nobody listens on now, outside the range the kernel picks from."""
    for _ in range(200):
        port = random.randrange(LOWEST, HIGHEST)
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port on 127.0.0.1 between {LOWEST} and {HIGHEST}")
