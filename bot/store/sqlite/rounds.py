"""SQLite: rounds, from their start through each question's posting and reveal to their end."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping
from datetime import datetime

from bot.store.calendar_records import TAKE_CLAIM
from bot.store.errors import OccurrenceTaken, RoundAlreadyRunning
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
from bot.store.sqlite.connection import Database
from bot.store.sqlite.versions import keep_versions


class SqliteRounds:
    _db: Database

    async def start_round(self, new: NewRound, occurrence: tuple[int, datetime] | None = None) -> RoundRecord:
        args = new_round_row(new)

        def work(conn: sqlite3.Connection) -> RoundRecord:
            keep_versions(conn, new.asked, to_ms(new.started_at))
            try:
                (row,) = conn.execute(START_ROUND.sqlite_numbered, args).fetchall()
            except sqlite3.IntegrityError:
                # The partial unique index refused it: the channel's running round wins, whoever asked first.
                running = conn.execute(*RUNNING_ROUND.sqlite(channel=new.channel_id)).fetchone()
                if running is None:
                    raise
                raise RoundAlreadyRunning(round_record(running)) from None
            record = round_record(row)
            if occurrence is not None:
                schedule_id, at = occurrence
                taken = conn.execute(
                    TAKE_CLAIM.replace("$", "?"), (record.id, schedule_id, to_ms(at))
                ).rowcount
                if not taken:
                    raise OccurrenceTaken  # rolls the round back: the occurrence has its round already
            return record

        return await self._db.write(work)

    async def get_round(self, round_id: int) -> RoundRecord | None:
        row = await self._db.fetchone(*GET_ROUND.sqlite(round=round_id))
        return None if row is None else round_record(row)

    async def running_round(self, channel_id: int) -> RoundRecord | None:
        row = await self._db.fetchone(*RUNNING_ROUND.sqlite(channel=channel_id))
        return None if row is None else round_record(row)

    async def running_rounds(self) -> list[RoundRecord]:
        rows = await self._db.fetchall(*RUNNING_ROUNDS.sqlite())
        return [round_record(row) for row in rows]

    async def save_teams(self, round_id: int, members: Mapping[int, int]) -> None:
        rows = [{"round": round_id, "user": user, "team": team} for user, team in members.items()]
        await self._db.executemany(SAVE_TEAM.sqlite_text, rows)

    async def round_teams(self, round_id: int) -> dict[int, int]:
        rows = await self._db.fetchall(*ROUND_TEAMS.sqlite(round=round_id))
        return {row[0]: row[1] for row in rows}

    async def set_intro_message(self, round_id: int, message_id: int) -> None:
        await self._db.execute(*SET_INTRO_MESSAGE.sqlite(message=message_id, round=round_id))

    async def post_question(self, round_id: int, index: int, message_id: int, posted_at: datetime) -> None:
        at = to_ms(posted_at)

        def work(conn: sqlite3.Connection) -> None:
            # The write transaction (BEGIN IMMEDIATE) holds the database: nothing changes the round meanwhile.
            row = conn.execute("SELECT question_ids FROM rounds WHERE id = ?", (round_id,)).fetchone()
            if row is None:
                raise ValueError(f"there is no round {round_id}")
            question_ids = json.loads(row[0])
            if not 0 <= index < len(question_ids):
                raise ValueError(f"round {round_id} has no question {index}")
            conn.execute(*POST_CURRENT.sqlite(index=index, at=at, message=message_id, round=round_id))
            conn.execute(
                *POST_QUESTION.sqlite(
                    round=round_id, index=index, question=question_ids[index], message=message_id, at=at
                )
            )

        await self._db.write(work)

    async def reveal_question(self, round_id: int, index: int, revealed_at: datetime) -> None:
        at = to_ms(revealed_at)

        def work(conn: sqlite3.Connection) -> None:
            conn.execute(*REVEAL_CURRENT.sqlite(round=round_id, index=index))
            conn.execute(*REVEAL_QUESTION.sqlite(at=at, round=round_id, index=index))

        await self._db.write(work)

    async def finish_round(
        self, round_id: int, status: str, ended_at: datetime, reason: str | None = None
    ) -> None:
        if status not in ENDED_STATUSES:
            raise ValueError(f"a round ends as one of {', '.join(ENDED_STATUSES)}, not {status!r}")
        await self._db.execute(
            *FINISH_ROUND.sqlite(status=status, at=to_ms(ended_at), reason=reason, round=round_id)
        )

    async def last_finished_round(self, guild_id: int, channel_id: int) -> RoundRecord | None:
        row = await self._db.fetchone(*LAST_FINISHED_ROUND.sqlite(channel=channel_id, guild=guild_id))
        return None if row is None else round_record(row)

    async def latest_round_played(self, user_id: int, guild_id: int | None) -> RoundRecord | None:
        if guild_id is None:
            row = await self._db.fetchone(*LATEST_ROUND_PLAYED.sqlite(user=user_id))
        else:
            row = await self._db.fetchone(*LATEST_ROUND_PLAYED_HERE.sqlite(user=user_id, guild=guild_id))
        return None if row is None else round_record(row)
