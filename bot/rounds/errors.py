"""Why a round cannot start, each as the one sentence its caller (a moderator, a schedule) is told."""

from __future__ import annotations

from bot.errors import UserError


class RoundRefused(UserError):
    """A round that was not started; the sentence says why and what to do instead."""


class ChannelBusy(RoundRefused):
    """The channel already has a round running."""


class NotEnoughQuestions(RoundRefused):
    """A deck (or its filter) has too few questions for the round asked for."""


class CannotPostHere(RoundRefused):
    """Bvunzo may not post (or open a thread) in the channel."""


class BadOptions(RoundRefused):
    """An option out of its range, or decks named twice."""


class ShuttingDown(RoundRefused):
    """The process is closing: a round started now would be cut at once."""


class NoSuchRound(UserError):
    """A round that is not running here (ended, or resuming after a restart)."""
