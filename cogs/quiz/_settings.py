"""/quiz settings, past parsing: the calendar's part (time zone, champion role) and the server's settings
through the round service's rules (bot/rounds/server_settings.py), then one reply saying them all."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.errors import UserError
from bot.locales import SOURCE, _
from bot.rounds.server_settings import ServerSettings, changed_settings
from bot.ui import replies
from bot.ui.boards import settings_embed
from bot.ui.calendar_desks import CALENDAR_DESK
from bot.ui.desks import unavailable
from cogs.permissions import ensure_manager, guild_id_of
from cogs.quiz._help import LANGUAGE_NAMES

if TYPE_CHECKING:
    from bot.discord.client import BvunzoBot


async def change_settings(
    bot: BvunzoBot, settings: ServerSettings, interaction: discord.Interaction, given: dict[str, Any]
) -> None:
    """`given`: the command's options by name (None where left out)."""
    guild_id = guild_id_of(interaction)
    ensure_manager(interaction, _("change the quiz settings"))
    champion = (given["champion_role"], given["champion_period"], given["champion_count"])
    zone_line = await _calendar_settings(bot, interaction, given["timezone"], *champion)
    current = await settings.of(guild_id)
    role: discord.Role | None = given["role"]
    language: str | None = None if given["language"] is None else given["language"].value
    changed = changed_settings(
        current,
        given,
        role_id=role.id if role else None,
        clear_role=given["clear_role"],
        pause=given["pause"],
        language=language,
    )
    saved = await settings.save(current, changed)
    if language is not None:  # told to bot.languages at once
        bot.languages.server_changed(guild_id, changed.language or SOURCE)
    spoken = LANGUAGE_NAMES.get(changed.language or SOURCE, changed.language or SOURCE)
    lines = f"{zone_line}\n" + _("Channels here read Bvunzo in {language}.", language=spoken)
    await replies.send(interaction, lines, embed=settings_embed(changed, saved), ephemeral=True)


async def _calendar_settings(
    bot: BvunzoBot,
    interaction: discord.Interaction,
    timezone: str | None,
    champion_role: discord.Role | None,
    champion_period: str | None,
    champion_count: int | None,
) -> str:
    """The time zone and champion role, kept by cogs/calendar; the lines saying what they are now."""
    calendar = bot.owners.get(CALENDAR_DESK)
    if calendar is None:
        raise UserError(unavailable(CALENDAR_DESK))
    guild = interaction.guild
    if guild is None:
        raise UserError(
            _("The time zone and champion role belong to a server with Bvunzo in it; run this there.")
        )
    line = (
        await calendar.set_timezone(guild.id, timezone)
        if timezone is not None
        else await calendar.timezone_line(guild.id)
    )
    if champion_role is not None or champion_period is not None or champion_count is not None:
        line += "\n" + await calendar.set_champion(guild, champion_role, champion_period, champion_count)
    return line
