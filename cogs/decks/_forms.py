"""The buttons and forms of a server's decks (bot/ui/deck_views.py builds them), handed to the decks desk."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import discord

from bot.ui import custom_ids as ids
from bot.ui.desks import DECK_DESK, DeckDesk, find_desk
from bot.ui.forms import Form
from cogs.guard import guarded


class DeleteDeckButton(discord.ui.DynamicItem[discord.ui.Item[Any]], template=ids.DELETE_DECK.pattern):
    """The confirmation of /deck delete: dd deletes the deck, dk keeps it.

    A DynamicItem rather than a waiting View, so the answer still works after a restart.
    """

    def __init__(self, item: discord.ui.Item[Any], desk: DeckDesk | None, match: re.Match[str]) -> None:
        super().__init__(item)
        self.desk, self.delete, self.deck_id = desk, match["tag"] == "dd", match["deck"]

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> DeleteDeckButton:
        desk = await find_desk(interaction, DECK_DESK)
        return cls(item, desk, match)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.desk is not None:  # else the member was told, in from_custom_id
            work = self.desk.on_delete_answer(interaction, self.deck_id, delete=self.delete)
            await guarded(interaction, work, edits=True)


class ReviewButton(discord.ui.DynamicItem[discord.ui.Item[Any]], template=ids.REVIEW_SUGGESTION.pattern):
    """Approve (sa), Edit (se) or Reject (sr) one suggestion in /deck review."""

    def __init__(self, item: discord.ui.Item[Any], desk: DeckDesk | None, match: re.Match[str]) -> None:
        super().__init__(item)
        self.desk, self.action, self.suggestion_id = desk, match["tag"][1], int(match["id"])

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReviewButton:
        desk = await find_desk(interaction, DECK_DESK)
        return cls(item, desk, match)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.desk is not None:
            work = self.desk.on_review(interaction, self.suggestion_id, self.action)
            await guarded(interaction, work, edits=True)


async def _suggestion_submitted(
    interaction: discord.Interaction[Any], match: re.Match[str], typed: Mapping[str, str]
) -> None:
    desk = await find_desk(interaction, DECK_DESK)
    if desk is not None:
        kind = match["tag"][1]  # fs: a member's suggestion for deck `ref`; fe: an edit of suggestion `ref`
        await guarded(interaction, desk.on_suggestion_form(interaction, kind, match["ref"], typed))


SUGGESTION_FORM = Form.of(ids.SUGGEST_FORM.pattern, _suggestion_submitted)
EDITED_SUGGESTION_FORM = Form.of(ids.EDIT_SUGGESTION_FORM.pattern, _suggestion_submitted)
