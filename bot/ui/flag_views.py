"""Reporting questions: the Report button and its form, and the moderators' list (where, how many, why)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.bank.models import Deck
from bot.locales import _, n_, number
from bot.looks.discord_limits import INPUT_LABEL, MODAL_TITLE
from bot.looks.flag_places import where
from bot.quiz import FLAG_REASONS, FlaggedQuestion
from bot.ui import custom_ids
from bot.ui.forms import Form, FormModal
from bot.ui.text import EMBED_DESCRIPTION, clip
from bot.ui.views import frozen_view

FLAG_LINES = 10  # questions listed
FLAG_BUTTONS = 5  # of which get Resolved/Dismiss buttons (one row each, Discord's five rows)
NOTE_LENGTH = 300  # what a member may add to a report
REPORT_FORM_SECONDS = 600


def _reason(key: str) -> str:
    """A flag reason's label in the reader's language (FLAG_REASONS holds them marked for the catalog)."""
    return _(FLAG_REASONS[key]) if key in FLAG_REASONS else key


def flags_embed(shown: Sequence[tuple[FlaggedQuestion, Deck | None]]) -> discord.Embed:
    rows = []
    for place, (line, deck) in enumerate(shown[:FLAG_LINES], start=1):
        question = deck.question(line.question_id) if deck is not None else None
        prompt = clip(question.prompt, 60) if question is not None else line.question_id
        reasons = ", ".join(f"{_reason(r)} {number(n)}" for r, n in line.reasons)
        members = n_("{n} member", "{n} members", line.members)
        row = f"**{number(place)}.** {prompt}\n  {where(deck, line)} · {members}: {reasons}"
        if line.notes:
            row += "\n  " + " · ".join(f"“{clip(note, 80)}”" for note in line.notes[:2])
        rows.append(row)
    if len(shown) > FLAG_LINES:
        rows.append(n_("and {n} more", "and {n} more", len(shown) - FLAG_LINES))
    embed = discord.Embed(
        title=_("Reported questions"),
        description=clip("\n".join(rows), EMBED_DESCRIPTION)
        if rows
        else _("No question is reported. All clear!"),
        colour=discord.Colour.red() if rows else discord.Colour.green(),
    )
    if rows:
        embed.set_footer(
            text=_("Resolved: you fixed the question. Dismiss: nothing to fix. Either closes its reports.")
        )
    return embed


def report_button(deck_id: str, question_id: str, *, row: int = 1) -> discord.ui.Button[Any]:
    """Report question: opens the report form (cogs/question_flags.py). Names the question in its own deck."""
    return discord.ui.Button(
        label=_("Report question"),
        style=discord.ButtonStyle.secondary,
        emoji="🚩",
        row=row,
        custom_id=custom_ids.REPORT_QUESTION.make(deck_id, question_id),
    )


def close_flags_button(action: str, deck_id: str, question_id: str, place: int) -> discord.ui.Button[Any]:
    """Resolve (r) or dismiss (d) every open report of the question listed `place`, on that place's row."""
    shown = number(place)
    return discord.ui.Button(
        label=_("Resolved {number}", number=shown) if action == "r" else _("Dismiss {number}", number=shown),
        style=discord.ButtonStyle.success if action == "r" else discord.ButtonStyle.secondary,
        row=place - 1,
        custom_id=custom_ids.CLOSE_FLAGS.make(action, deck_id, question_id),
    )


def flags_view(lines: Sequence[FlaggedQuestion]) -> discord.ui.View:
    """Resolved and Dismiss for each of the first questions listed."""
    buttons = [
        close_flags_button(action, line.deck_id, line.question_id, place)
        for place, line in enumerate(lines[:FLAG_BUTTONS], start=1)
        for action in "rd"
    ]
    return frozen_view(*buttons)


def report_form(form: Form, deck_id: str, question_id: str) -> discord.ui.Modal:
    """What is wrong with the question (a reason, and optionally a sentence).

    Its custom_id names the deck and the question, so a form opened before a restart still submits
    after it (bot/ui/forms.py).
    """
    modal = FormModal(
        form,
        title=clip(_("Report this question"), MODAL_TITLE),
        timeout=REPORT_FORM_SECONDS,
        custom_id=custom_ids.REPORT_FORM.make(deck_id, question_id),
    )
    reason: discord.ui.Select[Any] = discord.ui.Select(
        custom_id="reason",
        options=[discord.SelectOption(label=_reason(value), value=value) for value in FLAG_REASONS],
        min_values=1,
        max_values=1,
        required=True,
    )
    modal.add_item(discord.ui.Label(text=clip(_("What is wrong with it?"), INPUT_LABEL), component=reason))
    modal.add_item(
        discord.ui.TextInput(
            label=clip(_("Anything to add? (optional)"), INPUT_LABEL),
            custom_id="note",
            style=discord.TextStyle.paragraph,
            max_length=NOTE_LENGTH,
            required=False,
        )
    )
    return modal
