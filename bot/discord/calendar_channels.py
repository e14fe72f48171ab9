"""The calendar's channels on discord.py: announcements, a skipped round's notice, and who may post where.

The scheduled-round port of bot/calendar/scheduled.py (`ScheduleChannels`), and the runner built with it
at start-up (`calendar_runner`): a scheduled round goes from the runner to the round service and this
module, never through a cog.
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import TYPE_CHECKING

import discord

from bot.bank.models import Deck
from bot.calendar.champions import ChampionPort
from bot.calendar.daily import QotdPort
from bot.calendar.runner import CalendarRunner
from bot.calendar.scheduled import ScheduledRounds
from bot.discord.round_port import round_service
from bot.locales import _, slash
from bot.looks.text import stamp
from bot.store import ScheduleRecord
from bot.ui.text import CONTENT, clip

if TYPE_CHECKING:
    from bot.discord.client import BvunzoBot

log = logging.getLogger(__name__)

# What a round needs in its channel.
ROUND_PERMISSIONS = ("view_channel", "send_messages", "embed_links")


def announcement(deck_title: str, starts_at: datetime, ping_role_id: int | None) -> str:
    """What a scheduled round's channel reads ahead of it, in the task's language."""
    ping = f"<@&{ping_role_id}> " if ping_role_id else ""
    text = _(
        "A round of “{title}” starts {relative} ({time}).",
        title=deck_title,
        relative=stamp(starts_at, "R"),
        time=stamp(starts_at),
    )
    return clip(ping + text, CONTENT)


class DiscordScheduleChannels:
    """ScheduleChannels (bot/calendar/scheduled.py) for a BvunzoBot."""

    def __init__(self, bot: BvunzoBot) -> None:
        self.bot = bot

    @property
    def closing(self) -> bool:
        return self.bot.closing

    def holds(self, guild_id: int) -> bool:
        return self.bot.holds_guild(guild_id)

    def cannot_post(self, channel_id: int) -> str | None:
        channel = self.bot.get_channel(channel_id)
        if not isinstance(channel, discord.TextChannel | discord.Thread):
            return _("its channel is gone")
        me = channel.guild.me
        if me is not None:
            allowed = channel.permissions_for(me)
            if not all(getattr(allowed, name) for name in ROUND_PERMISSIONS):
                return _("Bvunzo lost View Channel, Send Messages or Embed Links in that channel")
        return None

    async def deck(self, guild_id: int, deck_id: str, *, fresh: bool) -> Deck | None:
        if fresh:
            await self.bot.fresh_decks(guild_id)
        return self.bot.bank.get(deck_id, guild_id)

    async def announce(self, schedule: ScheduleRecord, title: str, starts_at: datetime) -> None:
        channel = self.bot.get_channel(schedule.channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            return
        # The runner speaks the server's language around every schedule it handles (bot/calendar/runner.py).
        await channel.send(
            announcement(title, starts_at, schedule.ping_role_id),
            # The chosen role and no one else: never @everyone, never a member named in a deck title.
            allowed_mentions=discord.AllowedMentions(
                everyone=False,
                users=False,
                roles=[discord.Object(schedule.ping_role_id)] if schedule.ping_role_id else False,
            ),
        )

    async def tell_moderators(self, schedule: ScheduleRecord, sentence: str) -> None:
        channel = self.bot.get_channel(schedule.channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            return  # the channel is gone: /quiz schedule list says why
        text = _(
            "Scheduled round #{id} did not start: {reason}. {cmd} shows the next one.",
            id=schedule.id,
            reason=sentence,
            cmd=slash("quiz schedule list"),
        )
        try:
            await channel.send(clip(text, CONTENT))
        except discord.HTTPException as exc:
            log.info("could not tell schedule %s's channel why it was skipped: %s", schedule.id, exc)


def calendar_runner(
    bot: BvunzoBot, *, qotd: QotdPort | None, champions: ChampionPort | None
) -> CalendarRunner:
    """The calendar's runner for this process's servers, its scheduled rounds started by the round service."""
    return CalendarRunner(
        bot.store,
        bot.clock,
        ScheduledRounds(bot.store, round_service(bot), DiscordScheduleChannels(bot)),
        qotd=qotd,
        champions=champions,
        languages=lambda guild_id: bot.languages.server(guild_id),  # noqa: PLW0108 (read late: set in setup_hook)
        shards=bot.settings.shards.in_query,
        nap_on=bot.clock,
    )
