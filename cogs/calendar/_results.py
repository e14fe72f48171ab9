"""Results files for a round or an assignment: rows with members' names, attached as CSV and JSON."""

from __future__ import annotations

import io
from collections.abc import Iterable
from typing import TYPE_CHECKING

import discord

if TYPE_CHECKING:
    from bot.discord.client import BvunzoBot

# Members whose names are looked up for one file (each is a request to Discord); others get their id.
NAMES_LOOKED_UP = 100


async def member_names(bot: BvunzoBot, guild_id: int, user_ids: Iterable[int]) -> dict[int, str]:
    guild = bot.get_guild(guild_id)
    names: dict[int, str] = {}
    for user_id in list(dict.fromkeys(user_ids))[:NAMES_LOOKED_UP]:
        member = guild.get_member(user_id) if guild is not None else None
        if member is None and guild is not None:
            try:
                member = await guild.fetch_member(user_id)
            except discord.HTTPException:
                member = None
        names[user_id] = member.display_name if member is not None else ""
    return names


def attached(stem: str, csv: bytes, json: bytes) -> list[discord.File]:
    """A results file pair as Discord attachments, `stem`.csv and `stem`.json."""
    return [
        discord.File(io.BytesIO(csv), filename=f"{stem}.csv"),
        discord.File(io.BytesIO(json), filename=f"{stem}.json"),
    ]
