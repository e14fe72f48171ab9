"""Who may run rounds (Manage Server, or the quiz-master role a server chose), and where each command works."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

import discord
from discord import app_commands

from bot.errors import NotAllowedError
from bot.locales import _, slash
from bot.permissions import Standing, moderators
from bot.store import GuildSettings

if TYPE_CHECKING:
    from bot.discord.client import BvunzoBot


def standing_of(interaction: discord.Interaction) -> Standing:
    """The member's place in the interaction's server, as bot.permissions judges it."""
    user = interaction.user
    member = user if isinstance(user, discord.Member) else None
    bits = interaction.permissions.value
    # Discord always sends the member's permissions with an interaction; where a proxy or an emulator
    # leaves them out (they read as none at all), judge from the server's cached roles instead.
    if bits == 0 and member is not None:
        bits = member.guild_permissions.value
    return Standing(
        permissions=bits,
        role_ids=frozenset(role.id for role in member.roles) if member is not None else frozenset(),
        owner=member is not None and member.guild.owner_id == member.id,
    )


def manages_server(interaction: discord.Interaction) -> bool:
    return moderators.manages_server(standing_of(interaction))


def is_quiz_master(interaction: discord.Interaction, settings: GuildSettings) -> bool:
    return moderators.is_moderator(standing_of(interaction), settings.quiz_master_role_id)


# `doing` below is what the member tried, as a phrase that follows "can" (`_("start a round")`): each
# language's sentence places it where its grammar wants ("peuvent {doing}", "vanogona {doing}").


def ensure_quiz_master(interaction: discord.Interaction, settings: GuildSettings, doing: str) -> None:
    if not is_quiz_master(interaction, settings):
        if settings.quiz_master_role_id:
            role = f"<@&{settings.quiz_master_role_id}>"
            raise NotAllowedError(
                _("Only members with Manage Server or the {role} role can {doing}.", role=role, doing=doing)
            )
        raise NotAllowedError(_("Only members with Manage Server can {doing}.", doing=doing))


def ensure_manager(interaction: discord.Interaction, doing: str) -> None:
    if not manages_server(interaction):
        raise NotAllowedError(_("Only members with Manage Server can {doing}.", doing=doing))


T = TypeVar("T")


def anywhere(command: T) -> T:
    """A member's own command: also installable by a user, so it works in DMs and in servers without the bot."""
    command = app_commands.allowed_installs(guilds=True, users=True)(command)
    return app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)(command)


def server_only(command: T) -> T:
    """A server's command (rounds, boards): offered only in servers that added the bot."""
    command = app_commands.allowed_installs(guilds=True, users=False)(command)
    return app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)(command)


def server_with_bot(interaction: discord.Interaction) -> int | None:
    """The server the interaction came from, if the bot is in it (None: a DM, or a server without the bot)."""
    guild_id = interaction.guild_id
    if guild_id is None or interaction.client.get_guild(guild_id) is None:
        return None
    return guild_id


def guild_id_of(interaction: discord.Interaction) -> int:
    """The server of a server-only command; a clear refusal anywhere else (a stale client may still send it)."""
    guild_id = server_with_bot(interaction)
    if guild_id is not None:
        return guild_id
    if interaction.guild_id is None:
        raise NotAllowedError(
            _(
                "This command works in a server with Bvunzo, not in direct messages; "
                "{practice}, {stats}, {preferences} and {mistakes} work anywhere.",
                **_anywhere_commands(),
            )
        )
    raise NotAllowedError(
        _(
            "Bvunzo isn't in this server, so it has no rounds or leaderboard here; "
            "{practice}, {stats}, {preferences} and {mistakes} work anywhere.",
            **_anywhere_commands(),
        )
    )


def _anywhere_commands() -> dict[str, str]:
    """The member's own commands, which work in DMs and servers without the bot, as the reader names them."""
    return {name: slash(name) for name in ("practice", "stats", "preferences", "mistakes")}


async def moderator_here(bot: BvunzoBot, interaction: discord.Interaction, doing: str) -> int:
    """The server of a moderators' command, once the member is found to be a quiz master there."""
    guild_id = guild_id_of(interaction)
    ensure_quiz_master(interaction, await bot.guild_settings(guild_id), doing)
    return guild_id
