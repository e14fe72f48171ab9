"""Components' plumbing: failures reach the member as one sentence; views that keep nothing in memory."""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Any

import discord

from bot import replies


async def guarded(
    interaction: discord.Interaction[Any], work: Awaitable[None], *, edits: bool = False
) -> None:
    """Run a click's or form's work; its answer is deferred if late (an update of the clicked message when
    `edits`, else ephemeral), and a failure reaches the member as one sentence."""
    replies.expect(interaction, edits=edits)
    try:
        await work
    except Exception as exc:
        await interaction.client.report_interaction_error(interaction, exc)


def frozen_view(*items: discord.ui.Item[Any]) -> discord.ui.View:
    """A view for sending only: clicks reach the DynamicItem templates, so nothing is kept in memory."""
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    view.stop()
    return view
