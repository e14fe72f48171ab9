"""After a round: the badges its members newly earned, kept once each, for its summary to announce.

The rules are the engine's (bot/quiz/achievements.py); the store says what each member has done and which
badges are new (a unique key per member, server and badge), so a retry, a restart or a second shard that
awards the same badge again is told it is not new, and the summary announces it once.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Protocol

from bot.quiz import RoundState
from bot.quiz.achievements import (
    Achievement,
    Facts,
    RoundBadges,
    earned,
    in_order,
    perfect_players,
    quickest_players,
)
from bot.store import EarnedAchievement, RoundProgress

log = logging.getLogger(__name__)


class AchievementBook(Protocol):
    """What the service needs of the store (any Store is one; its tests give a fake)."""

    async def round_progress(self, guild_id: int, round_id: int) -> Mapping[int, RoundProgress]: ...

    async def keep_achievements(self, earned: Sequence[EarnedAchievement]) -> list[EarnedAchievement]: ...

    async def member_achievements(self, guild_id: int, user_id: int) -> list[EarnedAchievement]: ...


def round_facts(state: RoundState, progress: Mapping[int, RoundProgress]) -> dict[int, Facts]:
    """Each player's facts: the store's counts, and what the round itself shows (perfect, quickest)."""
    played = [i for i in range(state.questions_played) if i not in state.polls]
    perfect = perfect_players(state.scores(), len(played))
    quickest = quickest_players(state.answers(i) for i in played)
    return {
        user_id: Facts(
            rounds=p.rounds,
            right=p.right,
            perfect_round=user_id in perfect,
            quickest=user_id in quickest,
            comeback=p.comeback,
        )
        for user_id, p in progress.items()
    }


async def award_round(
    book: AchievementBook, guild_id: int, state: RoundState, now: datetime
) -> tuple[RoundBadges, ...]:
    """Keep the badges the round's players earned; those new now, by member (by id), for its summary."""
    progress = await book.round_progress(guild_id, state.round_id)
    facts = round_facts(state, progress)
    wanted = [
        EarnedAchievement(guild_id, user_id, badge.value, now, state.round_id)
        for user_id in sorted(facts)
        for badge in in_order(earned(facts[user_id]))
    ]
    new = await book.keep_achievements(wanted)
    by_member: dict[int, list[str]] = {}
    for kept in new:
        by_member.setdefault(kept.user_id, []).append(kept.achievement)
    return tuple(RoundBadges(user_id, in_order(badges)) for user_id, badges in sorted(by_member.items()))


async def award_streak(
    book: AchievementBook, guild_id: int, user_id: int, streak: int, now: datetime
) -> tuple[Achievement, ...]:
    """Keep the badges a member's daily streak of the question of the day earns; those new now."""
    wanted = [
        EarnedAchievement(guild_id, user_id, badge.value, now, None)
        for badge in in_order(earned(Facts(qotd_streak=streak)))
    ]
    if not wanted:
        return ()
    return in_order(kept.achievement for kept in await book.keep_achievements(wanted))


async def badges_of(book: AchievementBook, guild_id: int, user_id: int) -> tuple[Achievement, ...]:
    """The member's badges in the server, in the order they are shown (/stats)."""
    kept = await book.member_achievements(guild_id, user_id)
    return in_order(badge.achievement for badge in kept)
