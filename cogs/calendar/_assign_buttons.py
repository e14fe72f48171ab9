"""The buttons of assignments: Start on the assignment message, and the choices of each private question."""

from __future__ import annotations

import re
from typing import Any, Protocol

import discord

from bot.bank.models import Question
from bot.errors import UserError
from bot.quiz.shuffle import choice_order
from bot.store import AssignmentRecord
from bot.ui.custom_ids import ASSIGNMENT_ANSWER, ASSIGNMENT_START
from bot.ui.text import BUTTON_LABEL, clip, letter
from cogs.guard import guarded


class AssignmentDesk(Protocol):
    """What owns assignments (cogs/calendar/_assign.py): a Start, and a choice of an attempt's question."""

    async def start_attempt(self, interaction: discord.Interaction, assignment_id: int) -> None: ...

    async def answer(
        self, interaction: discord.Interaction, attempt_id: int, index: int, slot: int
    ) -> None: ...


def _cog(interaction: discord.Interaction[Any]) -> AssignmentDesk:
    """The cog that owns assignments; a member is told when it is not loaded."""
    cog = interaction.client.get_cog("Assign")
    if cog is None:
        raise UserError("That part of Bvunzo is not available right now; try again in a minute.")
    return cog


class StartButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ASSIGNMENT_START.pattern.pattern):
    def __init__(self, assignment_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Start",
                style=discord.ButtonStyle.primary,
                custom_id=ASSIGNMENT_START.make(assignment_id),
            )
        )
        self.assignment_id = assignment_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> StartButton:
        return cls(int(match["assignment"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, _cog(interaction).start_attempt(interaction, self.assignment_id))


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

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> AttemptAnswerButton:
        return cls(int(match["attempt"]), int(match["q"]), int(match["slot"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(
            interaction, _cog(interaction).answer(interaction, self.attempt_id, self.index, self.slot)
        )


def member_order(record: AssignmentRecord, user_id: int, index: int, question: Question) -> tuple[int, ...]:
    """The member's own order of the question's choices: the same after a restart."""
    return choice_order(record.seed ^ user_id, index, len(question.choices), question.kind)
