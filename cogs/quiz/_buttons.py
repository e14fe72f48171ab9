"""The buttons of a round: answers (shared with practice, cogs/answers.py), translation, and practise-what-I-missed."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.bank.models import Kind, Question
from bot.quiz import Reveal
from bot.quiz.teams import TEAM_MARKS, TEAM_NAMES
from bot.ui.flags import report_button
from bot.ui.text import BUTTON_LABEL, clip, language_name, letter
from cogs.answers import ANSWER_ITEMS, ROUND, AnswerButton, TypeAnswerButton, cog_named
from cogs.guard import frozen_view, guarded

if TYPE_CHECKING:
    from cogs.quiz._cog import QuizCog

VERSION = "1"
ROUND_ID = r"(?P<round>[0-9]{1,15})"
INDEX = r"(?P<q>[0-9]{1,2})"


def _cog(interaction: discord.Interaction[Any]) -> QuizCog:
    cog: QuizCog = cog_named(interaction, ROUND.cog)
    return cog


class TranslateButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"bvz:1:t:{ROUND_ID}:{INDEX}"
):
    def __init__(self, round_id: int, index: int, label: str = "Translate") -> None:
        super().__init__(
            discord.ui.Button(
                label=clip(label, BUTTON_LABEL),
                style=discord.ButtonStyle.secondary,
                emoji="🌐",
                row=1,
                custom_id=f"bvz:{VERSION}:t:{round_id}:{index}",
            )
        )
        self.round_id, self.index = round_id, index

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TranslateButton:
        return cls(int(match["round"]), int(match["q"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, _cog(interaction).on_translate(interaction, self.round_id, self.index))


class MissedButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"bvz:1:m:{ROUND_ID}"):
    def __init__(self, round_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Practise what I missed",
                style=discord.ButtonStyle.success,
                emoji="🔁",
                custom_id=f"bvz:{VERSION}:m:{round_id}",
            )
        )
        self.round_id = round_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MissedButton:
        return cls(int(match["round"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, _cog(interaction).on_practise_missed(interaction, self.round_id))


class MyResultButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"bvz:1:r:{ROUND_ID}"):
    """On the summary: tells the member who presses it their own place, points and misses, ephemerally."""

    def __init__(self, round_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="My result",
                style=discord.ButtonStyle.secondary,
                emoji="📋",
                custom_id=f"bvz:{VERSION}:r:{round_id}",
            )
        )
        self.round_id = round_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MyResultButton:
        return cls(int(match["round"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, _cog(interaction).on_my_result(interaction, self.round_id))


class RevealButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"bvz:1:v:{ROUND_ID}:{INDEX}"):
    """On a question of an untimed round: a moderator reveals it (anyone else is told why not)."""

    def __init__(self, round_id: int, index: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Reveal (moderators)",
                style=discord.ButtonStyle.secondary,
                emoji="⏭️",
                row=1,
                custom_id=f"bvz:{VERSION}:v:{round_id}:{index}",
            )
        )
        self.round_id, self.index = round_id, index

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RevealButton:
        return cls(int(match["round"]), int(match["q"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, _cog(interaction).on_reveal(interaction, self.round_id, self.index))


class TeamButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"bvz:1:j:{ROUND_ID}:(?P<team>[0-3])"
):
    """On a round's team message: join that team."""

    def __init__(self, round_id: int, team: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=clip(TEAM_NAMES[team], BUTTON_LABEL),
                emoji=TEAM_MARKS[team],
                style=discord.ButtonStyle.primary,
                custom_id=f"bvz:{VERSION}:j:{round_id}:{team}",
            )
        )
        self.round_id, self.team = round_id, team

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TeamButton:
        return cls(int(match["round"]), int(match["team"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, _cog(interaction).on_team(interaction, self.round_id, self.team))


class BalanceButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"bvz:1:b:{ROUND_ID}"):
    """On a round's team message: a moderator evens the teams out."""

    def __init__(self, round_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Auto-balance (moderators)",
                emoji="⚖️",
                style=discord.ButtonStyle.secondary,
                row=1,
                custom_id=f"bvz:{VERSION}:b:{round_id}",
            )
        )
        self.round_id = round_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> BalanceButton:
        return cls(int(match["round"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, _cog(interaction).on_balance(interaction, self.round_id))


DYNAMIC_ITEMS = (
    *ANSWER_ITEMS,
    TranslateButton,
    MissedButton,
    MyResultButton,
    RevealButton,
    TeamButton,
    BalanceButton,
)


def teams_view(round_id: int, teams: int) -> discord.ui.View:
    return frozen_view(*(TeamButton(round_id, team) for team in range(teams)), BalanceButton(round_id))


def _translate_item(round_id: int, index: int, question: Question) -> list[discord.ui.Item[Any]]:
    others = [lang for lang in question.languages if lang != question.lang]
    if not others:
        return []
    label = f"Read in {language_name(others[0])}" if len(others) == 1 else "Translate"
    return [TranslateButton(round_id, index, label)]


def question_view(
    round_id: int,
    index: int,
    question: Question,
    order: Sequence[int],
    *,
    reading: bool = False,
    untimed: bool = False,
) -> discord.ui.View:
    """The answer buttons (disabled while the question is `reading`), and a moderators' Reveal when `untimed`."""
    items: list[discord.ui.Item[Any]]
    if question.kind is Kind.TEXT:
        items = [TypeAnswerButton(ROUND, round_id, index, disabled=reading)]
    else:
        items = [AnswerButton(ROUND, round_id, index, slot, disabled=reading) for slot in range(len(order))]
    if untimed:
        items.append(RevealButton(round_id, index))
    return frozen_view(*items, *_translate_item(round_id, index, question))


def reveal_view(
    round_id: int,
    index: int,
    question: Question,
    order: Sequence[int],
    reveal: Reveal,
    reported: tuple[str, str] | None = None,
) -> discord.ui.View:
    """The answer buttons with their counts, and a Report-question button naming `reported`: the deck
    and id the question has in its own deck (a mixed round's questions are named after the round's)."""
    items: list[discord.ui.Item[Any]]
    if question.kind is Kind.TEXT:
        items = [
            TypeAnswerButton(
                ROUND,
                round_id,
                index,
                label=f"Answer: {question.answer_text}",
                disabled=True,
                style=discord.ButtonStyle.success,
            )
        ]
    else:
        items = []
        for slot in range(len(order)):
            right = slot in reveal.right_slots
            count = reveal.counts[slot] if slot < len(reveal.counts) else 0
            items.append(
                AnswerButton(
                    ROUND,
                    round_id,
                    index,
                    slot,
                    label=f"{letter(slot)} · {count}",
                    disabled=True,
                    style=discord.ButtonStyle.success if right else discord.ButtonStyle.secondary,
                )
            )
    report = [report_button(*reported)] if reported else []  # "Report question"
    return frozen_view(*items, *_translate_item(round_id, index, question), *report)


def summary_view(round_id: int) -> discord.ui.View:
    return frozen_view(MissedButton(round_id), MyResultButton(round_id))
