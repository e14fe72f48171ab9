"""The calendar's small Discord words shared by its cogs: channel mentions, timestamps, why a post failed.

The scheduled round's Discord side lives in the adapter (bot/discord/calendar_channels.py), not here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.calendar.post_failures import PostProblem
from bot.looks.text import stamp

if TYPE_CHECKING:
    from bot.discord.client import BvunzoBot

__all__ = ["channel_mention", "in_cards", "post_problem_of", "stamp"]


async def in_cards(bot: BvunzoBot, guild_id: int) -> bool:
    """Whether the server's messages look like Components V2 cards (its card style), read at a post."""
    return (await bot.guild_settings(guild_id)).card_style == "cards"


def channel_mention(channel_id: int) -> str:
    """A channel's mention."""
    return f"<#{channel_id}>"


def post_problem_of(exc: discord.HTTPException) -> PostProblem:
    """What Discord's refusal of a question of the day means for the next try."""
    if isinstance(exc, discord.NotFound):
        return "channel_gone"
    if isinstance(exc, discord.Forbidden):
        return "forbidden"
    return "discord_down" if exc.status >= 500 or exc.status == 429 else "refused"
