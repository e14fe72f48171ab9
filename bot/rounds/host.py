"""What the services need of the process they run in: the store, the bank, the clock, telemetry."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from bot.bank.models import Deck
from bot.quiz.clock import Clock

if TYPE_CHECKING:
    from bot.store import RoundRecord, Store


class Decks(Protocol):
    def get(self, deck_id: str, guild_id: int | None) -> Deck | None: ...


class RoundEvents(Protocol):
    """The log lines and counters of rounds (bot/host/telemetry.py)."""

    def round_started(self, record: RoundRecord, *, resumed: bool = False) -> None: ...

    def round_ended(self, record: RoundRecord, status: str, played: int) -> None: ...

    def answer_recorded(self, kind: str) -> None: ...


class ServiceHost(Protocol):
    """The process as a feature's service sees it: the round service, the calendar's (BvunzoBot is one)."""

    @property
    def store(self) -> Store: ...

    @property
    def bank(self) -> Decks: ...

    @property
    def clock(self) -> Clock: ...

    def holds_guild(self, guild_id: int) -> bool: ...


class RoundHost(ServiceHost, Protocol):
    """The bot, as the round service sees it (BvunzoBot is one; a test builds its own)."""

    @property
    def telemetry(self) -> RoundEvents: ...

    @property
    def closing(self) -> bool: ...
