"""The buttons of a round: answers A-E, translation, typed answers, and practise-what-I-missed."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.bank.models import Kind, Question
from bot.quiz import Reveal
from bot.ui.text import BUTTON_LABEL, clip, language_name, letter
from cogs.guard import frozen_view, guarded

if TYPE_CHECKING:
    from cogs.quiz._cog import QuizCog

VERSION = "1"
ROUND = r"(?P<round>[0-9]{1,15})"
INDEX = r"(?P<q>[0-9]{1,2})"


def _cog(interaction: discord.Interaction[Any]) -> QuizCog:
    cog = interaction.client.get_cog("Quiz")
    if cog is None:
        raise RuntimeError("the quiz cog is not loaded")
    return cog


class AnswerButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"bvz:1:a:{ROUND}:{INDEX}:(?P<slot>[0-4])"
):
    def __init__(
        self,
        round_id: int,
        index: int,
        slot: int,
        *,
        label: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
        disabled: bool = False,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or letter(slot),
                style=style,
                disabled=disabled,
                row=0,
                custom_id=f"bvz:{VERSION}:a:{round_id}:{index}:{slot}",
            )
        )
        self.round_id, self.index, self.slot = round_id, index, slot

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> AnswerButton:
        return cls(int(match["round"]), int(match["q"]), int(match["slot"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(
            interaction, _cog(interaction).on_answer(interaction, self.round_id, self.index, slot=self.slot)
        )


class TranslateButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"bvz:1:t:{ROUND}:{INDEX}"):
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


class TypeAnswerButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"bvz:1:x:{ROUND}:{INDEX}"):
    def __init__(
        self,
        round_id: int,
        index: int,
        *,
        label: str = "Answer",
        disabled: bool = False,
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=clip(label, BUTTON_LABEL),
                style=style,
                emoji="✍️",
                disabled=disabled,
                row=0,
                custom_id=f"bvz:{VERSION}:x:{round_id}:{index}",
            )
        )
        self.round_id, self.index = round_id, index

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TypeAnswerButton:
        return cls(int(match["round"]), int(match["q"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, _cog(interaction).on_type_answer(interaction, self.round_id, self.index))


class MissedButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"bvz:1:m:{ROUND}"):
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


class TextAnswerModal(discord.ui.Modal):
    def __init__(self, cog: QuizCog, round_id: int, index: int, prompt: str, seconds: int) -> None:
        super().__init__(
            title=clip(f"Question {index + 1}", 45),
            timeout=seconds + 30,
            custom_id=f"bvz:{VERSION}:xm:{round_id}:{index}",
        )
        self.cog, self.round_id, self.index = cog, round_id, index
        self.answer: discord.ui.TextInput[TextAnswerModal] = discord.ui.TextInput(
            label=clip(prompt, 45),
            custom_id="answer",
            placeholder="Your answer",
            max_length=200,
            required=True,
        )
        self.add_item(self.answer)

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(
            interaction, self.cog.on_answer(interaction, self.round_id, self.index, text=self.answer.value)
        )


DYNAMIC_ITEMS = (AnswerButton, TranslateButton, TypeAnswerButton, MissedButton)


def _translate_item(round_id: int, index: int, question: Question) -> list[discord.ui.Item[Any]]:
    others = [lang for lang in question.languages if lang != question.lang]
    if not others:
        return []
    label = f"Read in {language_name(others[0])}" if len(others) == 1 else "Translate"
    return [TranslateButton(round_id, index, label)]


def question_view(round_id: int, index: int, question: Question, order: Sequence[int]) -> discord.ui.View:
    items: list[discord.ui.Item[Any]]
    if question.kind is Kind.TEXT:
        items = [TypeAnswerButton(round_id, index)]
    else:
        items = [AnswerButton(round_id, index, slot) for slot in range(len(order))]
    return frozen_view(*items, *_translate_item(round_id, index, question))


def reveal_view(
    round_id: int, index: int, question: Question, order: Sequence[int], reveal: Reveal
) -> discord.ui.View:
    items: list[discord.ui.Item[Any]]
    if question.kind is Kind.TEXT:
        items = [
            TypeAnswerButton(
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
                    round_id,
                    index,
                    slot,
                    label=f"{letter(slot)} · {count}",
                    disabled=True,
                    style=discord.ButtonStyle.success if right else discord.ButtonStyle.secondary,
                )
            )
    return frozen_view(*items, *_translate_item(round_id, index, question))


def summary_view(round_id: int) -> discord.ui.View:
    return frozen_view(MissedButton(round_id))
