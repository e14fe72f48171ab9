"""Achievements: the badges members newly earn, kept once (service.py): after a round, with a daily
streak, a practice answer or an approved suggestion."""

from bot.achievements.service import (
    AchievementBook,
    PracticeBook,
    award_approval,
    award_practice,
    award_round,
    award_streak,
    badges_in,
    badges_of,
)

__all__ = [
    "AchievementBook",
    "PracticeBook",
    "award_approval",
    "award_practice",
    "award_round",
    "award_streak",
    "badges_in",
    "badges_of",
]
