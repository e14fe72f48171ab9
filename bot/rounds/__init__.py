"""The round service: rounds started, run, resumed and ended for any caller, through a channel port."""

from bot.quiz import RoundOptions
from bot.rounds.cards import Card, IntroCard, Notice, QuestionCard, RevealCard, SummaryCard, TeamsCard
from bot.rounds.errors import (
    BadOptions,
    CannotPostHere,
    ChannelBusy,
    NoSuchRound,
    NotEnoughQuestions,
    RoundRefused,
    ShuttingDown,
)
from bot.rounds.host import RoundHost
from bot.rounds.port import RoundCutShort, RoundPort, RoundPosts
from bot.rounds.reviews import reviewed_memories
from bot.rounds.running import BROKEN, Locked, RunningRound
from bot.rounds.service import NOBODY, RoundService, already_running

__all__ = [
    "BROKEN",
    "NOBODY",
    "BadOptions",
    "CannotPostHere",
    "Card",
    "ChannelBusy",
    "IntroCard",
    "Locked",
    "NoSuchRound",
    "NotEnoughQuestions",
    "Notice",
    "QuestionCard",
    "RevealCard",
    "RoundCutShort",
    "RoundHost",
    "RoundOptions",
    "RoundPort",
    "RoundPosts",
    "RoundRefused",
    "RoundService",
    "RunningRound",
    "ShuttingDown",
    "SummaryCard",
    "TeamsCard",
    "already_running",
    "reviewed_memories",
]
