"""What the round service needs of the process it runs in: the store, the bank, the clock, telemetry."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from bot.bank.models import Deck
from bot.quiz.clock import Clock
from bot.store import Store

if TYPE_CHECKING:
    from bot.store import RoundRecord


class Decks(Protocol):
    def get(self, deck_id: str, guild_id: int | None) -> Deck | None: ...


class RoundEvents(Protocol):
    """The log lines and counters of rounds (bot/host/telemetry.py)."""

    def round_started(self, record: RoundRecord, *, resumed: bool = False) -> None: ...

    def round_ended(self, record: RoundRecord, status: str, played: int) -> None: ...

    def answer_recorded(self, kind: str) -> None: ...


class RoundHost(Protocol):
    """The bot, as the service sees it (BvunzoBot is one; a test builds its own)."""

    @property
    def store(self) -> Store: ...

    @property
    def bank(self) -> Decks: ...

    @property
    def clock(self) -> Clock: ...

    @property
    def telemetry(self) -> RoundEvents: ...

    @property
    def closing(self) -> bool: ...

    def holds_guild(self, guild_id: int) -> bool: ...
