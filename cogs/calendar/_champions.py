"""Champion roles in Discord: checking the role a moderator chose, and handing it over at a period's end."""

from __future__ import annotations

import logging
from collections import Counter
from datetime import datetime
from typing import TYPE_CHECKING

import aiohttp
import discord

from bot.calendar.champions import RoleChange, RoleProblem, pending_of
from bot.errors import UserError
from bot.locales import N_, _, n_, speaking
from cogs.calendar._port import stamp

if TYPE_CHECKING:
    from bot.calendar.server_calendar import ServerCalendar
    from bot.discord.client import BvunzoBot

log = logging.getLogger(__name__)

UNKNOWN_MEMBER = 10007  # Discord's JSON code: the member left the server

# The audit log's reason, in the server's language.
REASON = N_("Bvunzo: champion of the period's board")


class DiscordChampions:
    def __init__(self, bot: BvunzoBot) -> None:
        self.bot = bot

    def holds(self, guild_id: int) -> bool:
        return self.bot.holds_guild(guild_id)

    async def change_role(self, guild_id: int, role_id: int, change: RoleChange) -> RoleProblem | None:
        """Give or take the role of one member; why Discord did not."""
        with speaking(await self.bot.languages.server(guild_id)):
            reason = _(REASON)
        try:
            if change.give:
                await self.bot.http.add_role(guild_id, change.user_id, role_id, reason=reason)
            else:
                await self.bot.http.remove_role(guild_id, change.user_id, role_id, reason=reason)
        except discord.NotFound as exc:
            return "left" if exc.code == UNKNOWN_MEMBER else "role_gone"
        except discord.Forbidden:
            return "forbidden"
        except discord.HTTPException as exc:
            return "discord_down" if exc.status >= 500 or exc.status == 429 else "refused"
        except (aiohttp.ClientError, TimeoutError, OSError):
            return "discord_down"
        return None


def handover_problems(problem: str | None) -> list[str]:
    """/about's sentences on the last handover: one per kind of failure, in the reader's language."""
    pending = pending_of(problem)
    if pending is None:
        return [problem] if problem else []  # nothing, or a sentence an older Bvunzo kept
    if any(f.problem == "role_gone" for f in pending.failed):
        # No member's change can work until a moderator names another role: say that, not a count.
        return [_("The champion role is gone from the server; choose another with champion_role:.")]
    counts = Counter((f.change.give, f.problem) for f in pending.failed)
    sentences = []
    for (give, kind), n in sorted(counts.items(), key=lambda item: (not item[0][0], item[0][1])):
        if give:
            sentences.append(
                n_(
                    "Couldn't give the champion role to {n} member: {why}; Bvunzo tries again each minute.",
                    "Couldn't give the champion role to {n} members: {why}; Bvunzo tries again each minute.",
                    n,
                    why=_why(kind),
                )
            )
        else:
            sentences.append(
                n_(
                    "Couldn't take the champion role from {n} member: {why}; Bvunzo tries again each minute.",
                    "Couldn't take the champion role from {n} members: {why}; Bvunzo tries again each minute.",
                    n,
                    why=_why(kind),
                )
            )
    return sentences


def _why(kind: str) -> str:
    if kind == "forbidden":
        return _("Discord refused (Bvunzo's role must be above the champion role, with Manage Roles)")
    if kind == "discord_down":
        return _("Discord was failing")
    return _("Discord refused the change")


async def set_champion(
    calendar: ServerCalendar,
    guild: discord.Guild,
    role: discord.Role | None,
    period: str | None,
    count: int | None,
    *,
    clear: bool = False,
) -> str:
    """Keep the server's champion role (checked first); the sentence for the moderator."""
    if clear:
        await calendar.clear_champion(guild.id)
        return _("Champion role: off.")
    if role is not None:
        check_role(guild, role)
    kept = await calendar.set_champion(guild.id, role.id if role else None, period, count)
    assert kept.champion_role_id is not None and kept.champion_next_at is not None
    return _champion_sentence(
        kept.champion_period, kept.champion_role_id, kept.champion_count, kept.champion_next_at
    )


def check_role(guild: discord.Guild, role: discord.Role) -> None:
    """A UserError when Bvunzo could not hand `role` over in `guild`."""
    me = guild.me
    if me is None or not me.guild_permissions.manage_roles:
        raise UserError(
            _("Give Bvunzo the Manage Roles permission first; it needs it to hand the champion role over.")
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
