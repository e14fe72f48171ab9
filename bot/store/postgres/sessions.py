"""Practice sessions on PostgreSQL: each member's session state, kept so that it survives a restart."""

from __future__ import annotations

from datetime import datetime

from bot.store.postgres.connection import Connected, affected
from bot.store.postgres.rows import ms, time
from bot.store.records import PracticeRecord


class Sessions(Connected):
    async def start_practice(self, user_id: int, deck_id: str, state: str, now: datetime) -> int:
        """Keep a new practice session; its id comes from a sequence, so it is never given twice."""
        at = ms(now)
        async with self._connection() as conn:
            practice_id: int = await conn.fetchval(
                "INSERT INTO practices (user_id, deck_id, state, started_at, updated_at) "
                "VALUES ($1, $2, $3, $4, $4) RETURNING id",
                user_id,
                deck_id,
                state,
                at,
            )
        return practice_id

    async def save_practice(self, practice_id: int, state: str, now: datetime) -> None:
        """Replace the session's state; an ended or forgotten session stays gone (nothing is written)."""
        await self._execute(
            "UPDATE practices SET state = $1, updated_at = $2 WHERE id = $3", state, ms(now), practice_id
        )

    async def practice(self, practice_id: int) -> PracticeRecord | None:
        row = await self._fetchrow(
            "SELECT id, user_id, deck_id, state, updated_at FROM practices WHERE id = $1", practice_id
        )
        if row is None:
            return None
        return PracticeRecord(
            id=row[0], user_id=row[1], deck_id=row[2], state=row[3], updated_at=time(row[4])
        )

    async def end_practice(self, practice_id: int) -> None:
        await self._execute("DELETE FROM practices WHERE id = $1", practice_id)

    async def forget_practices_before(self, moment: datetime) -> int:
        """Remove the sessions last saved before `moment` (abandoned ones); returns how many."""
        return affected(await self._execute("DELETE FROM practices WHERE updated_at < $1", ms(moment)))
