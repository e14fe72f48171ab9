"""Components' plumbing: a failure in a click's work reaches the member as one sentence."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable
from typing import Any

import discord

from bot.preferences.language_memory import speak_to
from bot.ui import replies

__all__ = ["guarded"]


async def guarded(
    interaction: discord.Interaction[Any], work: Awaitable[None], *, edits: bool = False
) -> None:
    """Run a click's or form's work; its answer is deferred if late (an update of the clicked message when
    `edits`, else ephemeral), and a failure reaches the member as one sentence."""
    replies.expect(interaction, edits=edits)
    try:
        await speak_to(interaction)
        await work
    except Exception as exc:
        await interaction.client.report_interaction_error(interaction, exc)
    finally:
        if inspect.iscoroutine(work):
            work.close()  # a no-op once it ran; else (speak_to failed first) it is dropped without a warning
