"""A member's own settings (/preferences, and the dashboard's page of them): their language and the
retention their reviews aim for. The rules live here; /preferences and /language only parse and reply.

A language chosen is kept in the store and in the bot's memory of languages at once, so the next reply
speaks it; a retention is kept to two decimals, within the range fsrs is tuned for.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from bot import locales
from bot.errors import UserError
from bot.locales import _
from bot.quiz import DEFAULT_RETENTION, MAX_RETENTION, MIN_RETENTION


class PreferenceStore(Protocol):
    """The part of the store this service uses."""

    async def member_language(self, user_id: int) -> str | None: ...

    async def set_member_language(self, user_id: int, language: str | None) -> None: ...

    async def member_retention(self, user_id: int) -> float | None: ...

    async def set_member_retention(self, user_id: int, retention: float | None) -> None: ...


class LanguageMemory(Protocol):
    """What the bot remembers of members' languages (bot/preferences/language_memory.py)."""

    def member_changed(self, user_id: int, language: str | None) -> None: ...


@dataclass(frozen=True)
class MemberChoices:
    language: str | None  # None: their Discord client's
    retention: float | None  # None: fsrs's default

    @property
    def aimed_retention(self) -> float:
        return self.retention or DEFAULT_RETENTION


def two_places(value: float) -> str:
    """A retention as the reader's language writes it with two decimals (0.90; 0,90 in French)."""
    return locales.fixed(value, 2, grouping=False)


class MemberPreferences:
    def __init__(self, store: PreferenceStore, memory: LanguageMemory | None = None) -> None:
        self._store, self._memory = store, memory

    async def choices(self, user_id: int) -> MemberChoices:
        return MemberChoices(
            await self._store.member_language(user_id), await self._store.member_retention(user_id)
        )

    async def retention(self, user_id: int) -> float:
        """The retention the member's reviews aim for: theirs, or fsrs's default."""
        return await self._store.member_retention(user_id) or DEFAULT_RETENTION

    async def choose_language(self, user_id: int, language: str | None) -> None:
        """Keep the member's language (None: follow their Discord client's) for questions and replies."""
        await self._store.set_member_language(user_id, language)
        if self._memory is not None:
            self._memory.member_changed(user_id, language)

    async def choose_retention(self, user_id: int, retention: float) -> float:
        """Keep the member's retention, to two decimals; a sentence when it is out of range."""
        # Discord enforces the range on its side; a forged value (or a typed one elsewhere) is told it here.
        if not MIN_RETENTION <= retention <= MAX_RETENTION:
            raise UserError(
                _(
                    "Retention is between {low} and {high}, such as {example}.",
                    low=two_places(MIN_RETENTION),
                    high=two_places(MAX_RETENTION),
                    example=two_places(0.9),
                )
            )
        kept = round(retention, 2)
        await self._store.set_member_retention(user_id, kept)
        return kept
