"""The round service's channel port on discord.py: which channels a round may use, threads, and their posts.

The one round service of the process is built here (`round_service`), with this port: /quiz (cogs/quiz)
and the calendar's runner (bot/discord/calendar_channels.py) both take it from here, so a scheduled round
reaches the round service and Discord through bot/discord alone, never through a cog.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.discord.round_channel import RoundChannel
from bot.locales import N_, _, speaking
from bot.rounds import CannotPostHere, RoundService
from bot.rounds.server_settings import ServerSettings
from bot.ui.text import clip

if TYPE_CHECKING:
    from bot.discord.client import BvunzoBot

THREAD_NAME = 100  # characters in a thread's name (Discord's limit)
# Refusals: said to whoever starts the round (in their language), when it is started.
CANNOT_POST = N_(
    "I can't post rounds in this channel: give Bvunzo View Channel, Send Messages and "
    "Embed Links here, or start the round in another channel."
)
CANNOT_THREAD = N_(
    "I can't run the round in a thread here: give Bvunzo Create Public Threads and Send Messages "
    "in Threads, or start it without thread:true."
)
NOT_A_TEXT_CHANNEL = N_("A round in a thread starts from a text channel, not from a thread or a forum.")
NO_CHANNEL = N_("Rounds run in a server's text channels; start it from one.")


class DiscordRounds:
    """RoundPort (bot/rounds/port.py) for a BvunzoBot."""

    def __init__(self, bot: BvunzoBot) -> None:
        self.bot = bot
        # Threads just opened, until their round takes them: usable before Discord's event about them.
        self._threads: dict[int, discord.Thread] = {}

    def _channel(self, channel_id: int) -> object:
        return self._threads.get(channel_id) or self.bot.get_channel(channel_id)

    def posts(self, channel_id: int, round_id: int) -> RoundChannel | None:
        # A thread opened here is handed over once: the round keeps it; later, Discord's cache has it.
        channel = self._threads.pop(channel_id, None) or self.bot.get_channel(channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            return None
        guild = getattr(channel, "guild", None)
        # Its posts speak the server's language, whoever (or whichever schedule) started the round.
        return RoundChannel(
            channel,
            self.bot.discord_retry,
            round_id,
            self.bot.clock,
            guild_id=guild.id if guild is not None else None,
            languages=self.bot.languages,
            card_style=ServerSettings(self.bot.store).card_style,
            pictures=self.bot.pictures,
        )

    def refusal(self, channel_id: int, *, thread: bool) -> str | None:
        channel = self._channel(channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            return _(NO_CHANNEL)
        if thread and not isinstance(channel, discord.TextChannel):
            return _(NOT_A_TEXT_CHANNEL)
        if not isinstance(channel, discord.abc.GuildChannel | discord.Thread):
            return None
        me = channel.guild.me
        if me is None:
            return None  # not known yet: the round's own posts will tell
        can = channel.permissions_for(me)
        if not (can.view_channel and can.send_messages and can.embed_links):
            return _(CANNOT_POST)
        if thread and not (can.create_public_threads and can.send_messages_in_threads):
            return _(CANNOT_THREAD)
        return None

    async def open_thread(self, channel_id: int, name: str) -> int:
        channel = self._channel(channel_id)
        if not isinstance(channel, discord.TextChannel):
            raise CannotPostHere(_(NOT_A_TEXT_CHANNEL))
        # The audit log's reason is read by the server's moderators: in the server's language.
        with speaking(await self.bot.languages.server(channel.guild.id)):
            reason = _("A Bvunzo quiz round")
        try:
            # Named after the deck; a day without messages archives it (the summary is in the parent too).
            thread = await channel.create_thread(
                name=clip(name, THREAD_NAME),
                type=discord.ChannelType.public_thread,
                auto_archive_duration=1440,
                reason=reason,
            )
        except discord.Forbidden as exc:
            raise CannotPostHere(_(CANNOT_THREAD)) from exc
        self._threads[thread.id] = thread
        return thread.id


def round_service(bot: BvunzoBot) -> RoundService:
    """The process's round service, made with this port the first time it is asked for.

    It lives as long as the process: /quiz, a schedule and an assignment share it, and a reload of the
    quiz cog keeps its running rounds.
    """
    service: RoundService | None = getattr(bot, "round_service", None)
    if service is None:
        service = bot.round_service = RoundService(bot, DiscordRounds(bot))
    return service
