"""Champion roles in Discord: checking the role a moderator chose, and handing it over at a period's end."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING

import discord

from bot.calendar.champions import period_bounds
from bot.calendar.zones import zone_named
from bot.errors import UserError
from bot.locales import N_, _, n_, speaking
from cogs.calendar._port import stamp

if TYPE_CHECKING:
    from bot.app import BvunzoBot

log = logging.getLogger(__name__)

# The audit log's reason, in the server's language.
REASON = N_("Bvunzo: champion of the period's board")


class DiscordChampions:
    def __init__(self, bot: BvunzoBot) -> None:
        self.bot = bot

    def holds(self, guild_id: int) -> bool:
        return self.bot.holds_guild(guild_id)

    async def hand_over(
        self, guild_id: int, role_id: int, winners: Sequence[int], previous: Sequence[int]
    ) -> str | None:
        """Move the role to the winners; the problem, in the server's language, when Discord refused."""
        with speaking(await self.bot.languages.server(guild_id)):
            return await self._hand_over(guild_id, role_id, winners, previous, _(REASON))

    async def _hand_over(
        self, guild_id: int, role_id: int, winners: Sequence[int], previous: Sequence[int], reason: str
    ) -> str | None:
        try:
            for user_id in previous:
                if user_id not in winners:
                    await self.bot.http.remove_role(guild_id, user_id, role_id, reason=reason)
            for user_id in winners:
                await self.bot.http.add_role(guild_id, user_id, role_id, reason=reason)
        except discord.HTTPException as exc:
            return handover_problem(exc)
        return None


# Discord's error codes for what a handover runs into (its own words are English and not for members).
UNKNOWN_MEMBER, UNKNOWN_ROLE = 10007, 10011


def handover_problem(exc: discord.HTTPException) -> str:
    """One sentence per kind of refusal, in the task's language; never Discord's own reason text."""
    if isinstance(exc, discord.Forbidden):
        return _(
            "Discord refused to change the champion role: Bvunzo needs Manage Roles, and the role must sit "
            "below Bvunzo's highest role."
        )
    if isinstance(exc, discord.NotFound) and exc.code == UNKNOWN_ROLE:
        return _("The champion role is gone from the server; choose another with champion_role:.")
    if isinstance(exc, discord.NotFound) and exc.code == UNKNOWN_MEMBER:
        return _("A champion left the server before the role could be handed over.")
    if isinstance(exc, discord.NotFound):
        return _("The champion role or a member is gone.")
    return _("Discord failed while handing the champion role over ({status}).", status=exc.status)


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
        return _("Champion role: off.")
    if role is not None:
        me = guild.me
        if me is None or not me.guild_permissions.manage_roles:
            raise UserError(
                _(
                    "Give Bvunzo the Manage Roles permission first; it needs it to hand the champion role over."
                )
            )
        if role.is_default() or role.managed:
            raise UserError(_("That role can't be given to members; pick a role of your own."))
        if role >= me.top_role:
            raise UserError(
                _(
                    "Move Bvunzo's own role above {role} in Server Settings → Roles: Discord lets a bot give "
                    "only roles below its highest one.",
                    role=role.name,
                )
            )
    chosen_role = role.id if role is not None else current.champion_role_id
    if chosen_role is None:
        raise UserError(_("Choose the role with champion_role: first."))
    chosen_period = period or current.champion_period
    zone = zone_named(current.timezone)
    _start, ends = period_bounds(chosen_period, bot.clock(), zone)
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
    return _champion_sentence(chosen_period, chosen_role, top, ends)


def _champion_sentence(period: str, role_id: int, top: int, ends: datetime) -> str:
    values = {"role": f"<@&{role_id}>", "time": stamp(ends), "relative": stamp(ends, "R")}
    if period == "week":
        return n_(
            "Champion role: {role} goes to the top {n} of each week's board; this week ends {time} ({relative}).",
            "Champion role: {role} goes to the top {n} of each week's board; this week ends {time} ({relative}).",
            top,
            **values,
        )
    return n_(
        "Champion role: {role} goes to the top {n} of each month's board; this month ends {time} ({relative}).",
        "Champion role: {role} goes to the top {n} of each month's board; this month ends {time} ({relative}).",
        top,
        **values,
    )
