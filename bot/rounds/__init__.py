"""The round service: rounds started, run, resumed and ended for any caller, through a channel port."""

from bot.quiz import RoundOptions
from bot.rounds.cards import (
    Card,
    IntroCard,
    Notice,
    QuestionCard,
    RevealCard,
    Said,
    Sentence,
    SummaryCard,
    TeamsCard,
)
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
from bot.rounds.running import BROKEN, Locked, RunningRound
from bot.rounds.service import NOBODY, RoundService, already_running

__all__ = [
    "BROKEN",
    "NOBODY",
    "BadOptions",
    "CannotPostHere",
    "Card",  # i18n: not shown
    "ChannelBusy",
    "IntroCard",
    "Locked",  # i18n: not shown
    "NoSuchRound",
    "NotEnoughQuestions",
    "Notice",  # i18n: not shown
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
    "Said",  # i18n: not shown
    "Sentence",  # i18n: not shown
    "ShuttingDown",
    "SummaryCard",
    "TeamsCard",
    "already_running",
]
