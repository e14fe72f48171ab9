"""The answer components rounds and practice share: the lettered choices A-E, the typed-answer button, Hint,
and a multi question's select menu.

`tag` says whose play they answer in: the round's tags (`a`, `x`, `ms`) or practice's (`p`, `px`, `pms`)
of bot/ui/custom_ids.py; cogs/answers.py takes the clicks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypedDict, Unpack

import discord

from bot.bank.models import Kind, Question
from bot.locales import _, number, p_, percent
from bot.looks.discord_limits import INPUT_LABEL, SELECT_OPTION_LABEL, SELECT_OPTIONS, SELECT_PLACEHOLDER
from bot.quiz.hints import MOST_HINTS, Hint, takes_hints
from bot.ui import custom_ids
from bot.ui.desks import TextAnswerForm
from bot.ui.match import match_inputs
from bot.ui.text import BUTTON_LABEL, clip, letter

# What a typed answer may hold (ours: it is shown at the reveal and compared with the deck's answers).
TYPED_ANSWER = 200
# The custom_id of a cloze question's text input for blank n (the form's others are `answer`).
BLANK_INPUT = "blank{n}"


@dataclass(frozen=True, slots=True)
class Tags:
    """A kind of play's tags in custom_ids: of its answer buttons and of its type-an-answer button."""

    answer: str
    typed: str
    hint: str
    menu: str  # a multi question's select menu


ROUND_TAGS = Tags(answer="a", typed="x", hint="h", menu="ms")
PRACTICE_TAGS = Tags(answer="p", typed="px", hint="ph", menu="pms")
QOTD_TAGS = Tags(answer="qa", typed="qx", hint="qh", menu="qms")  # the play: the day, the question: 0
ASSIGNMENT_TAGS = Tags(answer="ga", typed="gx", hint="gh", menu="gms")  # the play: a member's attempt


class ButtonLook(TypedDict, total=False):
    """How a choice's or a typed answer's button looks when not as the question shows it (at the reveal):
    its label (by default its letter, or Answer), style (primary) and whether it is disabled."""

    label: str | None
    style: discord.ButtonStyle
    disabled: bool


def answer_button(
    tags: Tags, play_id: int, index: int, slot: int, **look: Unpack[ButtonLook]
) -> discord.ui.Button[Any]:
    """One lettered choice of question `index` of a play."""
    custom_id = custom_ids.ANSWER.make(play_id, index, slot, tag=tags.answer)
    return _play_button(custom_id, letter(slot), **look)


def type_answer_button(
    tags: Tags, play_id: int, index: int, **look: Unpack[ButtonLook]
) -> discord.ui.Button[Any]:
    """Opens the form to type the answer of a text question (its label by default: Answer)."""
    custom_id = custom_ids.TYPE_ANSWER.make(play_id, index, tag=tags.typed)
    return _play_button(custom_id, p_("button", "Answer"), emoji="✍️", **look)


def hint_button(tags: Tags, play_id: int, index: int, *, disabled: bool = False) -> discord.ui.Button[Any]:
    """Shows the member more of a typed answer at each press, ephemerally, for fewer points."""
    custom_id = custom_ids.HINT.make(play_id, index, tag=tags.hint)
    return _play_button(
        custom_id, _("Hint"), style=discord.ButtonStyle.secondary, disabled=disabled, emoji="💡"
    )


def _play_button(
    custom_id: str,
    shown: str,
    *,
    label: str | None = None,
    style: discord.ButtonStyle = discord.ButtonStyle.primary,
    disabled: bool = False,
    emoji: str | None = None,
) -> discord.ui.Button[Any]:
    """A button of a question's first row: `label`, or else `shown`, clipped to what Discord shows."""
    return discord.ui.Button(
        label=clip(label or shown, BUTTON_LABEL),
        style=style,
        emoji=emoji,
        disabled=disabled,
        row=0,
        custom_id=custom_id,
    )


