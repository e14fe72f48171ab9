"""Practice sessions: one member plays questions alone, with spaced review of what they missed."""

from bot.practice.sessions import (
    ENDED,
    SESSION_LIFETIME,
    Answered,
    Practice,
    PracticeSessions,
    Summary,
)

__all__ = ["ENDED", "SESSION_LIFETIME", "Answered", "Practice", "PracticeSessions", "Summary"]
