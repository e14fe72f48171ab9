"""Fitted fsrs parameters: the reviews each member and server gave, and the parameters fitted to them."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from bot.store.fitting_records import MemberParameters, PastReview, ReviewCount, ServerParameters
from bot.store.sql.engine import Engine, Transaction, changed
from bot.store.sql.fitting import (
    FORGET_MEMBER_PARAMETERS,
    MEMBER_COLUMNS,
    MEMBER_REVIEWS,
    MEMBERS_PARAMETERS,
    REVIEW_COLUMNS,
    REVIEW_COUNT_COLUMNS,
    REVIEW_COUNTS,
    SAVE_MEMBER_PARAMETERS,
    SAVE_SERVER_PARAMETERS,
    SERVER_COLUMNS,
    SERVER_PARAMETERS,
    SERVER_REVIEWS,
)


def _oldest_first(past: PastReview) -> tuple[datetime, int, str, str]:
    return (past.at, past.user_id, past.deck_id, past.question_id)


def _keep_members(kept: Sequence[MemberParameters], forgotten: Sequence[int]) -> Transaction[None]:
    for parameters in kept:
        yield changed(SAVE_MEMBER_PARAMETERS, MEMBER_COLUMNS.row(parameters))
    for user_id in forgotten:
        yield changed(FORGET_MEMBER_PARAMETERS, user=user_id)


class SharedFitting:
    _engine: Engine

    async def review_counts(self) -> list[ReviewCount]:
        found = await self._engine.fetch_records(REVIEW_COUNT_COLUMNS, REVIEW_COUNTS)
        return sorted(found, key=lambda count: (count.user_id, count.guild_id or 0))

    async def member_reviews(self, user_id: int, limit: int) -> list[PastReview]:
        newest = await self._engine.fetch_records(REVIEW_COLUMNS, MEMBER_REVIEWS, user=user_id, limit=limit)
        return sorted(newest, key=_oldest_first)

    async def server_reviews(self, guild_id: int, limit: int) -> list[PastReview]:
        newest = await self._engine.fetch_records(REVIEW_COLUMNS, SERVER_REVIEWS, guild=guild_id, limit=limit)
        return sorted(newest, key=_oldest_first)

    async def save_server_parameters(self, parameters: ServerParameters) -> None:
        await self._engine.execute(SAVE_SERVER_PARAMETERS, SERVER_COLUMNS.row(parameters))

    async def server_parameters(self, guild_id: int) -> ServerParameters | None:
        return await self._engine.fetch_record(SERVER_COLUMNS, SERVER_PARAMETERS, guild=guild_id)

    async def keep_member_parameters(
        self, kept: Sequence[MemberParameters], forgotten: Sequence[int] = ()
    ) -> None:
        if kept or forgotten:
            await self._engine.write(lambda: _keep_members(kept, forgotten))

    async def member_parameters(self, user_ids: Sequence[int]) -> dict[int, MemberParameters]:
        if not user_ids:
            return {}
        found = await self._engine.fetch_records(MEMBER_COLUMNS, MEMBERS_PARAMETERS, users=user_ids)
        return {parameters.user_id: parameters for parameters in found}
