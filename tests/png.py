"""Tiny PNG images written with the standard library: test images, and the example deck's chart.

`python -m tests.png questions/images/three-bars.png` writes the shipped example image again.
"""

from __future__ import annotations

import struct
import sys
import zlib
from collections.abc import Callable
from pathlib import Path

Colour = tuple[int, int, int]
WHITE: Colour = (255, 255, 255)
BARS: tuple[tuple[int, Colour], ...] = ((30, (66, 133, 244)), (18, (219, 68, 55)), (40, (15, 157, 88)))


def png(width: int, height: int, pixel: Callable[[int, int], Colour]) -> bytes:
    """An 8-bit RGB PNG whose pixel (x, y) has the colour `pixel(x, y)`."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = b"".join(b"\x00" + b"".join(bytes(pixel(x, y)) for x in range(width)) for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows, 9))
        + chunk(b"IEND", b"")
    )


def three_bars() -> bytes:
    """A 64×48 bar chart of three bars (blue 30, red 18, green 40 pixels tall) on white."""
    width, height = 64, 48

    def pixel(x: int, y: int) -> Colour:
        for number, (tall, colour) in enumerate(BARS):
            left = 6 + number * 20
            if left <= x < left + 12 and y >= height - tall:
                return colour
        return WHITE

    return png(width, height, pixel)


if __name__ == "__main__":
    Path(sys.argv[1]).write_bytes(three_bars())
