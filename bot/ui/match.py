"""A match question's answer form in Discord: a select of the right items under each left item's label
(Discord's Label component in a modal), and its submission as the answer a match question keeps.
bot/looks/match.py says how the question reads."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord

from bot.bank.match import MAX_PAIRS, pairing_text
from bot.bank.models import Question
from bot.locales import _
from bot.looks.discord_limits import INPUT_LABEL, SELECT_OPTION_LABEL, SELECT_PLACEHOLDER
from bot.looks.match import offered
from bot.ui.desks import TextAnswerForm
from bot.ui.text import clip

# The custom_id of the select under left item n (the form's others are a text question's `answer`).
PAIR_INPUT = "pair{n}"
# A form label's description holds a long left item whole (its label is cut at 45).
LABEL_DESCRIPTION = 100


def answer_form(title: str, question: Question, seconds: float) -> TextAnswerForm:
    """The answer form of a typed question: a cloze question's blanks, a match question's pairs."""
    return TextAnswerForm(
        title,
        question.shown_prompt,
        seconds,
        blanks=len(question.blanks),
        lefts=tuple(left for left, _right in question.pairs),
        rights=offered(question) if question.pairs else (),
    )


def match_inputs(form: TextAnswerForm) -> list[discord.ui.Item[Any]]:
    """One labelled select per left item: every right item offered, one chosen (each required)."""
    items: list[discord.ui.Item[Any]] = []
    for n, left in enumerate(form.lefts[:MAX_PAIRS], 1):
        menu: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=PAIR_INPUT.format(n=n),
            placeholder=clip(_("Pick what goes with it"), SELECT_PLACEHOLDER),
            options=[
                discord.SelectOption(label=clip(text, SELECT_OPTION_LABEL), value=str(index))
                for index, text in form.rights
            ],
            min_values=1,
            max_values=1,
            required=True,
        )
        whole = left if len(left) > INPUT_LABEL else None
        described = clip(whole, LABEL_DESCRIPTION) if whole else None
        items.append(discord.ui.Label(text=clip(left, INPUT_LABEL), component=menu, description=described))
    return items


def submitted_pairing(typed: Mapping[str, str]) -> str | None:
    """A submitted match form's pairing as an answer keeps it; None when the form had no select. A value
    that is not a right item's index (a forged one) makes a pairing judging refuses."""
    chosen = [typed[key] for n in range(1, MAX_PAIRS + 1) if (key := PAIR_INPUT.format(n=n)) in typed]
    if not chosen:
        return None
    return pairing_text([int(v) if v.isdigit() and len(v) < 3 else -1 for v in chosen])
