"""Champion roles in Discord: checking the role a moderator chose, and handing it over at a period's end."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import discord

from bot.calendar.champions import period_bounds
from bot.calendar.zones import zone_named
from bot.errors import UserError
from cogs.calendar._port import stamp

if TYPE_CHECKING:
    from bot.app import BvunzoBot

log = logging.getLogger(__name__)

REASON = "Bvunzo: champion of the period's board"


class DiscordChampions:
    def __init__(self, bot: BvunzoBot) -> None:
        self.bot = bot

    def holds(self, guild_id: int) -> bool:
        return self.bot.holds_guild(guild_id)

    async def hand_over(
        self, guild_id: int, role_id: int, winners: Sequence[int], previous: Sequence[int]
    ) -> str | None:
        try:
            for user_id in previous:
                if user_id not in winners:
                    await self.bot.http.remove_role(guild_id, user_id, role_id, reason=REASON)
            for user_id in winners:
                await self.bot.http.add_role(guild_id, user_id, role_id, reason=REASON)
        except discord.Forbidden as exc:
            return f"Discord refused to change the champion role ({exc.text or 'Missing Permissions'})."
        except discord.NotFound as exc:
            return f"The champion role or a member is gone ({exc.text or 'Unknown'})."
        except discord.HTTPException as exc:
            return f"Discord failed while handing the champion role over ({exc.status})."
        return None


async def set_champion(
    bot: BvunzoBot,
    guild: discord.Guild,
    role: discord.Role | None,
    period: str | None,
    count: int | None,
    *,
    clear: bool = False,
) -> str:
    """Keep the server's champion role (checked first); the sentence for the moderator."""
    current = await bot.store.calendar_settings(guild.id)
    if clear:
        await bot.store.save_calendar_settings(replace(current, champion_role_id=None, champion_next_at=None))
        return "Champion role: off."
    if role is not None:
        me = guild.me
        if me is None or not me.guild_permissions.manage_roles:
            raise UserError(
                "Give Bvunzo the Manage Roles permission first; it needs it to hand the champion role over."
            )
        if role.is_default() or role.managed:
            raise UserError("That role can't be given to members; pick a role of your own.")
        if role >= me.top_role:
            raise UserError(
                f"Move Bvunzo's own role above {role.name} in Server Settings → Roles: Discord lets a bot give "
                "only roles below its highest one."
            )
    chosen_role = role.id if role is not None else current.champion_role_id
    if chosen_role is None:
        raise UserError("Choose the role with champion_role: first.")
    chosen_period = period or current.champion_period
    zone = zone_named(current.timezone)
    _, ends = period_bounds(chosen_period, bot.clock(), zone)
    await bot.store.save_calendar_settings(
        replace(
            current,
            champion_role_id=chosen_role,
            champion_period=chosen_period,
            champion_count=count or current.champion_count,
            champion_problem=None,
            champion_next_at=ends,
        )
    )
    top = count or current.champion_count
    return (
        f"Champion role: <@&{chosen_role}> goes to the top {top} of each {chosen_period}'s board; "
        f"this {chosen_period} ends {stamp(ends)} ({stamp(ends, 'R')})."
    )
