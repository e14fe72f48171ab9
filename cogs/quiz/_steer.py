"""Who may steer a round (skip, stop, reveal, balance its teams): the member who started it, or a quiz master."""

from __future__ import annotations

import discord

from bot.rounds.server_settings import ServerSettings
from bot.store import RoundRecord
from cogs.permissions import ensure_quiz_master


async def ensure_may_steer(
    interaction: discord.Interaction, settings: ServerSettings, record: RoundRecord, doing: str
) -> None:
    """Refuse, with one sentence, anyone but the round's starter and the server's quiz masters.

    A round nobody started (a schedule's) has no starter: only quiz masters steer it.
    """
    if record.started_by == interaction.user.id:
        return
    ensure_quiz_master(interaction, await settings.of(record.guild_id), doing)
