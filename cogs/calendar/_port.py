"""The calendar runner's Discord side: announcements, starting a scheduled round, telling moderators."""

from __future__ import annotations

import logging
from datetime import datetime
from typing import TYPE_CHECKING

import discord

from bot.calendar.post_failures import PostProblem
from bot.calendar.runner import SkippedOccurrence
from bot.locales import _, slash
from bot.rounds import ChannelBusy, RoundRefused
from bot.store import ScheduleRecord
from bot.ui.text import CONTENT, clip

if TYPE_CHECKING:
    from bot.discord.client import BvunzoBot

log = logging.getLogger(__name__)

# What a round needs in its channel.
_ROUND_PERMISSIONS = ("view_channel", "send_messages", "embed_links")


def channel_mention(channel_id: int) -> str:
    """A channel's mention."""
    return f"<#{channel_id}>"


def stamp(moment: datetime, style: str = "F") -> str:
    """A Discord timestamp: each member's client shows it in their own zone."""
    return f"<t:{int(moment.timestamp())}:{style}>"


def post_problem_of(exc: discord.HTTPException) -> PostProblem:
    """What Discord's refusal of a question of the day means for the next try."""
    if isinstance(exc, discord.NotFound):
        return "channel_gone"
    if isinstance(exc, discord.Forbidden):
        return "forbidden"
    return "discord_down" if exc.status >= 500 or exc.status == 429 else "refused"


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


class DiscordCalendar:
    def __init__(self, bot: BvunzoBot) -> None:
        self.bot = bot

    def holds(self, guild_id: int) -> bool:
        return self.bot.holds_guild(guild_id)

    def _channel(self, schedule: ScheduleRecord) -> discord.TextChannel | discord.Thread:
        channel = self.bot.get_channel(schedule.channel_id)
        if not isinstance(channel, discord.TextChannel | discord.Thread):
            raise SkippedOccurrence(_("its channel is gone"))
        me = channel.guild.me
        if me is not None:
            allowed = channel.permissions_for(me)
            if not all(getattr(allowed, name) for name in _ROUND_PERMISSIONS):
                raise SkippedOccurrence(
                    _("Bvunzo lost View Channel, Send Messages or Embed Links in that channel")
                )
        return channel

    async def announce(self, schedule: ScheduleRecord, starts_at: datetime) -> None:
        try:
            channel = self._channel(schedule)
        except SkippedOccurrence as skipped:
            log.info("schedule %s not announced: %s", schedule.id, skipped)
            return
        deck = self.bot.bank.get(schedule.deck_id, schedule.guild_id)
        title = deck.title if deck is not None else schedule.deck_id
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

    async def start_round(self, schedule: ScheduleRecord, occurrence: datetime) -> str:
        if self.bot.closing:
            raise SkippedOccurrence(_("Bvunzo was restarting"))
        channel = self._channel(schedule)
        # No interaction brought the server's decks up to date: a deck edited on the web plays as edited.
        await self.bot.fresh_decks(schedule.guild_id)
        deck = self.bot.bank.get(schedule.deck_id, schedule.guild_id)
        if deck is None:
            raise SkippedOccurrence(
                _("the deck “{deck}” is no longer in this server", deck=clip(schedule.deck_id, 60))
            )
        service = self.bot.round_service
        options = (await service.defaults(schedule.guild_id)).but(
            questions=schedule.questions, seconds=schedule.seconds, mode=schedule.mode
        )
        try:
            record = await service.start(
                guild_id=schedule.guild_id,
                channel_id=channel.id,
                decks=[deck],
                options=options,
                started_by=None,
                thread_name=None,
                occurrence=(schedule.id, occurrence),
            )
        except ChannelBusy as exc:
            raise SkippedOccurrence(_("a round was already running in this channel")) from exc
        except RoundRefused as exc:
            raise SkippedOccurrence(exc.sentence.rstrip(".")) from exc
        return _("started round {id}", id=record.id)

    async def tell_moderators(self, schedule: ScheduleRecord, sentence: str) -> None:
        channel = self.bot.get_channel(schedule.channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            return  # the channel is gone: /quiz schedule list says why
        try:
            await channel.send(
                clip(
                    _(
                        "Scheduled round #{id} did not start: {reason}. {cmd} shows the next one.",
                        id=schedule.id,
                        reason=sentence,
                        cmd=slash("quiz schedule list"),
                    ),
                    CONTENT,
                )
            )
        except discord.HTTPException as exc:
            log.info("could not tell schedule %s's channel why it was skipped: %s", schedule.id, exc)
