"""The command tree, refusing before a command runs: interactions without a sender, disallowed option values.

Discord's client only sends values the synced command allows, but a stale copy of the commands or a
forged client can send anything (`questions:0`, `seconds:-5`, a number where a deck name belongs, a
`period` nobody offered); discord.py passes such values through unchecked. Here each gets one sentence
naming the option, and the command never runs.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import AppCommandOptionType, app_commands

from bot.locales import N_, _, decimal, number
from bot.preferences.language_memory import speak_to
from bot.ui import replies

SUBCOMMAND, SUBCOMMAND_GROUP = 1, 2
NO_SENDER = N_("Discord didn't say who sent this, so Bvunzo can't act on it; nothing was changed.")


class RefusedInteraction(app_commands.AppCommandError):
    """An interaction no command should run on; the message is the sentence the member sees."""

    @property
    def sentence(self) -> str:
        return str(self)


class OptionValueError(RefusedInteraction):
    """An option value the command does not allow."""


def sender_id(interaction: discord.Interaction[Any]) -> int | None:
    """Who sent the interaction; None when it came with neither `member` nor `user` (malformed)."""
    user = interaction.user
    return user.id if isinstance(user, discord.abc.User) else None


def _given(data: dict[str, Any]) -> dict[str, Any]:
    """The values of the innermost (sub)command's options, by name."""
    options: list[dict[str, Any]] = list(data.get("options") or [])
    while options and options[0].get("type") in (SUBCOMMAND, SUBCOMMAND_GROUP):
        options = list(options[0].get("options") or [])
    return {str(o.get("name")): o.get("value") for o in options if isinstance(o, dict)}


def _figure(value: float) -> str:
    """A bound as the reader's language writes numbers (1 000, 0,5)."""
    return number(int(value)) if float(value).is_integer() else decimal(value, 6)


def _bounded(name: str, low: float | None, high: float | None, kinds: dict[str, str]) -> str:
    """One of the four sentences of `kinds` (by which bounds there are: both, low, high, none), filled."""
    if low is not None and high is not None:
        return _(kinds["both"], name=name, low=_figure(low), high=_figure(high))
    if low is not None:
        return _(kinds["low"], name=name, low=_figure(low))
    if high is not None:
        return _(kinds["high"], name=name, high=_figure(high))
    return _(kinds["none"], name=name)


# Whole sentences, one per kind of bound: word order differs across languages, so no sentence is glued.
WHOLE_NUMBER = {
    "both": N_("`{name}` must be a whole number from {low} to {high}."),
    "low": N_("`{name}` must be a whole number of at least {low}."),
    "high": N_("`{name}` must be a whole number of at most {high}."),
    "none": N_("`{name}` must be a whole number."),
}
NUMBER = {
    "both": N_("`{name}` must be a number from {low} to {high}."),
    "low": N_("`{name}` must be a number of at least {low}."),
    "high": N_("`{name}` must be a number of at most {high}."),
    "none": N_("`{name}` must be a number."),
}
TEXT = {
    "both": N_("`{name}` must be text from {low} to {high} characters long."),
    "low": N_("`{name}` must be text of at least {low} characters long."),
    "high": N_("`{name}` must be text of at most {high} characters long."),
    "none": N_("`{name}` must be text."),
}


def _within(size: float, low: float | None, high: float | None) -> bool:
    return (low is None or size >= low) and (high is None or size <= high)


# For options that name something: where Discord puts what it names, and how a sentence calls it.
RESOLVED: dict[AppCommandOptionType, tuple[tuple[str, ...], str]] = {
    AppCommandOptionType.user: (("users",), N_("`{name}` must be a member or user picked from the list.")),
    AppCommandOptionType.role: (("roles",), N_("`{name}` must be a role picked from the list.")),
    AppCommandOptionType.channel: (("channels",), N_("`{name}` must be a channel picked from the list.")),
    AppCommandOptionType.mentionable: (
        ("users", "roles"),
        N_("`{name}` must be a member or role picked from the list."),
    ),
    AppCommandOptionType.attachment: (("attachments",), N_("`{name}` must be an uploaded file.")),
}


def problem_with(
    parameter: app_commands.Parameter, value: Any, resolved: dict[str, Any] | None = None
) -> str | None:
    """The sentence for a value the parameter does not allow, or None when it is fine.

    `resolved` is the interaction's resolved data, where an option naming a user, role, channel or
    file must find what it names.
    """
    name, kind = parameter.display_name, parameter.type
    if kind in RESOLVED:
        places, sentence = RESOLVED[kind]
        found = any(str(value) in dict((resolved or {}).get(place) or {}) for place in places)
        return None if found else _(sentence, name=name)
    low, high = parameter.min_value, parameter.max_value
    choices = parameter.choices
    if choices:
        if value in [c.value for c in choices]:
            return None
        # The values themselves (what the command receives), as the synced command lists them.
        listed = ", ".join(str(c.value) for c in choices)
        return _("`{name}` must be one of: {values}.", name=name, values=listed)
    if kind is AppCommandOptionType.integer:
        if isinstance(value, int) and not isinstance(value, bool) and _within(value, low, high):
            return None
        return _bounded(name, low, high, WHOLE_NUMBER)
    if kind is AppCommandOptionType.number:
        if isinstance(value, int | float) and not isinstance(value, bool) and _within(value, low, high):
            return None
        return _bounded(name, low, high, NUMBER)
    if kind is AppCommandOptionType.string:
        if isinstance(value, str) and _within(len(value), low, high):
            return None
        return _bounded(name, low, high, TEXT)
    if kind is AppCommandOptionType.boolean:
        return None if isinstance(value, bool) else _("`{name}` must be true or false.", name=name)
    return None


class CheckedTree(app_commands.CommandTree[Any]):
    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        # A server's decks another process changed are taken before a command (or its autocomplete)
        # looks at them: the next round plays the edited deck.
        fresh_decks = getattr(interaction.client, "fresh_decks", None)
        if interaction.guild_id is not None and fresh_decks is not None:
            await fresh_decks(
                interaction.guild_id,
                eager=interaction.type is discord.InteractionType.application_command,
            )
        if (
            sender_id(interaction) is not None
        ):  # a malformed one without a sender is refused below, in English
            await speak_to(interaction)  # the member's language, for everything this interaction writes
        # Autocomplete sends what is being typed, whatever the option's type: only commands are checked.
        if interaction.type is not discord.InteractionType.application_command:
            return True
        replies.expect_command(interaction)  # deferred, should its work outlast ~2 s
        if sender_id(interaction) is None:
            raise RefusedInteraction(_(NO_SENDER))
        command = interaction.command
        if not isinstance(command, app_commands.Command):
            return True  # context menus, or a command this version no longer has (reported later)
        data: dict[str, Any] = dict(interaction.data or {})
        given, resolved = _given(data), dict(data.get("resolved") or {})
        for parameter in command.parameters:
            if parameter.display_name not in given:
                if parameter.required:
                    raise OptionValueError(_("`{name}` is required.", name=parameter.display_name))
                continue
            sentence = problem_with(parameter, given[parameter.display_name], resolved)
            if sentence is not None:
                raise OptionValueError(sentence)
        return True
