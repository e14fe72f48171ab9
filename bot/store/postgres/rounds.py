"""Rounds on PostgreSQL: one running round per channel (a partial unique index), questions as they go."""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime

import asyncpg

from bot.store.calendar_records import TAKE_CLAIM, dollars_numbered
from bot.store.errors import OccurrenceTaken, RoundAlreadyRunning
from bot.store.postgres.connection import Connected
from bot.store.postgres.engine import affected
from bot.store.postgres.versions import keep_versions
from bot.store.records import ENDED_STATUSES, NewRound, RoundRecord
from bot.store.sql.rounds import (
    FINISH_ROUND,
    GET_ROUND,
    LAST_FINISHED_ROUND,
    LATEST_ROUND_PLAYED,
    LATEST_ROUND_PLAYED_HERE,
    POST_CURRENT,
    POST_QUESTION,
    REVEAL_CURRENT,
    REVEAL_QUESTION,
    ROUND_TEAMS,
    RUNNING_ROUND,
    RUNNING_ROUNDS,
    SAVE_TEAM,
    SET_INTRO_MESSAGE,
    START_ROUND,
    new_round_row,
    round_record,
)
from bot.store.sql.times import to_ms


class PostgresRounds(Connected):
    async def start_round(self, new: NewRound, occurrence: tuple[int, datetime] | None = None) -> RoundRecord:
        """Store a running round; RoundAlreadyRunning (carrying it) when the channel has one already."""
        args = new_round_row(new)
        async with self._connection(writes=True) as conn:
            try:
                async with conn.transaction():
                    await keep_versions(conn, new.asked, to_ms(new.started_at))
                    row = await conn.fetchrow(START_ROUND.postgres_text, *args)
                    assert row is not None
                    if occurrence is not None:
                        schedule_id, at = occurrence
                        status = await conn.execute(
                            dollars_numbered(TAKE_CLAIM), int(row["id"]), schedule_id, to_ms(at)
                        )
                        if not affected(status):
                            raise OccurrenceTaken  # rolls the round back: the occurrence has its round
            except asyncpg.UniqueViolationError:
                # The partial unique index refused it: the channel's running round wins, whoever asked first.
                running = await conn.fetchrow(*RUNNING_ROUND.postgres(channel=new.channel_id))
                if running is None:
                    raise
                raise RoundAlreadyRunning(round_record(running)) from None
        return round_record(row)

    async def get_round(self, round_id: int) -> RoundRecord | None:
        row = await self._fetchrow(*GET_ROUND.postgres(round=round_id))
        return None if row is None else round_record(row)

    async def running_round(self, channel_id: int) -> RoundRecord | None:
        row = await self._fetchrow(*RUNNING_ROUND.postgres(channel=channel_id))
        return None if row is None else round_record(row)

    async def running_rounds(self) -> list[RoundRecord]:
        """Every round still running, oldest first: what to resume after a restart."""
        rows = await self._fetch(*RUNNING_ROUNDS.postgres())
        return [round_record(row) for row in rows]

    async def save_teams(self, round_id: int, members: Mapping[int, int]) -> None:
        """Put each member on their team; a member who switches keeps their row, so their join order."""
        rows = [SAVE_TEAM.ordered({"round": round_id, "user": u, "team": t}) for u, t in members.items()]

        async def work(conn: asyncpg.Connection) -> None:
            await conn.executemany(SAVE_TEAM.postgres_text, rows)

        await self._write(work)

    async def round_teams(self, round_id: int) -> dict[int, int]:
        rows = await self._fetch(*ROUND_TEAMS.postgres(round=round_id))
        return {int(row[0]): int(row[1]) for row in rows}

    async def set_intro_message(self, round_id: int, message_id: int) -> None:
        await self._execute(*SET_INTRO_MESSAGE.postgres(message=message_id, round=round_id))

    async def post_question(self, round_id: int, index: int, message_id: int, posted_at: datetime) -> None:
        """The round's question `index` is on screen from `posted_at` (its clock) in message `message_id`."""
        at = to_ms(posted_at)

        async def work(conn: asyncpg.Connection) -> None:
            # Locked until the commit: another process posting this round's question waits for this one.
            ids = await conn.fetchval("SELECT question_ids FROM rounds WHERE id = $1 FOR UPDATE", round_id)
            if ids is None:
                raise ValueError(f"there is no round {round_id}")
            question_ids = json.loads(ids)
            if not 0 <= index < len(question_ids):
                raise ValueError(f"round {round_id} has no question {index}")
            await conn.execute(*POST_CURRENT.postgres(index=index, at=at, message=message_id, round=round_id))
            await conn.execute(
                *POST_QUESTION.postgres(
                    round=round_id, index=index, question=question_ids[index], message=message_id, at=at
                )
            )

        await self._write(work)

    async def reveal_question(self, round_id: int, index: int, revealed_at: datetime) -> None:
        at = to_ms(revealed_at)

        async def work(conn: asyncpg.Connection) -> None:
            await conn.execute(*REVEAL_CURRENT.postgres(round=round_id, index=index))
            await conn.execute(*REVEAL_QUESTION.postgres(at=at, round=round_id, index=index))

        await self._write(work)

    async def finish_round(
        self, round_id: int, status: str, ended_at: datetime, reason: str | None = None
    ) -> None:
        """End a running round (a round already ended keeps its first ending)."""
        if status not in ENDED_STATUSES:
            raise ValueError(f"a round ends as one of {', '.join(ENDED_STATUSES)}, not {status!r}")
        await self._execute(
            *FINISH_ROUND.postgres(status=status, at=to_ms(ended_at), reason=reason, round=round_id)
        )

    async def last_finished_round(self, guild_id: int, channel_id: int) -> RoundRecord | None:
        """The channel's most recently ended round (finished, stopped or interrupted)."""
        row = await self._fetchrow(*LAST_FINISHED_ROUND.postgres(channel=channel_id, guild=guild_id))
        return None if row is None else round_record(row)

    async def latest_round_played(self, user_id: int, guild_id: int | None) -> RoundRecord | None:
        """The round of the member's latest answer (in this server when given); None if they never answered."""
        if guild_id is None:
            row = await self._fetchrow(*LATEST_ROUND_PLAYED.postgres(user=user_id))
        else:
            row = await self._fetchrow(*LATEST_ROUND_PLAYED_HERE.postgres(user=user_id, guild=guild_id))
        return None if row is None else round_record(row)
