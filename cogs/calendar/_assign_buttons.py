"""The buttons of assignments: Start on the assignment message, and the choices of each private question.

Each finds the assignments' desk (bot/ui/calendar_desks.py, served by cogs/calendar/_assign.py) once,
in `from_custom_id`; a click nobody serves is told so in one sentence there and goes no further.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.locales import p_
from bot.ui.calendar_desks import ASSIGNMENT_DESK, AssignmentDesk
from bot.ui.custom_ids import ASSIGNMENT_ANSWER, ASSIGNMENT_START
from bot.ui.desks import find_desk
from bot.ui.text import BUTTON_LABEL, clip, letter
from cogs.guard import guarded


class StartButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ASSIGNMENT_START.pattern.pattern):
    def __init__(self, assignment_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=p_("button", "Start"),
                style=discord.ButtonStyle.primary,
                custom_id=ASSIGNMENT_START.make(assignment_id),
            )
        )
        self.assignment_id = assignment_id
        self.desk: AssignmentDesk | None = None  # found at a click, in from_custom_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> StartButton:
        button = cls(int(match["assignment"]))
        button.desk = await find_desk(interaction, ASSIGNMENT_DESK)
        return button

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.desk is None:  # nobody serves assignments: told in from_custom_id
            return
        await guarded(interaction, self.desk.start_attempt(interaction, self.assignment_id))


class AttemptAnswerButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=ASSIGNMENT_ANSWER.pattern.pattern
):
    def __init__(self, attempt_id: int, index: int, slot: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=clip(letter(slot), BUTTON_LABEL),
                style=discord.ButtonStyle.primary,
                custom_id=ASSIGNMENT_ANSWER.make(attempt_id, index, slot),
            )
        )
        self.attempt_id, self.index, self.slot = attempt_id, index, slot
        self.desk: AssignmentDesk | None = None  # found at a click, in from_custom_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> AttemptAnswerButton:
        button = cls(int(match["attempt"]), int(match["q"]), int(match["slot"]))
        button.desk = await find_desk(interaction, ASSIGNMENT_DESK)
        return button

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.desk is None:  # nobody serves assignments: told in from_custom_id
            return
        await guarded(
            interaction, self.desk.answer(interaction, self.attempt_id, self.index, self.slot), edits=True
        )
