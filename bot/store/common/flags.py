"""Questions members flagged, one flag per member, question and server, and their closing."""

from __future__ import annotations

from datetime import datetime

from bot.store.records import FLAG_REASONS, FlagRecord
from bot.store.sql.engine import Engine, Transaction, changed, value
from bot.store.sql.flags import (
    CLOSE_FLAGS,
    CLOSED_STATUSES,
    FLAG_COLUMNS,
    LOCKED_FLAG_STATUS,
    OPEN_FLAGS,
    SAVE_FLAG,
    flag_key,
    save_flag_values,
)
from bot.store.sql.times import to_ms


def _flag(flag: FlagRecord) -> Transaction[bool]:
    before = yield value(LOCKED_FLAG_STATUS, **flag_key(flag))
    yield changed(SAVE_FLAG, **save_flag_values(flag))
    return before is None or before != "open"


class SharedFlags:
    _engine: Engine

    async def flag_question(self, flag: FlagRecord) -> bool:
        """Keep a member's flag; True when it counts as new (see the Store interface)."""
        if flag.reason not in FLAG_REASONS:
            raise ValueError(f"a flag's reason is one of {', '.join(FLAG_REASONS)}, not {flag.reason!r}")
        return await self._engine.write(lambda: _flag(flag))

    async def open_flags(self, guild_id: int) -> list[FlagRecord]:
        return await self._engine.fetch_records(FLAG_COLUMNS, OPEN_FLAGS, guild=guild_id)

    async def close_flags(
        self, guild_id: int, deck_id: str, question_id: str, status: str, by: int, at: datetime
    ) -> int:
        if status not in CLOSED_STATUSES:
            raise ValueError(f"a flag is closed as dismissed or resolved, not {status!r}")
        return await self._engine.execute(
            CLOSE_FLAGS,
            status=status,
            at=to_ms(at),
            by=by,
            guild=guild_id,
            deck=deck_id,
            question=question_id,
        )
