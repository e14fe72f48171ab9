"""Forms (Discord modals) whose submission still works after a restart: parsed from their custom_id.

discord.py keeps an open form in memory until it is submitted or times out, so a form opened before a
restart and submitted after it reaches no modal. A form of Bvunzo names what it is about in its
custom_id (as a DynamicItem button does) and hands its submission to one function; the bot calls that
function itself when no form in memory took the submission, with what the member typed read from the
interaction's data. The form object holds nothing either way: discord.py keeps one open form per
custom_id, so when two members open the same form, either object may receive either submission.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import discord

# What a form does with a submission: the interaction, its custom_id's match, what was entered by input id.
Submit = Callable[[discord.Interaction[Any], re.Match[str], Mapping[str, str]], Awaitable[None]]

# Discord's component types inside a MODAL_SUBMIT: an action row, a label, a text input, a string select.
_ACTION_ROW, _LABEL, _TEXT_INPUT, _STRING_SELECT = 1, 18, 4, 3


@dataclass(frozen=True, slots=True)
class Form:
    """A kind of form: the custom_ids it is sent with, and what its submission does."""

    template: re.Pattern[str]
    submit: Submit

    @classmethod
    def of(cls, template: str | re.Pattern[str], submit: Submit) -> Form:
        """A form sent with custom_ids of `template` (one of bot/ui/custom_ids.py's patterns)."""
        return cls(re.compile(template), submit)


def submitted_text(interaction: discord.Interaction[Any]) -> dict[str, str]:
    """What the member entered in a submitted form, by the input's custom_id.

    A text input gives what was typed; a select gives the values chosen, one a line (Bvunzo's selects
    in forms take one value, so that is the value itself).
    """
    found: dict[str, str] = {}
    data: dict[str, Any] = dict(interaction.data or {})
    stack: list[Any] = list(data.get("components", []))
    while stack:
        component = stack.pop()
        if not isinstance(component, dict):
            continue
        kind = component.get("type")
        if kind == _ACTION_ROW:
            stack.extend(component.get("components", []))
        elif kind == _LABEL:
            stack.append(component.get("component"))
        elif kind == _TEXT_INPUT and "custom_id" in component:
            found[str(component["custom_id"])] = str(component.get("value") or "")
        elif kind == _STRING_SELECT and "custom_id" in component:
            found[str(component["custom_id"])] = "\n".join(str(v) for v in component.get("values") or [])
    return found


class FormModal(discord.ui.Modal):
    """A form of Bvunzo as it is opened: its submission goes to its `Form`, as after a restart."""

    def __init__(self, form: Form, *, title: str, custom_id: str, timeout: float) -> None:
        if form.template.fullmatch(custom_id) is None:  # it would submit to nothing: a bug, said loudly
            raise ValueError(f"form custom_id {custom_id!r} does not match {form.template.pattern!r}")
        super().__init__(title=title, timeout=timeout, custom_id=custom_id)
        self.form = form

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await submit_form(interaction, self.form)


async def submit_form(interaction: discord.Interaction[Any], form: Form) -> None:
    """Hand a submission of `form` (a modal's on_submit, or the bot after a restart) to its function."""
    data: dict[str, Any] = dict(interaction.data or {})
    custom_id = str(data.get("custom_id", ""))
    match = form.template.fullmatch(custom_id)
    if match is None:  # a form sent with a custom_id its own template refuses: a bug, said loudly
        raise ValueError(f"form custom_id {custom_id!r} does not match {form.template.pattern!r}")
    await form.submit(interaction, match, submitted_text(interaction))


def form_for(forms: Iterable[Form], custom_id: str) -> Form | None:
    """The form whose template matches this custom_id, if any."""
    return next((form for form in forms if form.template.fullmatch(custom_id)), None)
