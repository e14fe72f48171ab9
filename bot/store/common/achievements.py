"""Achievements: each member's badges in each server, kept once, and the facts a round's badges need."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.store.records import EarnedAchievement, RoundProgress
from bot.store.sql.achievements import (
    ACHIEVEMENT_COLUMNS,
    ACHIEVEMENTS_IN,
    KEEP_ACHIEVEMENT,
    MEMBER_ACHIEVEMENTS,
    PROGRESS_COLUMNS,
    ROUND_PROGRESS,
)
from bot.store.sql.engine import Engine, Transaction, changed


def _keep(earned: Sequence[EarnedAchievement]) -> Transaction[list[EarnedAchievement]]:
    new = []
    for badge in earned:
        if (yield changed(KEEP_ACHIEVEMENT, ACHIEVEMENT_COLUMNS.row(badge))):
            new.append(badge)
    return new


class SharedAchievements:
    _engine: Engine

    async def keep_achievements(self, earned: Sequence[EarnedAchievement]) -> list[EarnedAchievement]:
        """Keep the badges not kept already; those it kept now, in the order given (see the interface)."""
        if not earned:
            return []
        return await self._engine.write(lambda: _keep(earned))

    async def member_achievements(self, guild_id: int, user_id: int) -> list[EarnedAchievement]:
        return await self._engine.fetch_records(
            ACHIEVEMENT_COLUMNS, MEMBER_ACHIEVEMENTS, guild=guild_id, user=user_id
        )

    async def achievements_in(self, user_id: int, guild_ids: Sequence[int]) -> list[EarnedAchievement]:
        if not guild_ids:
            return []
        return await self._engine.fetch_records(
            ACHIEVEMENT_COLUMNS, ACHIEVEMENTS_IN, user=user_id, guilds=list(guild_ids)
        )

    async def round_progress(self, guild_id: int, round_id: int) -> Mapping[int, RoundProgress]:
        found = await self._engine.fetch_records(
            PROGRESS_COLUMNS, ROUND_PROGRESS, guild=guild_id, round=round_id
        )
        return {progress.user_id: progress for progress in found}
