"""Who may steer a round (skip, stop, reveal, balance its teams): the member who started it, or a quiz master."""

from __future__ import annotations

import discord

from bot.store import RoundRecord, Store
from cogs.permissions import ensure_quiz_master


async def ensure_may_steer(
    interaction: discord.Interaction, store: Store, record: RoundRecord, doing: str
) -> None:
    """Refuse, with one sentence, anyone but the round's starter and the server's quiz masters.

    A round nobody started (a schedule's) has no starter: only quiz masters steer it.
    """
    if record.started_by == interaction.user.id:
        return
    ensure_quiz_master(interaction, await store.guild_settings(record.guild_id), doing)
