"""A server's own decks on screen: import reports, the delete confirmation, suggestions and their review."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.bank import part_sizes
from bot.bank.models import Deck
from bot.bank.problems import Problem
from bot.bank.suggestions import from_json
from bot.locales import N_, _, n_
from bot.looks.discord_limits import (
    BUTTON_LABEL,
    CHOICE_NAME,
    EMBED_TITLE,
    INPUT_LABEL,
    MODAL_TITLE,
    SELECT_OPTIONS,
)
from bot.store import SuggestionRecord
from bot.ui import custom_ids
from bot.ui.forms import Form, FormModal
from bot.ui.text import EMBED_DESCRIPTION, FIELD_VALUE, clip, mention
from bot.ui.views import frozen_view

SUGGESTION_FORM_SECONDS = 1800
# What the form's question and explanation inputs take (a message's text is cut to fit them).
PROMPT_ROOM = min(part_sizes.MAX_PROMPT_LENGTH, part_sizes.DISCORD_TEXT_INPUT)
EXPLANATION_ROOM = part_sizes.MAX_EXPLANATION_LENGTH
# How each button of a suggestion's review looks: Approve (sa), Edit (se), Reject (sr).
REVIEW_LOOK: dict[str, tuple[str, discord.ButtonStyle]] = {
    "sa": (N_("Approve"), discord.ButtonStyle.success),
    "se": (N_("Edit"), discord.ButtonStyle.primary),
    "sr": (N_("Reject"), discord.ButtonStyle.danger),
}


def safe(text: str, limit: int = 80) -> str:
    """Uploaded words shown in a message: markdown and mentions escaped, cut short."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(clip(text, limit)))


def problem_lines(problems: Sequence[Problem], room: int) -> str:
    """`line N: reason` for each problem, as many as fit in `room` characters."""
    lines: list[str] = []
    used = 0
    for index, problem in enumerate(problems):
        # Our sentences quote the author's words in `code`; only mentions need escaping there.
        reason = discord.utils.escape_mentions(clip(problem.message, 300))
        line = (
            _("• line {line}: {problem}", line=problem.line, problem=reason)
            if problem.line > 0
            else _("• the file: {problem}", problem=reason)
        )
        if used + len(line) + 40 > room:
            left = len(problems) - index
            lines.append(n_("… and {n} more", "… and {n} more", left))
            break
        lines.append(line)
        used += len(line) + 1
    return "\n".join(lines)


def delete_view(deck_id: str) -> discord.ui.View:
    """The confirmation of /deck delete: delete (dd) or keep (dk). The deck id is a slug the bot made."""
    return frozen_view(
        discord.ui.Button(
            label=clip(_("Delete the deck"), BUTTON_LABEL),
            style=discord.ButtonStyle.danger,
            custom_id=custom_ids.DELETE_DECK.make(deck_id, tag="dd"),
        ),
        discord.ui.Button(
            label=clip(_("Keep it"), BUTTON_LABEL),
            style=discord.ButtonStyle.secondary,
            custom_id=custom_ids.DELETE_DECK.make(deck_id, tag="dk"),
        ),
    )


def suggestion_embed(suggestion: SuggestionRecord, waiting: int) -> discord.Embed:
    """One suggested question as a moderator reviews it: the right choice marked, who wrote it."""
    fields = from_json(suggestion.question)
    lines = [str(fields.get("prompt", "")), ""]
    if "choices" in fields:
        lines += [("✅ " if i == 0 else "▫️ ") + str(c) for i, c in enumerate(fields["choices"])]
    else:
        typed = ", ".join(str(a) for a in fields.get("answers", []))
        lines.append(_("Typed answer: {answers}", answers=typed))
    embed = discord.Embed(
        title=clip(_("Suggested for {deck}", deck=suggestion.deck_id), EMBED_TITLE),
        description=clip("\n".join(lines), EMBED_DESCRIPTION),
        colour=discord.Colour.blurple(),
    )
    if fields.get("explanation"):
        embed.add_field(name=_("Why"), value=clip(str(fields["explanation"]), FIELD_VALUE), inline=False)
    embed.add_field(name=_("By"), value=mention(suggestion.author_id))
    embed.set_footer(text=n_("{n} suggestion waiting", "{n} suggestions waiting", waiting))
    return embed


