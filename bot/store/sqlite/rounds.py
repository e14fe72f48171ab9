"""SQLite: rounds, from their start through each question's posting and reveal to their end."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from bot.store.errors import RoundAlreadyRunning
from bot.store.records import ENDED_STATUSES, NewRound, RoundRecord
from bot.store.sqlite.connection import Database
from bot.store.sqlite.times import from_ms, from_ms_or_none, to_ms

ROUND_COLUMNS = (
    "id, guild_id, channel_id, deck_id, started_by, question_ids, seconds, mode, seed, status, current, "
    "posted_at, message_id, revealed, intro_message_id, started_at, ended_at, end_reason, podium, standings, "
    "streak_bonus, reading_seconds, untimed, long_prompts, parent_channel_id, teams"
)


def round_record(row: Sequence[Any]) -> RoundRecord:
    return RoundRecord(
        id=row[0],
        guild_id=row[1],
        channel_id=row[2],
        deck_id=row[3],
        started_by=row[4],
        question_ids=tuple(json.loads(row[5])),
        seconds=row[6],
        mode=row[7],
        seed=row[8],
        status=row[9],
        current=row[10],
        posted_at=from_ms_or_none(row[11]),
        message_id=row[12],
        revealed=bool(row[13]),
        intro_message_id=row[14],
        started_at=from_ms(row[15]),
        ended_at=from_ms_or_none(row[16]),
        end_reason=row[17],
        podium=row[18],
        standings=row[19],
        streak_bonus=bool(row[20]),
        reading_seconds=row[21],
        untimed=bool(row[22]),
        long_prompts=bool(row[23]),
        parent_channel_id=row[24],
        teams=row[25],
    )


# The columns a new round is stored with (both engines), in new_round_row's order.
NEW_ROUND_COLUMNS = (
    "guild_id, channel_id, deck_id, started_by, question_ids, seconds, mode, seed, started_at, podium, "
    "standings, streak_bonus, reading_seconds, untimed, long_prompts, parent_channel_id, teams"
)


def new_round_row(new: NewRound) -> tuple[object, ...]:
    """The row a round starts as (NEW_ROUND_COLUMNS, in its order); ValueError for a round without questions."""
    if not new.question_ids:
        raise ValueError("a round needs at least one question")
    return (
        new.guild_id,
        new.channel_id,
        new.deck_id,
        new.started_by,
        json.dumps(list(new.question_ids)),
        new.seconds,
        new.mode,
        new.seed,
        to_ms(new.started_at),
        new.podium,
        new.standings,
        int(new.streak_bonus),
        new.reading_seconds,
        int(new.untimed),
        int(new.long_prompts),
        new.parent_channel_id,
        new.teams,
    )


class SqliteRounds:
    _db: Database

    async def start_round(self, new: NewRound) -> RoundRecord:
        args = new_round_row(new)

        def work(conn: sqlite3.Connection) -> RoundRecord:
            try:
                round_id = conn.execute(
                    f"INSERT INTO rounds ({NEW_ROUND_COLUMNS}) VALUES ({', '.join('?' * len(args))})", args
                ).lastrowid
            except sqlite3.IntegrityError:
                # The partial unique index refused it: the channel's running round wins, whoever asked first.
                running = conn.execute(
                    f"SELECT {ROUND_COLUMNS} FROM rounds WHERE channel_id = ? AND status = 'running'",
                    (new.channel_id,),
                ).fetchone()
                if running is None:
                    raise
                raise RoundAlreadyRunning(round_record(running)) from None
            return round_record(
                conn.execute(f"SELECT {ROUND_COLUMNS} FROM rounds WHERE id = ?", (round_id,)).fetchone()
            )

        return await self._db.write(work)

    async def get_round(self, round_id: int) -> RoundRecord | None:
        row = await self._db.fetchone(f"SELECT {ROUND_COLUMNS} FROM rounds WHERE id = ?", (round_id,))
        return None if row is None else round_record(row)

    async def running_round(self, channel_id: int) -> RoundRecord | None:
        row = await self._db.fetchone(
            f"SELECT {ROUND_COLUMNS} FROM rounds WHERE channel_id = ? AND status = 'running'", (channel_id,)
        )
        return None if row is None else round_record(row)

    async def running_rounds(self) -> list[RoundRecord]:
        rows = await self._db.fetchall(
            f"SELECT {ROUND_COLUMNS} FROM rounds WHERE status = 'running' ORDER BY id"
        )
        return [round_record(row) for row in rows]

    async def save_teams(self, round_id: int, members: Mapping[int, int]) -> None:
        rows = [(round_id, user, team) for user, team in members.items()]
        await self._db.write(
            lambda conn: conn.executemany(
                "INSERT INTO round_teams (round_id, user_id, team) VALUES (?, ?, ?) "
                "ON CONFLICT (round_id, user_id) DO UPDATE SET team = excluded.team",
                rows,
            )
        )

    async def round_teams(self, round_id: int) -> dict[int, int]:
        rows = await self._db.fetchall(
            "SELECT user_id, team FROM round_teams WHERE round_id = ? ORDER BY joined", (round_id,)
        )
        return {row[0]: row[1] for row in rows}

    async def set_intro_message(self, round_id: int, message_id: int) -> None:
        await self._db.execute("UPDATE rounds SET intro_message_id = ? WHERE id = ?", (message_id, round_id))

    async def post_question(self, round_id: int, index: int, message_id: int, posted_at: datetime) -> None:
        at = to_ms(posted_at)

        def work(conn: sqlite3.Connection) -> None:
            row = conn.execute("SELECT question_ids FROM rounds WHERE id = ?", (round_id,)).fetchone()
            if row is None:
                raise ValueError(f"there is no round {round_id}")
            question_ids = json.loads(row[0])
            if not 0 <= index < len(question_ids):
                raise ValueError(f"round {round_id} has no question {index}")
            conn.execute(
                "UPDATE rounds SET current = ?, posted_at = ?, message_id = ?, revealed = 0 WHERE id = ?",
                (index, at, message_id, round_id),
            )
            conn.execute(
                "INSERT INTO round_questions (round_id, idx, question_id, message_id, posted_at) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (round_id, idx) DO UPDATE SET "
                "message_id = excluded.message_id, posted_at = excluded.posted_at, revealed_at = NULL",
                (round_id, index, question_ids[index], message_id, at),
            )

        await self._db.write(work)

    async def reveal_question(self, round_id: int, index: int, revealed_at: datetime) -> None:
        at = to_ms(revealed_at)

        def work(conn: sqlite3.Connection) -> None:
            conn.execute("UPDATE rounds SET revealed = 1 WHERE id = ? AND current = ?", (round_id, index))
            conn.execute(
                "UPDATE round_questions SET revealed_at = coalesce(revealed_at, ?) "
                "WHERE round_id = ? AND idx = ?",
                (at, round_id, index),
            )

        await self._db.write(work)

    async def finish_round(
        self, round_id: int, status: str, ended_at: datetime, reason: str | None = None
    ) -> None:
        if status not in ENDED_STATUSES:
            raise ValueError(f"a round ends as one of {', '.join(ENDED_STATUSES)}, not {status!r}")
        await self._db.execute(
            "UPDATE rounds SET status = ?, ended_at = ?, end_reason = ? WHERE id = ? AND status = 'running'",
            (status, to_ms(ended_at), reason, round_id),
        )

    async def last_finished_round(self, guild_id: int, channel_id: int) -> RoundRecord | None:
        row = await self._db.fetchone(
            f"SELECT {ROUND_COLUMNS} FROM rounds WHERE channel_id = ? AND status <> 'running' "
            "AND guild_id = ? ORDER BY ended_at DESC, id DESC LIMIT 1",
            (channel_id, guild_id),
        )
        return None if row is None else round_record(row)

    async def latest_round_played(self, user_id: int, guild_id: int | None) -> RoundRecord | None:
        # answers_by_member (user_id, guild_id, answered_at) serves both forms.
        where = "user_id = ?" if guild_id is None else "user_id = ? AND guild_id = ?"
        args = (user_id,) if guild_id is None else (user_id, guild_id)
        row = await self._db.fetchone(
            f"SELECT {ROUND_COLUMNS} FROM rounds WHERE id = "
            f"(SELECT round_id FROM answers WHERE {where} ORDER BY answered_at DESC, id DESC LIMIT 1)",
            args,
        )
        return None if row is None else round_record(row)
