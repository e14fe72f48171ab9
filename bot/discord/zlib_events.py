"""The gateway's events packed with zlib ("zlib-stream"), read with zlib's 32 KiB window instead of zstd's.

discord.py 2.7 asks the gateway for zstd-packed events ("zstd-stream") whenever zstandard is installed (it is
here: Anki's newer packages need it), and a zstd stream's decompressor holds the compressor's whole window:
about 2.3 MiB more resident memory per shard once a few megabytes of events have passed, against 32 KiB for
zlib's, which costs about 4 ms more CPU per megabyte of events (bench/README.md, "Memory").
bot/discord/internals.py's `read_events_with_zlib` has each gateway connection use this class.
"""

from __future__ import annotations

import zlib

SYNC_FLUSH = b"\x00\x00\xff\xff"  # what ends every whole event in the stream (zlib's Z_SYNC_FLUSH)


class ZlibEvents:
    """One gateway connection's zlib stream: the frames in, each whole event out as text."""

    __slots__ = ("_pending", "_stream")

    COMPRESSION_TYPE = "zlib-stream"  # the gateway URL's `compress`

    def __init__(self) -> None:
        self._pending = bytearray()
        self._stream = zlib.decompressobj()

    def decompress(self, data: bytes, /) -> str | None:
        """The event this frame ends, as text; None while an event is still arriving in parts."""
        self._pending.extend(data)
        if not data.endswith(SYNC_FLUSH):
            return None
        event = self._stream.decompress(self._pending)
        self._pending = bytearray()
        return event.decode("utf-8")
