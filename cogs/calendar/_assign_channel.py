"""The assignment's message on discord.py: its embed (or card) with progress, and the edit when the figures
change.

The AssignmentChannel of bot/calendar/assignment_service.py; the calendar's setup builds it with the bot.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.calendar.assignment_service import Progress
from bot.locales import speaking
from bot.store import AssignmentRecord
from bot.ui.assignments import assignment_embed, progress_line
from bot.ui.calendar_cards import assignment_card
from bot.ui.views import frozen_view
from cogs.calendar._assign_buttons import StartButton
from cogs.calendar._styles import PostedStyles

if TYPE_CHECKING:
    from bot.discord.client import BvunzoBot

log = logging.getLogger(__name__)


def progress_text(progress: Progress) -> str:
    return progress_line(progress.started, progress.in_time, progress.due_at, progress.closed, progress.late)


def message_embed(record: AssignmentRecord, title: str, progress: Progress) -> discord.Embed:
    """The assignment's message: what it asks, and how it is going."""
    return assignment_embed(
        record.id, title, len(record.question_ids), record.attempts, record.late, progress_text(progress)
    )


def assignment_message(
    record: AssignmentRecord, title: str, progress: Progress, *, cards: bool
) -> dict[str, Any]:
    """The assignment's message with its Start button: an embed and a view, or (`cards`) one card."""
    embed, start = message_embed(record, title, progress), StartButton(record.id)
    if cards:
        return {"view": assignment_card(embed, [start], title)}
    return {"embed": embed, "view": frozen_view(start)}


class DiscordAssignmentChannel:
    def __init__(self, bot: BvunzoBot, styles: PostedStyles) -> None:
        self.bot = bot
        self.styles = styles

    async def show_progress(self, record: AssignmentRecord, title: str, progress: Progress) -> None:
        channel = self.bot.get_channel(record.channel_id)
        if record.message_id is None or not isinstance(channel, discord.TextChannel | discord.Thread):
            return
        message = channel.get_partial_message(record.message_id)
        try:
            cards = await self.styles.in_cards(message)  # an edit keeps the style the message was posted in
            with speaking(await self.bot.languages.server(record.guild_id)):  # the channel's message
                content = assignment_message(record, title, progress, cards=cards)
            await message.edit(**content)
        except discord.HTTPException as exc:
            log.info("assignment %s: the progress edit failed: %s", record.id, exc)
