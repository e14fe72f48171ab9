"""An order question's picker: the ephemeral message its Answer button opens, one button per item in the
order shown; each press edits it to show the order so far, Start again empties it, Submit answers with it.

The order so far lives in the buttons' custom_ids (bot/ui/custom_ids.py ORDER_STEP, ORDER_SUBMIT), so the
picker keeps nothing in memory and nothing is recorded until Submit; cogs/order_answers.py takes the clicks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import discord

from bot.bank.models import Kind, Question
from bot.locales import _
from bot.looks.discord_limits import CONTENT
from bot.looks.order import picker_text
from bot.ui import custom_ids
from bot.ui.desks import TextAnswerForm
from bot.ui.match import answer_form as typed_form
from bot.ui.text import BUTTON_LABEL, clip, letter

__all__ = ["answer_form", "picker_message", "read_so_far", "takes_form"]

PER_ROW = 5  # Discord's buttons to an action row: eight items fill two rows, the third holds the rest


def takes_form(question: Question) -> bool:
    """Whether the question's Answer button opens something: a typed form, or an order's picker."""
    return question.typed or question.kind is Kind.ORDER


def answer_form(title: str, question: Question, order: Sequence[int], seconds: float) -> TextAnswerForm:
    """What a desk hands the Answer button: a typed form's shape, or an order question's items as shown."""
    form = typed_form(title, question, seconds)
    if question.kind is not Kind.ORDER:
        return form
    return replace(form, items=tuple(question.choices[i] for i in order))


def read_so_far(text: str, items: int) -> tuple[int, ...] | None:
    """The slots a custom_id's order so far names; None unless each is one of `items`, once."""
    slots = tuple(int(c) for c in text)
    return slots if len(set(slots)) == len(slots) and all(s < items for s in slots) else None


def picker_message(
    typed_tag: str, play_id: int, index: int, form: TextAnswerForm, so_far: Sequence[int]
) -> dict[str, Any]:
    """The picker's content and view for the order so far (display slots pressed, first to last)."""
    view = discord.ui.View(timeout=None)
    done = "".join(str(s) for s in so_far)
    for slot, item in enumerate(form.items):
        view.add_item(
            discord.ui.Button(
                label=clip(f"{letter(slot)} · {item}", BUTTON_LABEL),
                style=discord.ButtonStyle.secondary,
                disabled=slot in so_far,
                row=slot // PER_ROW,
                custom_id=custom_ids.ORDER_STEP.make(play_id, index, done + str(slot), tag=typed_tag + "o"),
            )
        )
    row = (len(form.items) + PER_ROW - 1) // PER_ROW
    view.add_item(
        discord.ui.Button(
            label=clip(_("Start again"), BUTTON_LABEL),
            style=discord.ButtonStyle.danger,
            disabled=not so_far,
            row=row,
            custom_id=custom_ids.ORDER_STEP.make(play_id, index, "", tag=typed_tag + "o"),
        )
    )
    view.add_item(
        discord.ui.Button(
            label=clip(_("Submit"), BUTTON_LABEL),
            style=discord.ButtonStyle.success,
            disabled=len(so_far) != len(form.items),
            row=row,
            custom_id=custom_ids.ORDER_SUBMIT.make(play_id, index, done, tag=typed_tag + "s"),
        )
    )
    # An embed, not content: the screen that takes the picker's place after Submit in practice and in an
    # assignment (its embeds) replaces it whole; content would stay above the feedback, still asking.
    text = picker_text(form.prompt, form.items, so_far, CONTENT)
    return {"embed": discord.Embed(description=text), "view": view}
