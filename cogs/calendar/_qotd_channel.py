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
from bot.ui.calendar_cards import qotd_card, qotd_reveal_card
from bot.ui.qotd import qotd_embed, qotd_reveal_embed
from bot.ui.question_pictures import with_picture
from bot.ui.text import letter
from bot.ui.views import frozen_view
from cogs.calendar._port import in_cards, post_problem_of
from cogs.calendar._qotd_buttons import QotdAnswerButton
from cogs.calendar._styles import PostedStyles

if TYPE_CHECKING:
    from bot.discord.client import BvunzoBot

log = logging.getLogger(__name__)


class DiscordQotdChannel:
    def __init__(self, bot: BvunzoBot, styles: PostedStyles) -> None:
        self.bot = bot
        self.styles = styles

    async def post(self, shown: Shown) -> int:
        day = shown.day
        channel = self.bot.get_channel(day.channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            raise PostFailed("channel_gone")
        cards = await in_cards(self.bot, day.guild_id)
        with speaking(await self.bot.languages.server(day.guild_id)):  # the whole channel reads it
            content = question_message(shown, cards=cards)
        stored = await self.bot.pictures.posted(day.guild_id, shown.question)
        content = with_picture(content, shown.question, 0, stored, upload=True)
        try:
            message = await channel.send(**content, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as exc:
            raise PostFailed(post_problem_of(exc)) from exc
        except (aiohttp.ClientError, TimeoutError, OSError) as exc:
            raise PostFailed("network") from exc
        self.styles.posted(message.id, cards=cards)
        return message.id

    async def show_reveal(self, shown: Shown, counts: Sequence[int], right: int, answered: int) -> None:
        day = shown.day
        channel = self.bot.get_channel(day.channel_id)
        if day.message_id is None or not isinstance(channel, discord.abc.Messageable):
            return
        message = channel.get_partial_message(day.message_id)
        try:
            cards = await self.styles.in_cards(message)
            with speaking(await self.bot.languages.server(day.guild_id)):
                content = reveal_message(shown, counts, right, answered, cards=cards)
            stored = await self.bot.pictures.posted(day.guild_id, shown.question)
            await message.edit(**with_picture(content, shown.question, 0, stored, upload=False))
        except discord.HTTPException as exc:
            log.warning("server %s: the question of the day's reveal failed: %s", day.guild_id, exc)


def question_message(shown: Shown, *, cards: bool) -> dict[str, Any]:
    """The day's question as its message: an embed and its buttons, or (`cards`) one card of both."""
    day, question, order = shown.day, shown.question, shown.order
    on, items = day_of_number(day.day), answer_items(shown)
    if cards:
        return {"view": qotd_card(question, order, on, day.closes_at, shown.title, items)}
    return {"embed": qotd_embed(question, order, on, day.closes_at, shown.title), "view": frozen_view(*items)}


def reveal_message(
    shown: Shown, counts: Sequence[int], right: int, answered: int, *, cards: bool
) -> dict[str, Any]:
    """The reveal, in the style its message was posted in."""
    question, order, title = shown.question, shown.order, shown.title
    on, items = day_of_number(shown.day.day), revealed_items(shown, counts)
    if cards:
        return {"view": qotd_reveal_card(question, order, on, counts, right, answered, title, items)}
    embed = qotd_reveal_embed(question, order, on, counts, right, title, answered=answered)
    return {"embed": embed, "view": frozen_view(*items)}


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
