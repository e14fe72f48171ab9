"""The question of the day's message on discord.py: the post with its buttons, and its reveal.

The QotdChannel of bot/calendar/qotd_service.py; the calendar's setup builds it with the bot.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import aiohttp
import discord

from bot.calendar.kinds import Way, way_of
from bot.calendar.post_failures import PostFailed
from bot.calendar.qotd import day_of_number
from bot.calendar.qotd_service import Shown
from bot.locales import number, speaking
from bot.quiz.judging import right_slots
from bot.ui.answers import QOTD_TAGS, answer_buttons, answer_menu
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
        view = frozen_view(*answer_items(shown))
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

    async def show_reveal(self, shown: Shown, counts: Sequence[int], right: int, answered: int) -> None:
        day = shown.day
        channel = self.bot.get_channel(day.channel_id)
        if day.message_id is None or not isinstance(channel, discord.abc.Messageable):
            return
        try:
            with speaking(await self.bot.languages.server(day.guild_id)):
                on = day_of_number(day.day)
                embed = qotd_reveal_embed(
                    shown.question, shown.order, on, counts, right, shown.title, answered=answered
                )
                view = frozen_view(*revealed_items(shown, counts))
            await channel.get_partial_message(day.message_id).edit(embed=embed, view=view)
        except discord.HTTPException as exc:
            log.warning("server %s: the question of the day's reveal failed: %s", day.guild_id, exc)


def answer_items(shown: Shown) -> list[discord.ui.Item[Any]]:
    """What the day's question is answered with: its lettered buttons, or the rounds' menu or form
    button for its kind (bot/ui/answers.py, under the day's tags: cogs/answers.py takes their clicks)."""
    day = shown.day
    if way_of(shown.question) is not Way.BUTTONS:
        return answer_buttons(QOTD_TAGS, day.day, 0, shown.question, shown.order)
    return [QotdAnswerButton(day.guild_id, day.day, slot) for slot in range(len(shown.order))]


def revealed_items(shown: Shown, counts: Sequence[int]) -> list[discord.ui.Item[Any]]:
    """The reveal's components, disabled: the right letters green with their counts, a menu showing the
    right set, a form's button greyed."""
    day, question = shown.day, shown.question
    right = right_slots(question, shown.order)
    way = way_of(question)
    if way is Way.MENU:
        return [answer_menu(QOTD_TAGS, day.day, 0, question, shown.order, counts=counts, right=right)]
    if way is not Way.BUTTONS:
        return answer_buttons(QOTD_TAGS, day.day, 0, question, shown.order, disabled=True)
    return [
        QotdAnswerButton(
            day.guild_id,
            day.day,
            slot,
            label=f"{letter(slot)} · {number(counts[slot])}",
            disabled=True,
            style=discord.ButtonStyle.success if slot in right else discord.ButtonStyle.secondary,
        )
        for slot in range(len(shown.order))
    ]
