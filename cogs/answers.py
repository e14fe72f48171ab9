"""The answer components rounds and practice share: buttons A-E, the typed-answer button and its form.

A click names its play (a round or a practice session) in its custom_id and reaches the cog that
owns that play through the `AnswerDesk` methods; the buttons themselves keep nothing in memory.
Custom ids are the ones already on Discord's messages: `bvz:1:a:<round>:<q>:<slot>` and
`bvz:1:x:<round>:<q>` for rounds, `bvz:1:p:<session>:<q>:<slot>` and `bvz:1:px:<session>:<q>` for
practice.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

import discord

from bot import replies
from bot.errors import UserError
from bot.forms import Form, submit_form
from bot.ui.text import BUTTON_LABEL, clip, letter
from cogs.guard import guarded

PLAY_ID = r"(?P<play_id>[0-9]{1,15})"
INDEX = r"(?P<q>[0-9]{1,2})"
# Discord's limits on a modal: its title and a text input's label.
MODAL_TITLE = 45
INPUT_LABEL = 45
TYPED_ANSWER = 200


@dataclass(frozen=True, slots=True)
class Play:
    """A kind of play members answer in: the cog that owns it and its tags in custom ids."""

    cog: str
    answer_tag: str  # of its answer buttons
    typed_tag: str  # of its type-an-answer button


ROUND = Play(cog="Quiz", answer_tag="a", typed_tag="x")
PRACTICE = Play(cog="Practice", answer_tag="p", typed_tag="px")
_BY_ANSWER_TAG = {p.answer_tag: p for p in (ROUND, PRACTICE)}
_BY_TYPED_TAG = {p.typed_tag: p for p in (ROUND, PRACTICE)}


@dataclass(frozen=True, slots=True)
class GivenAnswer:
    """An answer as a member gave it: to which play and question, the slot clicked or the text typed."""

    play_id: int
    index: int
    slot: int | None = None
    text: str | None = None


@dataclass(frozen=True, slots=True)
class TextAnswerForm:
    """What the typed-answer form shows: its title, the question (as the input's label), how long it stays open."""

    title: str
    prompt: str
    seconds: float


class AnswerDesk(Protocol):
    """What a cog that owns a play answers to."""

    async def on_answer(self, interaction: discord.Interaction[Any], given: GivenAnswer) -> None: ...

    async def text_answer_form(
        self, interaction: discord.Interaction[Any], play_id: int, index: int
    ) -> TextAnswerForm: ...


def cog_named(interaction: discord.Interaction[Any], name: str) -> Any:
    """The loaded cog `name`; a member is told when it is missing (a reload in progress)."""
    cog = interaction.client.get_cog(name)
    if cog is None:
        raise UserError("That part of Bvunzo is not available right now; try again in a minute.")
    return cog


def desk_of(interaction: discord.Interaction[Any], play: Play) -> AnswerDesk:
    desk: AnswerDesk = cog_named(interaction, play.cog)
    return desk


class AnswerButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"bvz:1:(?P<tag>[ap]):{PLAY_ID}:{INDEX}:(?P<slot>[0-4])",
):
    """One lettered choice of a question, in a round or in practice."""

    def __init__(
        self,
        play: Play,
        play_id: int,
        index: int,
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
                row=0,
                custom_id=f"bvz:1:{play.answer_tag}:{play_id}:{index}:{slot}",
            )
        )
        self.play, self.play_id, self.index, self.slot = play, play_id, index, slot

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> AnswerButton:
        return cls(_BY_ANSWER_TAG[match["tag"]], int(match["play_id"]), int(match["q"]), int(match["slot"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self._answer(interaction), edits=self.play is PRACTICE)

    async def _answer(self, interaction: discord.Interaction[Any]) -> None:
        await _give(interaction, self.play, GivenAnswer(self.play_id, self.index, slot=self.slot))


class TypeAnswerButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"bvz:1:(?P<tag>p?x):{PLAY_ID}:{INDEX}"
):
    """Opens the form to type the answer of a text question."""

    def __init__(
        self,
        play: Play,
        play_id: int,
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
                custom_id=f"bvz:1:{play.typed_tag}:{play_id}:{index}",
            )
        )
        self.play, self.play_id, self.index = play, play_id, index

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TypeAnswerButton:
        return cls(_BY_TYPED_TAG[match["tag"]], int(match["play_id"]), int(match["q"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self._open_form(interaction))

    async def _open_form(self, interaction: discord.Interaction[Any]) -> None:
        desk = desk_of(interaction, self.play)
        form = await desk.text_answer_form(interaction, self.play_id, self.index)
        await replies.open_form(interaction, TextAnswerModal(self.play, self.play_id, self.index, form))


class TextAnswerModal(discord.ui.Modal):
    """The typed-answer form; its answer goes to the play's cog like a click would.

    Its custom_id names the play and the question, so a form open across a restart still answers.
    """

    def __init__(self, play: Play, play_id: int, index: int, form: TextAnswerForm) -> None:
        super().__init__(
            title=clip(form.title, MODAL_TITLE),
            timeout=form.seconds,
            custom_id=f"bvz:1:{play.typed_tag}m:{play_id}:{index}",
        )
        self.answer: discord.ui.TextInput[TextAnswerModal] = discord.ui.TextInput(
            label=clip(form.prompt, INPUT_LABEL),
            custom_id="answer",
            placeholder="Your answer",
            max_length=TYPED_ANSWER,
            required=True,
        )
        self.add_item(self.answer)

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await submit_form(interaction, TYPED_ANSWER_FORM)


async def _typed_answer_submitted(
    interaction: discord.Interaction[Any], match: re.Match[str], typed: Mapping[str, str]
) -> None:
    given = GivenAnswer(int(match["play_id"]), int(match["q"]), text=typed.get("answer", ""))
    play = _BY_TYPED_TAG[match["tag"]]
    await guarded(interaction, _give(interaction, play, given), edits=play is PRACTICE)


async def _give(interaction: discord.Interaction[Any], play: Play, given: GivenAnswer) -> None:
    await desk_of(interaction, play).on_answer(interaction, given)


TYPED_ANSWER_FORM = Form.of(rf"bvz:1:(?P<tag>p?x)m:{PLAY_ID}:{INDEX}", _typed_answer_submitted)
ANSWER_FORMS = (TYPED_ANSWER_FORM,)


ANSWER_ITEMS = (AnswerButton, TypeAnswerButton)
