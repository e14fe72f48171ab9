"""The bank: the built-in decks every server can play, plus each server's own uploaded decks."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from bot.bank.loader import load_folder
from bot.bank.mixed import deck_ids_of, is_mixed, mix
from bot.bank.models import Deck, Question
from bot.bank.problems import Problem

if TYPE_CHECKING:
    from bot.bank.deck_cache import DeckCache


class Bank:
    """Decks by (server, id); a server's own deck shadows a built-in one of the same id, for it alone."""

    def __init__(self, decks: Iterable[Deck] = ()) -> None:
        self._decks: dict[tuple[int | None, str], Deck] = {}
        for deck in decks:
            key = (deck.guild_id, deck.id)
            if key in self._decks:
                raise ValueError(f"two decks with the id {deck.id!r} for guild {deck.guild_id}")
            self._decks[key] = deck

    @classmethod
    def from_folder(cls, path: Path, cache: DeckCache | None = None) -> tuple[Bank, list[Problem]]:
        """The built-in decks of a folder, and the problems of the decks that were skipped (through
        `cache`, when given: bot/bank/deck_cache.py)."""
        decks, problems = load_folder(path, cache)
        return cls(decks), problems

    def decks_for(self, guild_id: int | None) -> list[Deck]:
        """What a server can play (built-ins and its own), sorted by id; None means built-ins only."""
        visible = {deck_id: deck for (owner, deck_id), deck in self._decks.items() if owner is None}
        if guild_id is not None:
            visible.update(
                {deck_id: deck for (owner, deck_id), deck in self._decks.items() if owner == guild_id}
            )
        return [visible[deck_id] for deck_id in sorted(visible)]

    def get(self, deck_id: str, guild_id: int | None) -> Deck | None:
        """The deck the server sees by that id; a mixed id ("a+b", bot/bank/mixed.py) gives those decks as one."""
        if is_mixed(deck_id):
            parts = [self.get(part, guild_id) for part in deck_ids_of(deck_id)]
            found = [deck for deck in parts if deck is not None]
            return mix(found) if len(found) == len(parts) and len(found) > 1 else None
        if guild_id is not None:
            own = self._decks.get((guild_id, deck_id))
            if own is not None:
                return own
        return self._decks.get((None, deck_id))

    def question(self, deck_id: str, question_id: str, guild_id: int | None) -> Question | None:
        deck = self.get(deck_id, guild_id)
        return deck.question(question_id) if deck is not None else None

    def add(self, deck: Deck) -> Deck | None:
        """Add a deck, replacing the same server's deck of that id; the replaced deck, if any."""
        key = (deck.guild_id, deck.id)
        previous = self._decks.get(key)
        self._decks[key] = deck
        return previous

    def remove(self, deck_id: str, guild_id: int | None) -> Deck | None:
        """Remove exactly that server's deck (never the built-in it shadows); the removed deck, if any."""
        return self._decks.pop((guild_id, deck_id), None)

    def __len__(self) -> int:
        return len(self._decks)

    def __iter__(self) -> Iterator[Deck]:
        return iter(self._decks.values())

    @property
    def question_count(self) -> int:
        """Questions in every deck held, built-in and uploaded."""
        return sum(len(deck.questions) for deck in self._decks.values())
