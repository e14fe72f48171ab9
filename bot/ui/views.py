"""Views for sending only: their buttons are answered through the DynamicItem templates, not kept in memory."""

from __future__ import annotations

from typing import Any

import discord


def frozen_view(*items: discord.ui.Item[Any]) -> discord.ui.View:
    """A view for sending only: clicks reach the DynamicItem templates, so nothing is kept in memory."""
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    view.stop()
    return view
