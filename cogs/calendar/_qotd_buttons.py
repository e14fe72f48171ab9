"""The question of the day's lettered answer buttons: each finds the question of the day's desk at a click."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.ui.calendar_desks import QOTD_DESK, QotdDesk
from bot.ui.custom_ids import QOTD_ANSWER
from bot.ui.desks import find_desk
from bot.ui.text import BUTTON_LABEL, clip, letter
from cogs.guard import guarded


class QotdAnswerButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=QOTD_ANSWER.pattern.pattern,
):
    """A lettered choice of a server's question of the day; the day is checked against the store."""

    def __init__(
        self,
        guild_id: int,
        day: int,
        slot: int,
        *,
        label: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
        disabled: bool = False,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=clip(label or letter(slot), BUTTON_LABEL),
                style=style,
                disabled=disabled,
                custom_id=QOTD_ANSWER.make(guild_id, day, slot),
            )
        )
        self.guild_id, self.day, self.slot = guild_id, day, slot
        self.desk: QotdDesk | None = None  # found at a click, in from_custom_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> QotdAnswerButton:
        button = cls(int(match["guild"]), int(match["day"]), int(match["slot"]))
        button.desk = await find_desk(interaction, QOTD_DESK)
        return button

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.desk is None:  # nobody serves the question of the day: told in from_custom_id
            return
        await guarded(interaction, self.desk.answer(interaction, self.guild_id, self.day, self.slot))