def answer_menu(
    tags: Tags,
    play_id: int,
    index: int,
    question: Question,
    order: Sequence[int],
    *,
    counts: Sequence[int] | None = None,
    right: frozenset[int] = frozenset(),
    disabled: bool = False,
) -> discord.ui.Select[Any]:
    """A multi question's menu: one option per choice in the order shown, any number of them picked (each
    option's value is its display slot). At the reveal (`counts` given) it is disabled, each option says
    how many picked it, and the `right` slots show as picked."""
    options = []
    for slot, original in enumerate(order[:SELECT_OPTIONS]):
        shown = f"{letter(slot)} · {question.choices[original]}"
        if counts is not None:
            shown = f"{letter(slot)} · {number(counts[slot] if slot < len(counts) else 0)} · {question.choices[original]}"
        options.append(
            discord.SelectOption(
                label=clip(shown, SELECT_OPTION_LABEL), value=str(slot), default=slot in right
            )
        )
    return discord.ui.Select(
        custom_id=custom_ids.ANSWER_SET.make(play_id, index, tag=tags.menu),
        placeholder=clip(_("Pick every right choice"), SELECT_PLACEHOLDER),
        min_values=1,
        max_values=len(options),
        options=options,
        disabled=disabled or counts is not None,
        row=0,
    )


def answer_inputs(form: TextAnswerForm) -> list[discord.ui.Item[Any]]:
    """The typed-answer form's inputs: one for the answer (the question as its label), one per blank of
    a cloze question (Discord's modal holds five at most: a cloze question has five at most), or one
    select per left item of a match question. A blank may be left empty; judging asks for at least one."""
    if form.lefts:
        return match_inputs(form)
    if not form.blanks:
        answer: discord.ui.Item[Any] = discord.ui.TextInput(
            label=clip(form.prompt, INPUT_LABEL),
            custom_id="answer",
            placeholder=_("Your answer"),
            max_length=TYPED_ANSWER,
            required=True,
        )
        return [answer]
    return [
        discord.ui.TextInput(
            label=clip(_("Blank ({n})", n=number(n)), INPUT_LABEL),
            custom_id=BLANK_INPUT.format(n=n),
            placeholder=_("What goes in blank {n}", n=number(n)),
            max_length=TYPED_ANSWER,
            required=False,
        )
        for n in range(1, form.blanks + 1)
    ]


def hint_reply(hint: Hint, own: bool) -> str:
    """What a press of Hint tells the member: the hint (the letters in a code span, which keeps their
    spaces and no markdown; a deck's `own` hint as written) and the share of the points left."""
    shown = hint.text if own else "`" + clip(hint.text, 1700).replace("`", "'") + "`"
    return clip(
        _(
            "💡 Hint {n} of {most}: {hint}\nA right answer now earns {percent} of its points.",
            n=number(hint.presses),
            most=number(MOST_HINTS),
            hint=shown,
            percent=percent(hint.kept_percent / 100),
        ),
        1900,
    )


def answer_buttons(
    tags: Tags,
    play_id: int,
    index: int,
    question: Question,
    order: Sequence[int],
    *,
    disabled: bool = False,
    hints: bool = False,
) -> list[discord.ui.Item[Any]]:
    """How a question is answered: a typed answer (and its Hint when `hints`), a multi question's menu, or
    one button per choice in the order shown."""
    if question.kind is Kind.MULTI:
        return [answer_menu(tags, play_id, index, question, order, disabled=disabled)]
    if question.typed or question.kind is Kind.ORDER:  # the kinds that take hints show Hint beside it
        typed = type_answer_button(tags, play_id, index, disabled=disabled)
        hinted = hints and takes_hints(question)
        return [typed, hint_button(tags, play_id, index, disabled=disabled)] if hinted else [typed]
    return [answer_button(tags, play_id, index, slot, disabled=disabled) for slot in range(len(order))]
