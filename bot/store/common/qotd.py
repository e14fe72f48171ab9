"""The question of the day: each server's settings, each day's question (claimed once), answers, board."""

from __future__ import annotations

from datetime import datetime

from bot.store.calendar_records import QotdAnswer, QotdBoardLine, QotdDay, QotdSettings, Shards
from bot.store.sql import qotd as Q
from bot.store.sql.engine import Engine, Row, Transaction, changed, row, rows, value
from bot.store.sql.times import to_ms, to_ms_or_none


def _answer(answer: QotdAnswer) -> Transaction[QotdAnswer | None]:
    if (yield changed(Q.ADD_ANSWER, Q.QOTD_ANSWER_COLUMNS.row(answer))) > 0:
        return None
    before = yield row(Q.MEMBER_ANSWER, guild=answer.guild_id, day=answer.day, user=answer.user_id)
    return Q.QOTD_ANSWER_COLUMNS.record(before)


def _board(guild_id: int, offset: int, limit: int) -> Transaction[tuple[tuple[QotdBoardLine, ...], int]]:
    lines: list[Row] = yield rows(Q.BOARD, guild=guild_id, limit=limit, offset=offset)
    total = yield value(Q.BOARD_PLAYERS, guild=guild_id)
    return Q.board_lines(lines), int(total)


class SharedQotd:
    _engine: Engine

    async def qotd_settings(self, guild_id: int) -> QotdSettings | None:
        return await self._engine.fetch_record(Q.QOTD_SETTING_COLUMNS, Q.SETTINGS, guild=guild_id)

    async def save_qotd_settings(self, settings: QotdSettings) -> None:
        await self._engine.execute(Q.SAVE_SETTINGS, Q.QOTD_SETTING_COLUMNS.row(settings))

    async def due_qotds(self, now: datetime, limit: int = 500, shards: Shards = None) -> list[QotdSettings]:
        return await self._engine.fetch_due(Q.QOTD_SETTING_COLUMNS, Q.DUE, now, limit, shards)

    async def move_qotd(self, guild_id: int, was: datetime, next_at: datetime | None) -> bool:
        return (
            await self._engine.execute(Q.MOVE, next=to_ms_or_none(next_at), guild=guild_id, was=to_ms(was))
            > 0
        )

    async def claim_qotd_day(self, day: QotdDay, retry_at: datetime | None = None) -> bool:
        return (
            await self._engine.execute(Q.CLAIM_DAY, (*Q.QOTD_DAY_COLUMNS.row(day), to_ms_or_none(retry_at)))
            > 0
        )

    async def set_qotd_message(self, guild_id: int, day: int, message_id: int) -> None:
        await self._engine.execute(Q.SET_MESSAGE, message=message_id, guild=guild_id, day=day)

    async def qotd_post_failed(
        self, guild_id: int, day: int, problem: str, retry_at: datetime | None
    ) -> None:
        retry = to_ms_or_none(retry_at)
        await self._engine.execute(Q.POST_FAILED, problem=problem, retry=retry, guild=guild_id, day=day)

    async def qotd_post_problem(self, guild_id: int, day: int) -> str | None:
        found = await self._engine.fetch_one(Q.POST_PROBLEM, guild=guild_id, day=day)
        return None if found is None or found[0] is None else str(found[0])

    async def qotd_days_to_retry(self, now: datetime, limit: int = 500) -> list[tuple[QotdDay, datetime]]:
        found = await self._engine.fetch_all(Q.DAYS_TO_RETRY, now=to_ms(now), limit=limit)
        return [Q.retry_day(r) for r in found]

    async def claim_qotd_retry(
        self, guild_id: int, day: int, retry_at: datetime, until: datetime | None = None
    ) -> bool:
        claim = {"until": to_ms_or_none(until), "guild": guild_id, "day": day, "retry": to_ms(retry_at)}
        return await self._engine.execute(Q.CLAIM_RETRY, **claim) > 0

    async def qotd_day(self, guild_id: int, day: int) -> QotdDay | None:
        return await self._engine.fetch_record(Q.QOTD_DAY_COLUMNS, Q.DAY, guild=guild_id, day=day)

    async def latest_qotd_day(self, guild_id: int) -> QotdDay | None:
        return await self._engine.fetch_record(Q.QOTD_DAY_COLUMNS, Q.LATEST_DAY, guild=guild_id)

    async def qotd_days_to_reveal(
        self, now: datetime, limit: int = 500, shards: Shards = None
    ) -> list[QotdDay]:
        return await self._engine.fetch_due(Q.QOTD_DAY_COLUMNS, Q.DAYS_TO_REVEAL, now, limit, shards)

    async def reveal_qotd_day(self, guild_id: int, day: int, at: datetime) -> bool:
        return await self._engine.execute(Q.REVEAL, at=to_ms(at), guild=guild_id, day=day) > 0

    async def qotd_history(self, guild_id: int, deck_id: str) -> list[str]:
        return [str(r[0]) for r in await self._engine.fetch_all(Q.HISTORY, guild=guild_id, deck=deck_id)]

    async def qotd_posted_days(self, guild_id: int) -> list[int]:
        return [int(r[0]) for r in await self._engine.fetch_all(Q.POSTED_DAYS, guild=guild_id)]

    async def record_qotd_answer(self, answer: QotdAnswer) -> QotdAnswer | None:
        return await self._engine.write(lambda: _answer(answer))

    async def qotd_answers(self, guild_id: int, day: int) -> list[QotdAnswer]:
        return await self._engine.fetch_records(Q.QOTD_ANSWER_COLUMNS, Q.ANSWERS, guild=guild_id, day=day)

    async def member_qotd_days(self, guild_id: int, user_id: int) -> list[int]:
        return [int(r[0]) for r in await self._engine.fetch_all(Q.MEMBER_DAYS, guild=guild_id, user=user_id)]

    async def qotd_board(
        self, guild_id: int, *, offset: int = 0, limit: int = 10
    ) -> tuple[tuple[QotdBoardLine, ...], int]:
        return await self._engine.read(lambda: _board(guild_id, offset, limit))
