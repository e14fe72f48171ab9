"""The question of the day's message on discord.py: the post with its buttons, and its reveal.

The QotdChannel of bot/calendar/qotd_service.py; the calendar's setup builds it with the bot.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING

import aiohttp
import discord

from bot.calendar.post_failures import PostFailed
from bot.calendar.qotd import day_of_number
from bot.calendar.qotd_service import Shown
from bot.locales import number, speaking
from bot.ui.qotd import qotd_embed, qotd_reveal_embed
from bot.ui.text import letter
from bot.ui.views import frozen_view
from cogs.calendar._port import post_problem_of
from cogs.calendar._qotd_buttons import QotdAnswerButton

if TYPE_CHECKING:
    from bot.discord.client import BvunzoBot

log = logging.getLogger(__name__)


class DiscordQotdChannel:
    def __init__(self, bot: BvunzoBot) -> None:
        self.bot = bot

    async def post(self, shown: Shown) -> int:
        day = shown.day
        channel = self.bot.get_channel(day.channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            raise PostFailed("channel_gone")
        slots = range(len(shown.order))
        view = frozen_view(*(QotdAnswerButton(day.guild_id, day.day, slot) for slot in slots))
        with speaking(await self.bot.languages.server(day.guild_id)):  # the whole channel reads it
            embed = qotd_embed(
                shown.question, shown.order, day_of_number(day.day), day.closes_at, shown.title
            )
        try:
            message = await channel.send(
                embed=embed, view=view, allowed_mentions=discord.AllowedMentions.none()
            )
        except discord.HTTPException as exc:
            raise PostFailed(post_problem_of(exc)) from exc
        except (aiohttp.ClientError, TimeoutError, OSError) as exc:
            raise PostFailed("network") from exc
        return message.id

    async def show_reveal(self, shown: Shown, counts: Sequence[int], right: int) -> None:
        day = shown.day
        channel = self.bot.get_channel(day.channel_id)
        if day.message_id is None or not isinstance(channel, discord.abc.Messageable):
            return
        buttons = [
            QotdAnswerButton(
                day.guild_id,
                day.day,
                slot,
                label=f"{letter(slot)} · {number(counts[slot])}",
                disabled=True,
                style=discord.ButtonStyle.success
                if original in shown.question.answers
                else discord.ButtonStyle.secondary,
            )
            for slot, original in enumerate(shown.order)
        ]
        try:
            with speaking(await self.bot.languages.server(day.guild_id)):
                embed = qotd_reveal_embed(
                    shown.question, shown.order, day_of_number(day.day), counts, right, shown.title
                )
            await channel.get_partial_message(day.message_id).edit(embed=embed, view=frozen_view(*buttons))
        except discord.HTTPException as exc:
            log.warning("server %s: the question of the day's reveal failed: %s", day.guild_id, exc)
