"""Components' plumbing: a failure in a click's work reaches the member as one sentence."""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Any

import discord

__all__ = ["guarded"]


async def guarded(interaction: discord.Interaction[Any], work: Awaitable[None]) -> None:
    try:
        await work
    except Exception as exc:
        await interaction.client.report_interaction_error(interaction, exc)
