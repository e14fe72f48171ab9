"""The clicks on the answer components rounds and practice share: buttons A-E, the typed-answer button and
form, a typed question's Hint and a multi question's select menu.

bot/ui/answers.py builds the buttons. A click names its play (a round or a practice session) in its
custom_id (bot/ui/custom_ids.py) and reaches the desk that owns that play (bot/ui/desks.py): found
once, typed, in `from_custom_id`; a click nobody serves is refused there with one sentence. The
buttons themselves keep nothing in memory.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Self

import discord

from bot.bank.cloze import MAX_BLANKS, blanks_text
from bot.looks.discord_limits import MODAL_TITLE
from bot.ui import custom_ids as ids
from bot.ui import replies
from bot.ui.answers import BLANK_INPUT, answer_inputs
from bot.ui.calendar_desks import ASSIGNMENT_DESK, QOTD_DESK
from bot.ui.desks import PRACTICE_DESK, ROUND_DESK, AnswerDesk, GivenAnswer, TextAnswerForm, find_desk
from bot.ui.forms import Form, submit_form
from bot.ui.match import submitted_pairing
from bot.ui.order_picker import picker_message
from bot.ui.owners import DeskKey
from bot.ui.text import clip
from cogs.guard import guarded


@dataclass(frozen=True, slots=True)
class Play:
    """A kind of play members answer in: its tags in custom ids (its desk is found by `desk_for`)."""

    answer_tag: str  # of its answer buttons
    typed_tag: str  # of its type-an-answer button
    hint_tag: str  # of a typed question's Hint
    menu_tag: str  # of a multi question's select menu

    @property
    def form_tag(self) -> str:
        return self.typed_tag + "m"


ROUND = Play(answer_tag="a", typed_tag="x", hint_tag="h", menu_tag="ms")
PRACTICE = Play(answer_tag="p", typed_tag="px", hint_tag="ph", menu_tag="pms")
QOTD = Play(answer_tag="qa", typed_tag="qx", hint_tag="qh", menu_tag="qms")  # the calendar's: cogs/calendar
ASSIGNMENT = Play(answer_tag="ga", typed_tag="gx", hint_tag="gh", menu_tag="gms")
# Whose desk each play's clicks go to: a new play is a line here, its desk an AnswerDesk.
_DESKS: dict[Play, DeskKey[Any]] = {
    ROUND: ROUND_DESK,
    PRACTICE: PRACTICE_DESK,
    QOTD: QOTD_DESK,
    ASSIGNMENT: ASSIGNMENT_DESK,
}
_BY_TAG = {tag: p for p in _DESKS for tag in (p.answer_tag, p.typed_tag, p.form_tag, p.hint_tag, p.menu_tag)}
# Practice and the assignments answer in an ephemeral message they edit; rounds and the day post anew.
_EDITS = frozenset({PRACTICE, ASSIGNMENT})


def play_of(tag: str) -> Play:
    """The play whose component carries `tag` (an order picker's: its typed-answer tag and one letter)."""
    return _BY_TAG[tag]


def edits_message(play: Play) -> bool:
    """Whether the play answers by editing the message clicked (practice, assignments)."""
    return play in _EDITS


async def desk_for(interaction: discord.Interaction[Any], play: Play) -> AnswerDesk | None:
    """The desk that owns the play now; None once the member was told nobody does."""
    desk: AnswerDesk | None = await find_desk(interaction, _DESKS[play])
    return desk


class _Answering:
    """What the answer components share: the clicked item, its play and question, and the desk found."""

    def __init__(self, item: discord.ui.Item[Any], desk: AnswerDesk | None, match: re.Match[str]) -> None:
        super().__init__(item)  # type: ignore[call-arg]  # DynamicItem's, next in the MRO
        self.desk = desk
        self.play = _BY_TAG[match["tag"]]
        self.play_id, self.index = int(match["play_id"]), int(match["q"])
        self.parts = match

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        desk = await desk_for(interaction, _BY_TAG[match["tag"]])
        return cls(item, desk, match)

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        return self.desk is not None  # nobody serves the play: the member was told, in from_custom_id

    @property
    def owner(self) -> AnswerDesk:
        assert self.desk is not None, "interaction_check let only a click with a desk through"
        return self.desk


class AnswerButton(_Answering, discord.ui.DynamicItem[discord.ui.Item[Any]], template=ids.ANSWER.pattern):
    """One lettered choice of a question, in a round or in practice (bot/ui/answers.py builds it)."""

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        given = GivenAnswer(self.play_id, self.index, slot=int(self.parts["slot"]))
        await guarded(interaction, self.owner.on_answer(interaction, given), edits=self.play in _EDITS)


class AnswerMenu(_Answering, discord.ui.DynamicItem[discord.ui.Item[Any]], template=ids.ANSWER_SET.pattern):
    """A multi question's select menu (bot/ui/answers.py builds it): the slots picked, all at once."""

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        data: Any = interaction.data or {}
        values = data.get("values")
        values = values if isinstance(values, list) else []
        # Nothing in an interaction is trusted: a value that is not a slot's digit answers nothing.
        slots = tuple(int(v) for v in values if isinstance(v, str) and v.isdigit() and len(v) < 3)
        given = GivenAnswer(self.play_id, self.index, slots=slots if len(slots) == len(values) else ())
        await guarded(interaction, self.owner.on_answer(interaction, given), edits=self.play in _EDITS)


class TypeAnswerButton(
    _Answering, discord.ui.DynamicItem[discord.ui.Item[Any]], template=ids.TYPE_ANSWER.pattern
):
    """Opens the form to type the answer of a text question (bot/ui/answers.py builds it)."""

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self._open_form(interaction))

    async def _open_form(self, interaction: discord.Interaction[Any]) -> None:
        form = await self.owner.text_answer_form(interaction, self.play_id, self.index)
        if form.items:  # an order question: its picker, ephemerally (cogs/order_answers.py)
            shown = picker_message(self.play.typed_tag, self.play_id, self.index, form, ())
            await replies.send(interaction, **shown, ephemeral=True)
            return
        await replies.open_form(interaction, TextAnswerModal(self.play, self.play_id, self.index, form))


