"""The buttons of a round besides its answers (cogs/answers.py): translation, reveal, teams, the summary's.

Each finds the rounds' desk (bot/ui/desks.py: RoundDesk, served by cogs/quiz/_desk.py) once, typed, in
`from_custom_id`; a click nobody serves is refused there with one sentence and goes no further.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.quiz.teams import TEAM_MARKS, TEAM_NAMES
from bot.ui import custom_ids as ids
from bot.ui.desks import ROUND_DESK, RoundDesk, find_desk
from bot.ui.limits import BUTTON_LABEL
from bot.ui.text import clip
from cogs.answers import ANSWER_ITEMS
from cogs.guard import guarded


class _RoundButton:
    """What a round's buttons share: the desk found in `from_custom_id`, or the click goes no further."""

    desk: RoundDesk | None = None

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        return self.desk is not None

    @property
    def owner(self) -> RoundDesk:
        assert self.desk is not None, "interaction_check let only a click with a desk through"
        return self.desk


class TranslateButton(
    _RoundButton, discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.TRANSLATE.pattern
):
    def __init__(self, round_id: int, index: int, label: str = "Translate") -> None:
        super().__init__(
            discord.ui.Button(
                label=clip(label, BUTTON_LABEL),
                style=discord.ButtonStyle.secondary,
                emoji="🌐",
                row=1,
                custom_id=ids.TRANSLATE.make(round_id, index),
            )
        )
        self.round_id, self.index = round_id, index

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TranslateButton:
        button = cls(int(match["round"]), int(match["q"]))
        button.desk = await find_desk(interaction, ROUND_DESK)
        return button

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self.owner.on_translate(interaction, self.round_id, self.index))


class MissedButton(
    _RoundButton, discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.PRACTISE_MISSED.pattern
):
    def __init__(self, round_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Practise what I missed",
                style=discord.ButtonStyle.success,
                emoji="🔁",
                custom_id=ids.PRACTISE_MISSED.make(round_id),
            )
        )
        self.round_id = round_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MissedButton:
        button = cls(int(match["round"]))
        button.desk = await find_desk(interaction, ROUND_DESK)
        return button

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self.owner.on_practise_missed(interaction, self.round_id))


class MyResultButton(
    _RoundButton, discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.MY_RESULT.pattern
):
    """On the summary: tells the member who presses it their own place, points and misses, ephemerally."""

    def __init__(self, round_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="My result",
                style=discord.ButtonStyle.secondary,
                emoji="📋",
                custom_id=ids.MY_RESULT.make(round_id),
            )
        )
        self.round_id = round_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MyResultButton:
        button = cls(int(match["round"]))
        button.desk = await find_desk(interaction, ROUND_DESK)
        return button

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self.owner.on_my_result(interaction, self.round_id))


class RevealButton(_RoundButton, discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.REVEAL.pattern):
    """On a question of an untimed round: a moderator reveals it (anyone else is told why not)."""

    def __init__(self, round_id: int, index: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Reveal (moderators)",
                style=discord.ButtonStyle.secondary,
                emoji="⏭️",
                row=1,
                custom_id=ids.REVEAL.make(round_id, index),
            )
        )
        self.round_id, self.index = round_id, index

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RevealButton:
        button = cls(int(match["round"]), int(match["q"]))
        button.desk = await find_desk(interaction, ROUND_DESK)
        return button

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self.owner.on_reveal(interaction, self.round_id, self.index))


class TeamButton(
    _RoundButton, discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.JOIN_TEAM.pattern
):
    """On a round's team message: join that team."""

    def __init__(self, round_id: int, team: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=clip(TEAM_NAMES[team], BUTTON_LABEL),
                emoji=TEAM_MARKS[team],
                style=discord.ButtonStyle.primary,
                custom_id=ids.JOIN_TEAM.make(round_id, team),
            )
        )
        self.round_id, self.team = round_id, team

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TeamButton:
        button = cls(int(match["round"]), int(match["team"]))
        button.desk = await find_desk(interaction, ROUND_DESK)
        return button

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self.owner.on_team(interaction, self.round_id, self.team))


class BalanceButton(
    _RoundButton, discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.BALANCE_TEAMS.pattern
):
    """On a round's team message: a moderator evens the teams out."""

    def __init__(self, round_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Auto-balance (moderators)",
                emoji="⚖️",
                style=discord.ButtonStyle.secondary,
                row=1,
                custom_id=ids.BALANCE_TEAMS.make(round_id),
            )
        )
        self.round_id = round_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> BalanceButton:
        button = cls(int(match["round"]))
        button.desk = await find_desk(interaction, ROUND_DESK)
        return button

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self.owner.on_balance(interaction, self.round_id))


DYNAMIC_ITEMS = (
    *ANSWER_ITEMS,
    TranslateButton,
    MissedButton,
    MyResultButton,
    RevealButton,
    TeamButton,
    BalanceButton,
)
