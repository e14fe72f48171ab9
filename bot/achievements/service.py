"""The badges members newly earn, kept once each: after a round (for its summary to announce), with a
daily streak of the question of the day, a practice answer, and an approved suggestion.

The rules are the engine's (bot/quiz/achievements.py); the store says what each member has done and which
badges are new (a unique key per member, server and badge), so a retry, a restart or a second shard that
awards the same badge again is told it is not new, and the reply that tells it tells it once.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Protocol

from bot.bank.models import Deck
from bot.quiz import DEFAULT_RETENTION, MemoryState, RoundState, deck_mastery
from bot.quiz.achievements import (
    MASTERED_FROM,
    REVIEW_WEEK,
    Achievement,
    Facts,
    RoundBadges,
    earned,
    in_order,
    is_mastered,
    perfect_players,
    quickest_players,
)
from bot.store import EarnedAchievement, Memory, RoundProgress

log = logging.getLogger(__name__)


class AchievementBook(Protocol):
    """What the service needs of the store (any Store is one; its tests give a fake)."""

    async def round_progress(self, guild_id: int, round_id: int) -> Mapping[int, RoundProgress]: ...

    async def keep_achievements(self, earned: Sequence[EarnedAchievement]) -> list[EarnedAchievement]: ...

    async def member_achievements(self, guild_id: int, user_id: int) -> list[EarnedAchievement]: ...


class PracticeBook(AchievementBook, Protocol):
    """And what a practice answer's badges need: the member's week of practice, their memories of a deck."""

    async def practice_count_since(self, guild_id: int, user_id: int, since: datetime) -> int: ...

    async def memories(self, user_id: int, deck_id: str) -> dict[str, Memory]: ...

    async def member_retention(self, user_id: int) -> float | None: ...


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


async def _keep_earned(
    book: AchievementBook,
    guild_id: int,
    user_id: int,
    facts: Facts,
    now: datetime,
    kept: frozenset[Achievement] = frozenset(),
) -> tuple[Achievement, ...]:
    """Keep the badges a member's facts earn, outside a round, but those known `kept` already; those new
    now, in the order shown."""
    wanted = [
        EarnedAchievement(guild_id, user_id, badge.value, now, None)
        for badge in in_order(earned(facts) - kept)
    ]
    if not wanted:
        return ()
    return in_order(kept.achievement for kept in await book.keep_achievements(wanted))


async def award_streak(
    book: AchievementBook, guild_id: int, user_id: int, streak: int, now: datetime
) -> tuple[Achievement, ...]:
    """Keep the badges a member's daily streak of the question of the day earns (a week, a month, 100
    days); those new now."""
    return await _keep_earned(book, guild_id, user_id, Facts(qotd_streak=streak), now)


async def award_practice(
    book: PracticeBook, guild_id: int, user_id: int, deck: Deck, right: bool, now: datetime
) -> tuple[Achievement, ...]:
    """After a practice answer in a server, already kept with the member's new memory of its question:
    Reviewer (the week's practice) and Deck mastered (only a right answer can complete it); those new.

    Practice answers come often: a badge the member has already is neither counted for again nor kept
    again, so most answers cost one read (their badges) and write nothing more.
    """
    kept = frozenset(await badges_of(book, guild_id, user_id))
    reviews = 0
    if Achievement.REVIEWER not in kept:
        reviews = await book.practice_count_since(guild_id, user_id, now - REVIEW_WEEK)
    mastered = right and Achievement.DECK_MASTERED not in kept and await _masters(book, user_id, deck, now)
    facts = Facts(reviews_in_week=reviews, deck_mastered=mastered)
    return await _keep_earned(book, guild_id, user_id, facts, now, kept)


async def _masters(book: PracticeBook, user_id: int, deck: Deck, now: datetime) -> bool:
    """Whether the member has every question of the deck learned now, at their desired retention (the
    mastery /stats shows)."""
    if len(deck.questions) < MASTERED_FROM:
        return False
    memories = {q: MemoryState.of(m) for q, m in (await book.memories(user_id, deck.id)).items()}
    if not all(q.id in memories for q in deck.questions):
        return False  # one never met: not learned, and no need to ask fsrs about the rest
    retention = await book.member_retention(user_id) or DEFAULT_RETENTION
    mastery = deck_mastery([q.id for q in deck.questions], memories, now, desired_retention=retention)
    return is_mastered(mastery)


async def award_approval(
    book: AchievementBook, guild_id: int, author_id: int, now: datetime
) -> tuple[Achievement, ...]:
    """A moderator approved the member's suggestion: First suggestion approved, new only the first time."""
    return await _keep_earned(book, guild_id, author_id, Facts(suggestion_approved=True), now)


async def badges_of(book: AchievementBook, guild_id: int, user_id: int) -> tuple[Achievement, ...]:
    """The member's badges in the server, in the order they are shown (/stats)."""
    kept = await book.member_achievements(guild_id, user_id)
    return in_order(badge.achievement for badge in kept)


class BadgeShelf(Protocol):
    """What the member page's badges need of the store: a member's badges in several servers at once."""

    async def achievements_in(self, user_id: int, guild_ids: Sequence[int]) -> list[EarnedAchievement]: ...


async def badges_in(
    shelf: BadgeShelf, user_id: int, guild_ids: Iterable[int]
) -> list[tuple[int, tuple[Achievement, ...]]]:
    """The member's badges in each of these servers that gave them one, by server in the order given
    (the dashboard's member page), in one read of the store whatever the number of servers."""
    servers = list(guild_ids)
    kept: dict[int, list[str]] = {guild_id: [] for guild_id in servers}
    for badge in await shelf.achievements_in(user_id, servers):
        kept[badge.guild_id].append(badge.achievement)
    found = [(guild_id, in_order(kept[guild_id])) for guild_id in servers]
    return [(guild_id, badges) for guild_id, badges in found if badges]
