"""Which of Discord's shards this process runs, and so which servers (guilds) are its to serve.

Discord gives each server to exactly one shard: (guild_id >> 22) % shard_count. A server's rounds,
sessions and buttons belong to the process running that shard; `ShardPlan.holds` is the one place that
rule is written, and everything that must not touch another process's servers asks it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Discord's largest bots run tens of thousands of shards; past this a value is a typo, not a plan.
MOST_SHARDS = 65536
_SHAPE = re.compile(r"^(?P<ids>[0-9,\-\s]+)/(?P<count>[0-9]+)$")


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard Discord sends a server's events to."""
    return (guild_id >> 22) % shard_count


@dataclass(frozen=True, slots=True)
class ShardPlan:
    """The shards one process runs: `ids` of `count`; both None when discord.py decides (all of them)."""

    ids: tuple[int, ...] | None = None
    count: int | None = None

    @property
    def automatic(self) -> bool:
        return self.ids is None

    def holds(self, guild_id: int) -> bool:
        """Whether this process serves the server: always, when it runs every shard discord.py chose."""
        if self.ids is None or self.count is None:
            return True
        return shard_of(guild_id, self.count) in self.ids

    @property
    def in_query(self) -> tuple[int, tuple[int, ...]] | None:
        """(shard_count, ids) for the store's due queries, which apply `holds` in SQL; None: every server."""
        if self.ids is None or self.count is None:
            return None
        return self.count, self.ids

    @property
    def syncs_commands(self) -> bool:
        """Global commands are one list per application: the process that runs shard 0 syncs them."""
        return self.ids is None or 0 in self.ids


ALL_SHARDS = ShardPlan()


def parse_shards(value: str) -> ShardPlan:
    """`0-3/8` (shards 0 to 3 of 8), `1/2`, or `0,2,5-6/8`; ValueError with the sentence a host reads."""
    text = value.strip()
    if not text:
        return ALL_SHARDS
    shape = _SHAPE.match(text)
    if shape is None:
        raise ValueError(
            f"BVUNZO_SHARDS={value!r} is not a shard plan: write the shards this process runs, a slash and "
            "the total, such as 0-3/8 or 1/2."
        )
    count = int(shape["count"])
    if not 1 <= count <= MOST_SHARDS:
        raise ValueError(f"BVUNZO_SHARDS={value!r}: the number of shards must be 1 to {MOST_SHARDS}.")
    ids: list[int] = []
    for part in shape["ids"].split(","):
        first, dash, last = part.strip().partition("-")
        if not first.isdigit() or (dash and not last.isdigit()):
            raise ValueError(
                f"BVUNZO_SHARDS={value!r}: {part.strip()!r} is not a shard number or a range a-b."
            )
        low, high = int(first), int(last) if dash else int(first)
        if low > high:
            raise ValueError(f"BVUNZO_SHARDS={value!r}: the range {low}-{high} runs backwards.")
        if high >= count:
            raise ValueError(
                f"BVUNZO_SHARDS={value!r}: shard {high} does not exist; shards of {count} are numbered "
                f"0 to {count - 1}."
            )
        ids.extend(range(low, high + 1))
    if len(set(ids)) != len(ids):
        raise ValueError(f"BVUNZO_SHARDS={value!r} names a shard twice.")
    return ShardPlan(ids=tuple(sorted(ids)), count=count)
