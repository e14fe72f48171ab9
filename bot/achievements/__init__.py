"""Achievements: after a round, which badges its members newly earned, kept once (service.py)."""

from bot.achievements.service import AchievementBook, award_round, badges_of

__all__ = ["AchievementBook", "award_round", "badges_of"]
