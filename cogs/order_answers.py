"""The clicks on an order question's picker (bot/ui/order_picker.py): an item pressed or Start again edits
the picker with the order so far, Submit hands the whole order to the play's desk as an answer.

The order so far is read from the custom_id and checked against the question's items as the desk shows
them now (a closed question refuses the press as its Answer button would); nothing is recorded before
Submit, and a second Submit is refused by the desk as any second answer is.
"""

from __future__ import annotations

import re
from typing import Any, Self

import discord

from bot.errors import UserError
from bot.locales import _
from bot.ui import custom_ids as ids
from bot.ui import replies
from bot.ui.desks import AnswerDesk, GivenAnswer
from bot.ui.order_picker import picker_message, read_so_far
from cogs.answers import desk_for, edits_message, play_of
from cogs.guard import guarded

__all__ = ["ORDER_ITEMS"]


class _Picking:
    """What both picker buttons share: the play (by the typed-answer tag), question, order so far, desk."""

    def __init__(self, item: discord.ui.Item[Any], desk: AnswerDesk | None, match: re.Match[str]) -> None:
        super().__init__(item)  # type: ignore[call-arg]  # DynamicItem's, next in the MRO
        self.desk = desk
        self.play = play_of(match["tag"][:-1])
        self.play_id, self.index, self.so_far = int(match["play_id"]), int(match["q"]), match["so_far"]

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cls(item, await desk_for(interaction, play_of(match["tag"][:-1])), match)

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        return self.desk is not None  # nobody serves the play: the member was told, in from_custom_id

    async def slots(self, interaction: discord.Interaction[Any]) -> tuple[Any, tuple[int, ...]]:
        assert self.desk is not None, "interaction_check let only a click with a desk through"
        form = await self.desk.text_answer_form(interaction, self.play_id, self.index)
        slots = read_so_far(self.so_far, len(form.items))
        if slots is None or not form.items:
            raise UserError(_("That order does not fit this question; press Answer again."))
        return form, slots


class OrderStepButton(
    _Picking, discord.ui.DynamicItem[discord.ui.Item[Any]], template=ids.ORDER_STEP.pattern
):
    """An item of the picker pressed (its custom_id the order with it), or Start again (the empty order)."""

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self._step(interaction), edits=True)

    async def _step(self, interaction: discord.Interaction[Any]) -> None:
        form, slots = await self.slots(interaction)
        await replies.edit(
            interaction, **picker_message(self.play.typed_tag, self.play_id, self.index, form, slots)
        )


class OrderSubmitButton(
    _Picking, discord.ui.DynamicItem[discord.ui.Item[Any]], template=ids.ORDER_SUBMIT.pattern
):
    """Submit: the whole order, as the display slots pressed first to last, answers the question."""

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self._submit(interaction), edits=edits_message(self.play))

    async def _submit(self, interaction: discord.Interaction[Any]) -> None:
        _form, slots = await self.slots(interaction)
        assert self.desk is not None
        await self.desk.on_answer(interaction, GivenAnswer(self.play_id, self.index, slots=slots))


ORDER_ITEMS = (OrderStepButton, OrderSubmitButton)
