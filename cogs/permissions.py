"""Who may run rounds: Manage Server, or the quiz-master role a server chose."""

from __future__ import annotations

import discord

from bot.errors import NotAllowedError
from bot.store import GuildSettings


def manages_server(interaction: discord.Interaction) -> bool:
    if interaction.permissions.manage_guild:
        return True
    # Discord always sends the member's permissions with an interaction; where a proxy or an emulator
    # leaves them out (they read as none at all), judge from the server's cached roles instead.
    user = interaction.user
    return (
        interaction.permissions.value == 0
        and isinstance(user, discord.Member)
        and user.guild_permissions.manage_guild
    )


def is_quiz_master(interaction: discord.Interaction, settings: GuildSettings) -> bool:
    if manages_server(interaction):
        return True
    member = interaction.user
    role_id = settings.quiz_master_role_id
    return (
        role_id is not None
        and isinstance(member, discord.Member)
        and any(r.id == role_id for r in member.roles)
    )


def ensure_quiz_master(interaction: discord.Interaction, settings: GuildSettings, doing: str) -> None:
    if not is_quiz_master(interaction, settings):
        role = f" or the <@&{settings.quiz_master_role_id}> role" if settings.quiz_master_role_id else ""
        raise NotAllowedError(f"Only members with Manage Server{role} can {doing}.")


def ensure_manager(interaction: discord.Interaction, doing: str) -> None:
    if not manages_server(interaction):
        raise NotAllowedError(f"Only members with Manage Server can {doing}.")


def guild_id_of(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:
        raise NotAllowedError("This command works in a server's channels, not in direct messages.")
    return interaction.guild_id
