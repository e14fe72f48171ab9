"""/deck: a server's own decks, uploaded by its moderators, and the questions members suggest for them
(with /deck suggest, or from a message with its Make a question from this command)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.decks._cog import DecksCog
from cogs.decks._forms import EDITED_SUGGESTION_FORM, SUGGESTION_FORM, DeleteDeckButton, ReviewButton
from cogs.decks._imports import ColumnSelect
from cogs.decks._notes import NoteDeckSelect, NotesCog

if TYPE_CHECKING:
    from bot.discord.client import BvunzoBot

__all__ = ["DecksCog", "NotesCog"]


async def setup(bot: BvunzoBot) -> None:
    await bot.add_cog(DecksCog(bot))
    await bot.add_cog(NotesCog(bot))
    bot.add_dynamic_items(DeleteDeckButton, ReviewButton, ColumnSelect, NoteDeckSelect)
    bot.add_forms(SUGGESTION_FORM, EDITED_SUGGESTION_FORM)
