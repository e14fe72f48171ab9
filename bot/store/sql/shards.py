"""A statement read by one process of several: only the servers of its shards, in the query itself (so a
LIMIT counts only its servers' rows), or every server for a process that runs them all."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.store.calendar_records import Shards
from bot.store.sql.statement import Statement, sql


@dataclass(frozen=True, slots=True)
class Sharded:
    every: Statement
    ours: Statement

    def pick(self, shards: Shards, **values: Any) -> tuple[Statement, dict[str, Any]]:
        """The statement for `shards` (None: every shard), and `values` with the shards' own."""
        if shards is None:
            return self.every, values
        count, ids = shards
        return self.ours, {**values, "shard_count": count, "shard_ids": ids}


def sharded(text: str, column: str) -> Sharded:
    """`text` with `{shards}` where the shard filter goes: Discord's shard, (guild_id >> 22) % shard_count,
    one of the process's shard ids."""
    clause = f" AND (({column} >> 22) % :shard_count) IN (:shard_ids)"
    return Sharded(sql(text.format(shards="")), sql(text.format(shards=clause), lists={"shard_ids": "int"}))
