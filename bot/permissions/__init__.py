"""Permissions: who moderates a server, one rule for Discord and the dashboard."""

from bot.permissions.moderators import ADMINISTRATOR, MANAGE_GUILD, Standing, is_moderator, manages_server

__all__ = ["ADMINISTRATOR", "MANAGE_GUILD", "Standing", "is_moderator", "manages_server"]