def review_view(suggestion_id: int) -> discord.ui.View:
    """Approve, Edit or Reject one suggestion."""
    return frozen_view(
        *(
            discord.ui.Button(
                label=_(label),
                style=style,
                custom_id=custom_ids.REVIEW_SUGGESTION.make(suggestion_id, tag=tag),
            )
            for tag, (label, style) in REVIEW_LOOK.items()
        )
    )


def note_deck_view(message_id: int, decks: Sequence[Deck]) -> discord.ui.View:
    """The select of the server's decks a question made from message `message_id` may be for."""
    menu: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=custom_ids.NOTE_DECK.make(message_id),
        placeholder=clip(_("The deck the question is for"), 150),
        options=[
            discord.SelectOption(
                label=clip(
                    n_(
                        "{title} · {n} question",
                        "{title} · {n} questions",
                        len(deck.questions),
                        title=deck.title,
                    ),
                    CHOICE_NAME,
                ),
                value=deck.id,
            )
            for deck in decks[:SELECT_OPTIONS]
        ],
    )
    return frozen_view(menu)


def suggestion_form(
    form: Form, deck_id: str, *, suggestion_id: int | None = None, fields: dict[str, Any] | None = None
) -> discord.ui.Modal:
    """The form of /deck suggest, and of a moderator's Edit of a suggestion (filled in with its `fields`).

    Its custom_id names the deck (fs) or the suggestion edited (fe), so a form opened before a restart
    still submits after it (bot/ui/forms.py).
    """
    custom_id = (
        custom_ids.SUGGEST_FORM.make(deck_id)
        if suggestion_id is None
        else custom_ids.EDIT_SUGGESTION_FORM.make(suggestion_id)
    )
    modal = FormModal(
        form,
        title=clip(_("Suggest a question for {deck}", deck=deck_id), MODAL_TITLE),
        timeout=SUGGESTION_FORM_SECONDS,
        custom_id=custom_id,
    )
    given = fields or {}
    choices = list(given.get("choices", []))
    right = choices[0] if choices else next(iter(given.get("answers", [])), "")
    for item in _suggestion_inputs(given, choices, right):
        modal.add_item(item)
    return modal


def _suggestion_inputs(
    given: dict[str, Any], choices: list[Any], right: Any
) -> list[discord.ui.TextInput[Any]]:
    return [
        discord.ui.TextInput(
            label=clip(_("Question"), INPUT_LABEL),
            style=discord.TextStyle.paragraph,
            max_length=PROMPT_ROOM,
            default=str(given.get("prompt", "")) or None,
            custom_id="prompt",
        ),
        discord.ui.TextInput(
            label=clip(_("Right answer"), INPUT_LABEL),
            max_length=part_sizes.MAX_CHOICE_LENGTH,
            default=str(right) or None,
            custom_id="right",
        ),
        discord.ui.TextInput(
            label=clip(_("Wrong answers, one a line (optional)"), INPUT_LABEL),
            placeholder=clip(_("None: players type the answer instead of choosing it"), 100),
            style=discord.TextStyle.paragraph,
            required=False,
            max_length=4 * (part_sizes.MAX_CHOICE_LENGTH + 1),
            default="\n".join(str(c) for c in choices[1:]) or None,
            custom_id="wrong",
        ),
        discord.ui.TextInput(
            label=clip(_("Why it is right (shown at the reveal)"), INPUT_LABEL),
            style=discord.TextStyle.paragraph,
            required=False,
            max_length=EXPLANATION_ROOM,
            default=str(given.get("explanation", "")) or None,
            custom_id="explanation",
        ),
    ]
