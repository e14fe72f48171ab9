"""Practice's own buttons (bot/ui/practice.py builds them): next question (pn), see the original (po)."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.ui import custom_ids as ids
from bot.ui.desks import PRACTICE_DESK, PracticeDesk, find_desk
from cogs.guard import guarded


class PracticeStepButton(discord.ui.DynamicItem[discord.ui.Item[Any]], template=ids.PRACTICE_STEP.pattern):
    """pn: on to the next question; po: the question in its original language."""

    def __init__(self, item: discord.ui.Item[Any], desk: PracticeDesk | None, match: re.Match[str]) -> None:
        super().__init__(item)
        self.desk, self.original = desk, match["tag"] == "po"
        self.practice_id, self.index = int(match["session"]), int(match["q"])

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PracticeStepButton:
        desk = await find_desk(interaction, PRACTICE_DESK)
        return cls(item, desk, match)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.desk is None:  # the member was told, in from_custom_id
            return
        step = self.desk.on_original if self.original else self.desk.on_next
        await guarded(interaction, step(interaction, self.practice_id, self.index), edits=True)
