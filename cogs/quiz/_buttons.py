"""The buttons of a round besides its answers (cogs/answers.py): translation, reveal, teams, the summary's.

bot/ui/round_views.py builds them; a click comes back here through its custom_id's template. Each
finds the rounds' desk (bot/ui/desks.py: RoundDesk, served by cogs/quiz/_desk.py) once, typed, in
`from_custom_id`; a click nobody serves is refused there with one sentence and goes no further.
"""

from __future__ import annotations

import re
from typing import Any, Self

import discord

from bot.ui import custom_ids as ids
from bot.ui.desks import ROUND_DESK, RoundDesk, find_desk
from cogs.answers import ANSWER_ITEMS
from cogs.guard import guarded
from cogs.order_answers import ORDER_ITEMS


class _RoundClick:
    """What a round's buttons share: the clicked item, its custom_id's parts, and the desk found for it."""

    def __init__(self, item: discord.ui.Item[Any], desk: RoundDesk | None, match: re.Match[str]) -> None:
        super().__init__(item)  # type: ignore[call-arg]  # DynamicItem's, next in the MRO
        self.desk = desk
        self.round_id = int(match["round"])
        self.parts = match

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        desk = await find_desk(interaction, ROUND_DESK)
        return cls(item, desk, match)

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        return self.desk is not None  # nobody serves rounds: the member was told, in from_custom_id

    @property
    def owner(self) -> RoundDesk:
        assert self.desk is not None, "interaction_check let only a click with a desk through"
        return self.desk


class TranslateButton(
    _RoundClick, discord.ui.DynamicItem[discord.ui.Item[Any]], template=ids.TRANSLATE.pattern
):
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        index = int(self.parts["q"])
        await guarded(interaction, self.owner.on_translate(interaction, self.round_id, index))


class MissedButton(
    _RoundClick, discord.ui.DynamicItem[discord.ui.Item[Any]], template=ids.PRACTISE_MISSED.pattern
):
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self.owner.on_practise_missed(interaction, self.round_id))


class MyResultButton(
    _RoundClick, discord.ui.DynamicItem[discord.ui.Item[Any]], template=ids.MY_RESULT.pattern
):
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self.owner.on_my_result(interaction, self.round_id))


class RevealButton(_RoundClick, discord.ui.DynamicItem[discord.ui.Item[Any]], template=ids.REVEAL.pattern):
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        index = int(self.parts["q"])
        await guarded(interaction, self.owner.on_reveal(interaction, self.round_id, index))


class TeamButton(_RoundClick, discord.ui.DynamicItem[discord.ui.Item[Any]], template=ids.JOIN_TEAM.pattern):
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        team = int(self.parts["team"])
        await guarded(interaction, self.owner.on_team(interaction, self.round_id, team))


class BalanceButton(
    _RoundClick, discord.ui.DynamicItem[discord.ui.Item[Any]], template=ids.BALANCE_TEAMS.pattern
):
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self.owner.on_balance(interaction, self.round_id))


DYNAMIC_ITEMS = (
    *ANSWER_ITEMS,
    *ORDER_ITEMS,
    TranslateButton,
    MissedButton,
    MyResultButton,
    RevealButton,
    TeamButton,
    BalanceButton,
)
