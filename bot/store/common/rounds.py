"""Rounds, from their start through each question's posting and reveal to their end: one running round
per channel (a partial unique index)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime

from bot.store.common.versions import keep_versions
from bot.store.errors import OccurrenceTaken, RoundAlreadyRunning
from bot.store.records import ENDED_STATUSES, NewRound, RoundRecord
from bot.store.sql.calendar import TAKE_CLAIM
from bot.store.sql.engine import Engine, Transaction, changed, row, value
from bot.store.sql.rounds import (
    FINISH_ROUND,
    GET_ROUND,
    LAST_FINISHED_ROUND,
    LATEST_ROUND_PLAYED,
    LATEST_ROUND_PLAYED_HERE,
    LOCKED_QUESTION_IDS,
    POST_CURRENT,
    POST_QUESTION,
    REVEAL_CURRENT,
    REVEAL_QUESTION,
    ROUND_COLUMNS,
    ROUND_HINTS,
    ROUND_MEMBERS,
    ROUND_TEAMS,
    RUNNING_ROUND,
    RUNNING_ROUNDS,
    SAVE_HINTS,
    SAVE_TEAM,
    SET_INTRO_MESSAGE,
    START_ROUND,
    new_round_row,
)
from bot.store.sql.times import to_ms


class _ChannelBusy(Exception):
    """The partial unique index refused the round: its channel has a running round already."""


def _start(
    new: NewRound, occurrence: tuple[int, datetime] | None, duplicate: tuple[type[Exception], ...]
) -> Transaction[RoundRecord]:
    yield from keep_versions(new.asked, to_ms(new.started_at))
    try:
        record = ROUND_COLUMNS.record((yield row(START_ROUND, new_round_row(new))))
    except duplicate as exc:
        raise _ChannelBusy from exc
    if occurrence is not None:
        schedule_id, at = occurrence
        if not (yield changed(TAKE_CLAIM, round=record.id, schedule=schedule_id, occurrence=to_ms(at))):
            raise OccurrenceTaken  # rolls the round back: the occurrence has its round already
    return record


def _post(round_id: int, index: int, message_id: int, at: int) -> Transaction[None]:
    ids = yield value(LOCKED_QUESTION_IDS, round=round_id)
    if ids is None:
        raise ValueError(f"there is no round {round_id}")
    question_ids = json.loads(ids)
    if not 0 <= index < len(question_ids):
        raise ValueError(f"round {round_id} has no question {index}")
    yield changed(POST_CURRENT, index=index, at=at, message=message_id, round=round_id)
    question = question_ids[index]
    yield changed(POST_QUESTION, round=round_id, index=index, question=question, message=message_id, at=at)


def _reveal(round_id: int, index: int, at: int) -> Transaction[None]:
    yield changed(REVEAL_CURRENT, round=round_id, index=index)
    yield changed(REVEAL_QUESTION, at=at, round=round_id, index=index)


class SharedRounds:
    _engine: Engine

    async def start_round(self, new: NewRound, occurrence: tuple[int, datetime] | None = None) -> RoundRecord:
        """Store a running round; RoundAlreadyRunning (carrying it) when the channel has one already."""
        duplicate = self._engine.duplicate
        try:
            return await self._engine.write(lambda: _start(new, occurrence, duplicate))
        except _ChannelBusy as busy:
            # The channel's running round wins, whoever asked first.
            running = await self._engine.fetch_one(RUNNING_ROUND, channel=new.channel_id)
            if running is None:
                assert busy.__cause__ is not None
                raise busy.__cause__ from None
            raise RoundAlreadyRunning(ROUND_COLUMNS.record(running)) from None

    async def get_round(self, round_id: int) -> RoundRecord | None:
        return await self._engine.fetch_record(ROUND_COLUMNS, GET_ROUND, round=round_id)

    async def running_round(self, channel_id: int) -> RoundRecord | None:
        return await self._engine.fetch_record(ROUND_COLUMNS, RUNNING_ROUND, channel=channel_id)

    async def running_rounds(self) -> list[RoundRecord]:
        """Every round still running, oldest first: what to resume after a restart."""
        return await self._engine.fetch_records(ROUND_COLUMNS, RUNNING_ROUNDS)

    async def save_teams(self, round_id: int, members: Mapping[int, int]) -> None:
        """Put each member on their team; a member who switches keeps their row, so their join order."""
        each = [SAVE_TEAM.ordered({"round": round_id, "user": u, "team": t}) for u, t in members.items()]
        await self._engine.execute_many(SAVE_TEAM, each)

    async def round_teams(self, round_id: int) -> dict[int, int]:
        found = await self._engine.fetch_all(ROUND_TEAMS, round=round_id)
        return {int(r[0]): int(r[1]) for r in found}

    async def save_hints(self, round_id: int, index: int, user_id: int, hints: int) -> None:
        await self._engine.execute(SAVE_HINTS, round=round_id, index=index, user=user_id, hints=hints)

    async def round_hints(self, round_id: int) -> list[tuple[int, int, int]]:
        found = await self._engine.fetch_all(ROUND_HINTS, round=round_id)
        return [(int(r[0]), int(r[1]), int(r[2])) for r in found]

    async def round_members(self, round_id: int) -> list[int]:
        return [int(r[0]) for r in await self._engine.fetch_all(ROUND_MEMBERS, round=round_id)]

    async def set_intro_message(self, round_id: int, message_id: int) -> None:
        await self._engine.execute(SET_INTRO_MESSAGE, message=message_id, round=round_id)

    async def post_question(self, round_id: int, index: int, message_id: int, posted_at: datetime) -> None:
        """The round's question `index` is on screen from `posted_at` (its clock) in message `message_id`."""
        await self._engine.write(lambda: _post(round_id, index, message_id, to_ms(posted_at)))

    async def reveal_question(self, round_id: int, index: int, revealed_at: datetime) -> None:
        await self._engine.write(lambda: _reveal(round_id, index, to_ms(revealed_at)))

    async def finish_round(
        self, round_id: int, status: str, ended_at: datetime, reason: str | None = None
    ) -> None:
        """End a running round (a round already ended keeps its first ending)."""
        if status not in ENDED_STATUSES:
            raise ValueError(f"a round ends as one of {', '.join(ENDED_STATUSES)}, not {status!r}")
        await self._engine.execute(
            FINISH_ROUND, status=status, at=to_ms(ended_at), reason=reason, round=round_id
        )

    async def last_finished_round(self, guild_id: int, channel_id: int) -> RoundRecord | None:
        """The channel's most recently ended round (finished, stopped or interrupted)."""
        return await self._engine.fetch_record(
            ROUND_COLUMNS, LAST_FINISHED_ROUND, channel=channel_id, guild=guild_id
        )

    async def latest_round_played(self, user_id: int, guild_id: int | None) -> RoundRecord | None:
        """The round of the member's latest answer (in this server when given); None if they never answered."""
        if guild_id is None:
            return await self._engine.fetch_record(ROUND_COLUMNS, LATEST_ROUND_PLAYED, user=user_id)
        return await self._engine.fetch_record(
            ROUND_COLUMNS, LATEST_ROUND_PLAYED_HERE, user=user_id, guild=guild_id
        )
