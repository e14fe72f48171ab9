"""Run a component's work so that any failure reaches the member as one sentence and the log."""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Any

import discord


async def guarded(interaction: discord.Interaction[Any], work: Awaitable[None]) -> None:
    try:
        await work
    except Exception as exc:
        await interaction.client.report_interaction_error(interaction, exc)