class HintButton(_Answering, discord.ui.DynamicItem[discord.ui.Item[Any]], template=ids.HINT.pattern):
    """A typed question's Hint (bot/ui/answers.py builds it): each press shows the member more, ephemerally."""

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self.owner.on_hint(interaction, self.play_id, self.index))


class TextAnswerModal(discord.ui.Modal):
    """The typed-answer form; its answer goes to the play's desk like a click would.

    Its custom_id names the play and the question, so a form open across a restart still answers.
    """

    def __init__(self, play: Play, play_id: int, index: int, form: TextAnswerForm) -> None:
        super().__init__(
            title=clip(form.title, MODAL_TITLE),
            timeout=form.seconds,
            custom_id=ids.TYPED_ANSWER_FORM.make(play_id, index, tag=play.form_tag),
        )
        for item in answer_inputs(form):
            self.add_item(item)

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await submit_form(interaction, TYPED_ANSWER_FORM)


async def _typed_answer_submitted(
    interaction: discord.Interaction[Any], match: re.Match[str], typed: Mapping[str, str]
) -> None:
    play = _BY_TAG[match["tag"]]
    desk = await desk_for(interaction, play)
    if desk is None:
        return  # the member was told nobody takes it now
    # A cloze question's form: its blanks, in order, kept as JSON (judging checks how many there are); a
    # match question's: the right item chosen for each left one.
    blanks = [typed[key] for n in range(1, MAX_BLANKS + 1) if (key := BLANK_INPUT.format(n=n)) in typed]
    text = blanks_text(blanks) if blanks else submitted_pairing(typed) or typed.get("answer", "")
    given = GivenAnswer(int(match["play_id"]), int(match["q"]), text=text)
    await guarded(interaction, desk.on_answer(interaction, given), edits=play in _EDITS)


TYPED_ANSWER_FORM = Form.of(ids.TYPED_ANSWER_FORM.pattern, _typed_answer_submitted)
ANSWER_FORMS = (TYPED_ANSWER_FORM,)


ANSWER_ITEMS = (AnswerButton, TypeAnswerButton, HintButton, AnswerMenu)
