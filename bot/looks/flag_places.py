"""Where a reported question lives, in words: for the moderators' list in Discord and on the dashboard."""

from __future__ import annotations

from pathlib import Path

from bot.bank.models import Deck
from bot.locales import _
from bot.quiz import FlaggedQuestion


def where(deck: Deck | None, line: FlaggedQuestion) -> str:
    """The deck file and line of a built-in question, or the server's own deck it is in."""
    if deck is None:
        return _(
            "deck `{deck}` (no longer loaded), question `{question}`",
            deck=line.deck_id,
            question=line.question_id,
        )
    question = deck.question(line.question_id)
    if deck.guild_id is not None:
        return _(
            "this server's deck `{deck}`, question `{question}`", deck=deck.id, question=line.question_id
        )
    file = Path(deck.source).name if deck.source else f"{deck.id}.yaml"
    return f"`{file}:{question.line}`" if question is not None and question.line else f"`{file}`"
