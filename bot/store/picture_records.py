"""Records of pictures uploaded for a server deck's questions (bot/decks/pictures.py)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

__all__ = ["DeckPictureRecord"]


@dataclass(frozen=True, slots=True)
class DeckPictureRecord:
    """One picture of one server deck: named after its bytes (bot/bank/pictures.py), kept with its type."""

    guild_id: int
    deck_id: str
    name: str
    content_type: str
    data: bytes
    sha256: str
    created_at: datetime
