"""Gateway events benchmark: the memory and CPU of reading a shard's packed events, zstd's way and zlib's.

Run from the repository root: .venv/bin/python bench/bench_gateway_events.py [--events 3000] [--level 3]

The fake Discord of tests/e2e sends its events unpacked, so bench_memory.py cannot see what the gateway's
packing costs. Here a stream of GUILD_CREATE-sized events is packed as the gateway packs it (one stream per
connection, each event flushed whole) and read back by discord.py's own zstd reader (what it uses when
zstandard is installed) and by bot/discord/zlib_events.py (what Bvunzo asks for), each in a fresh process:
the reader's growth in resident memory, and its CPU time per megabyte of events. Prints figures only.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

READERS = ("zstd", "zlib")


def events(count: int) -> list[bytes]:
    """Events the size of a study server's GUILD_CREATE: 5 channels, 8 members."""
    rng = random.Random(count)

    def snowflake() -> str:
        return str(rng.getrandbits(60))

    return [
        json.dumps(
            {
                "op": 0,
                "t": "GUILD_CREATE",
                "d": {
                    "id": snowflake(),
                    "channels": [{"id": snowflake(), "name": f"channel-{c}"} for c in range(5)],
                    "members": [{"user": {"id": snowflake(), "username": f"m{m}"}} for m in range(8)],
                },
            }
        ).encode()
        for _ in range(count)
    ]


def packed(kind: str, stream: list[bytes], level: int) -> list[bytes]:
    if kind == "zstd":
        import zstandard

        zpacker = zstandard.ZstdCompressor(level=level).compressobj()
        return [zpacker.compress(e) + zpacker.flush(zstandard.COMPRESSOBJ_FLUSH_BLOCK) for e in stream]
    packer = zlib.compressobj()
    return [packer.compress(e) + packer.flush(zlib.Z_SYNC_FLUSH) for e in stream]


def resident_kib() -> int:
    status = Path("/proc/self/status").read_text().splitlines()
    return int(next(line for line in status if line.startswith("VmRSS")).split()[1])


def measure(kind: str, count: int, level: int) -> None:
    """In this process: one reader's growth over the stream, then its CPU time per MB (printed as JSON)."""
    import discord.utils

    from bot.discord.zlib_events import ZlibEvents

    reader = discord.utils._ZstdDecompressionContext if kind == "zstd" else ZlibEvents  # type: ignore[attr-defined]
    stream = events(count)
    frames = packed(kind, stream, level)
    before = resident_kib()
    one = reader()
    for frame in frames:
        one.decompress(frame)
    grown = resident_kib() - before
    started = time.process_time()
    for _ in range(5):
        again = reader()
        for frame in frames:
            again.decompress(frame)
    megabytes = sum(map(len, stream)) / 1e6
    seconds = (time.process_time() - started) / 5
    packed_mb = sum(map(len, frames)) / 1e6
    print(json.dumps({"grown_kib": grown, "ms_per_mb": 1000 * seconds / megabytes, "packed_mb": packed_mb}))


def main(options: argparse.Namespace) -> None:
    print(f"{options.events} events, zstd level {options.level}")
    for kind in READERS:
        ran = subprocess.run(
            [
                sys.executable,
                __file__,
                "--reader",
                kind,
                "--events",
                str(options.events),
                "--level",
                str(options.level),
            ],
            capture_output=True,
            text=True,
            check=True,
        )
        figures = json.loads(ran.stdout)
        print(
            f"  {kind}: resident memory +{figures['grown_kib'] / 1024:.1f} MiB, "
            f"{figures['ms_per_mb']:.1f} ms CPU per MB of events, {figures['packed_mb']:.2f} MB on the wire"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--events", type=int, default=3000, help="GUILD_CREATE-sized events in the stream")
    parser.add_argument("--level", type=int, default=3, help="zstd's level when packing")
    parser.add_argument("--reader", choices=READERS, help=argparse.SUPPRESS)  # one measure, in this process
    arguments = parser.parse_args()
    if arguments.reader:
        measure(arguments.reader, arguments.events, arguments.level)
    else:
        main(arguments)
