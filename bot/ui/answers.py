"""The answer buttons rounds and practice share: the lettered choices A-E and the typed-answer button.

`tag` says whose play the buttons answer in: the round's tags (`a`, `x`) or practice's (`p`, `px`) of
bot/ui/custom_ids.py; cogs/answers.py takes the clicks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.bank.models import Kind, Question
from bot.locales import p_
from bot.ui import custom_ids
from bot.ui.text import BUTTON_LABEL, clip, letter

# What a typed answer may hold (ours: it is shown at the reveal and compared with the deck's answers).
TYPED_ANSWER = 200


@dataclass(frozen=True, slots=True)
class Tags:
    """A kind of play's tags in custom_ids: of its answer buttons and of its type-an-answer button."""

    answer: str
    typed: str


ROUND_TAGS = Tags(answer="a", typed="x")
PRACTICE_TAGS = Tags(answer="p", typed="px")


def answer_button(
    tags: Tags,
    play_id: int,
    index: int,
    slot: int,
    *,
    label: str | None = None,
    style: discord.ButtonStyle = discord.ButtonStyle.primary,
    disabled: bool = False,
) -> discord.ui.Button[Any]:
    """One lettered choice of question `index` of a play."""
    return discord.ui.Button(
        label=clip(label or letter(slot), BUTTON_LABEL),
        style=style,
        disabled=disabled,
        row=0,
        custom_id=custom_ids.ANSWER.make(play_id, index, slot, tag=tags.answer),
    )


def type_answer_button(
    tags: Tags,
    play_id: int,
    index: int,
    *,
    label: str | None = None,
    style: discord.ButtonStyle = discord.ButtonStyle.primary,
    disabled: bool = False,
) -> discord.ui.Button[Any]:
    """Opens the form to type the answer of a text question (its label by default: Answer)."""
    return discord.ui.Button(
        label=clip(label or p_("button", "Answer"), BUTTON_LABEL),
        style=style,
        emoji="✍️",
        disabled=disabled,
        row=0,
        custom_id=custom_ids.TYPE_ANSWER.make(play_id, index, tag=tags.typed),
    )


def answer_buttons(
    tags: Tags, play_id: int, index: int, question: Question, order: Sequence[int], *, disabled: bool = False
) -> list[discord.ui.Button[Any]]:
    """How a question is answered: a typed answer, or one button per choice in the order shown."""
    if question.kind is Kind.TEXT:
        return [type_answer_button(tags, play_id, index, disabled=disabled)]
    return [answer_button(tags, play_id, index, slot, disabled=disabled) for slot in range(len(order))]
