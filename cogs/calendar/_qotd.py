"""/qotd set|off|status|reveal and the question of the day's answers: options parsed, the service asked, rendered."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.calendar.kinds import Given
from bot.calendar.qotd import day_of_number
from bot.calendar.qotd_service import QotdService, QotdStatus
from bot.discord.cogs import Cog
from bot.errors import UserError
from bot.locales import _, number, slash, speaking
from bot.ui import replies
from bot.ui.calendar_desks import CALENDAR_DESK, QOTD_DESK
from bot.ui.desks import unavailable
from bot.ui.qotd import (
    days_in_a_row,
    locked_in,
    qotd_board_embed,
    qotd_set,
    questions_left,
    status_latest,
    status_next,
    status_unposted,
)
from bot.ui.text import clip
from cogs.calendar._answering import QotdAnswering
from cogs.calendar._port import stamp
from cogs.lookup import deck_choices, find_deck
from cogs.permissions import ensure_quiz_master, guild_id_of

if TYPE_CHECKING:
    from bot.discord.client import BvunzoBot


def status_lines(status: QotdStatus, now: datetime) -> list[str]:
    """/qotd status's lines, in the reader's language."""
    current, latest = status.settings, status.latest
    lines = []
    if current.enabled and current.next_at is not None:
        lines.append(status_next(status.title, current.channel_id, current.at, status.zone, current.next_at))
    else:
        lines.append(_("The question of the day is off."))
    if latest is not None and status.problem is not None:
        lines.append(status_unposted(day_of_number(latest.day), status.problem, latest.closes_at, now))
    elif latest is not None:
        lines.append(
            status_latest(day_of_number(latest.day), status.answered, latest.revealed_at, latest.closes_at)
        )
    if status.ids is None:
        lines.append(_("Its deck is gone: {cmd} another, or nothing will be posted.", cmd=slash("qotd set")))
    else:
        lines.extend(questions_left(status.left, len(status.ids), few=status.few_left))
    run = status.streak
    lines.append(
        _("Your streak: {days} (best {best}).", days=days_in_a_row(run.current), best=number(run.best))
    )
    return lines


class QotdCog(QotdAnswering, Cog, name="Qotd"):  # i18n: not shown (the cog's own name)
    qotd = app_commands.Group(
        name="qotd",
        description="One question a day for the whole server",
        guild_only=True,
        allowed_installs=app_commands.AppInstallationType(guild=True, user=False),
        allowed_contexts=app_commands.AppCommandContext(guild=True, dm_channel=False, private_channel=False),
    )

    def __init__(self, bot: BvunzoBot, service: QotdService) -> None:
        self.bot = bot
        self.service = service

    async def cog_load(self) -> None:
        self.bot.owners.provide(QOTD_DESK, self)

    async def cog_unload(self) -> None:
        self.bot.owners.withdraw(QOTD_DESK, self)

    async def _moderator(self, interaction: discord.Interaction, doing: str) -> int:
        guild_id = guild_id_of(interaction)
        ensure_quiz_master(interaction, await self.service.guild_settings(guild_id), doing)
        return guild_id

    # -- answers --------------------------------------------------------------------------------------

    async def answer(self, interaction: discord.Interaction, guild_id: int, day: int, slot: int) -> None:
        await self.locked_in_reply(interaction, guild_id, day, Given(slot=slot))

    async def locked_in_reply(
        self, interaction: discord.Interaction, guild_id: int, day: int, given: Given
    ) -> None:
        """Any kind's answer (a letter here, the menu or the form through cogs/answers.py), kept and said."""
        if interaction.guild_id != guild_id:
            raise UserError(_("That question of the day belongs to another server; nothing was recorded."))
        locked = await self.service.answer_given(guild_id, day, interaction.user.id, given)
        said = locked_in(locked.said, locked.streak, stamp(locked.closes_at, "R"), locked.badges)
        await replies.send(interaction, said, ephemeral=True)

    # -- commands -------------------------------------------------------------------------------------

    @qotd.command(name="set", description="Post a question of the day in this channel, every day at a time")
    @app_commands.describe(deck="The deck its questions come from", time="HH:MM in the server's time zone")
    async def set_qotd(
        self, interaction: discord.Interaction, deck: str, time: app_commands.Range[str, 1, 10]
    ) -> None:
        guild_id = await self._moderator(interaction, _("set the question of the day"))
        chosen = find_deck(self.bot, deck, guild_id)
        if interaction.channel_id is None:
            raise UserError(_("Set the question of the day from the channel it should be posted in."))
        kept = await self.service.set_up(guild_id, interaction.channel_id, chosen, time, interaction.user.id)
        assert kept.next_at is not None  # a question of the day just set has its first time
        zone = await self.service.zone_name(guild_id)
        await replies.send(
            interaction, qotd_set(clip(chosen.title, 80), kept.at, zone, kept.next_at), ephemeral=True
        )

    @set_qotd.autocomplete("deck")
    async def _deck_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return deck_choices(self.bot, interaction.guild_id, current)

    @qotd.command(name="off", description="Stop posting the question of the day")
    async def off(self, interaction: discord.Interaction) -> None:
        guild_id = await self._moderator(interaction, _("stop the question of the day"))
        await self.service.turn_off(guild_id)
        said = _(
            "The question of the day is off; today's question stays open until its time. Streaks are kept."
        )
        await replies.send(interaction, said, ephemeral=True)

    @qotd.command(name="status", description="The question of the day: where, when, and how today's is going")
    async def status(self, interaction: discord.Interaction) -> None:
        status = await self.service.status(guild_id_of(interaction), interaction.user.id)
        await replies.send(interaction, "\n".join(status_lines(status, self.bot.clock())), ephemeral=True)

    @qotd.command(name="reveal", description="Close today's question of the day now and show its answer")
    async def reveal_now(self, interaction: discord.Interaction) -> None:
        guild_id = await self._moderator(interaction, _("reveal the question of the day"))
        latest = await self.service.day_to_reveal(guild_id)
        calendar = self.bot.owners.get(CALENDAR_DESK)  # cogs/calendar/_cog.py runs the reveals
        if calendar is None:
            raise UserError(unavailable(CALENDAR_DESK))
        revealed = await calendar.reveal_qotd(latest)
        said = (
            _("Revealed: the answer is on the question's message.")
            if revealed
            else _("It was already revealed.")
        )
        await replies.send(interaction, said, ephemeral=True)

    # -- the board and /stats (cogs/boards.py asks) ---------------------------------------------------

    async def show_board(self, interaction: discord.Interaction) -> None:
        guild_id = guild_id_of(interaction)
        board = await self.service.board(guild_id, interaction.user.id)
        with speaking(await self.bot.languages.server(guild_id)):  # the board is the channel's
            mine = None
            if board.mine is not None:
                answered, current = board.mine
                mine = _("You: {n} answered · {days}", n=number(answered), days=days_in_a_row(current))
            embed = qotd_board_embed(board.lines, board.streaks, board.total, mine)
        await replies.send(interaction, embed=embed, allowed_mentions=discord.AllowedMentions.none())

    async def stats_line(self, guild_id: int, user_id: int) -> str | None:
        found = await self.service.member_days(guild_id, user_id)
        if found is None:
            return None
        answered, run = found
        return _(
            "{days} (best {best}); {n} answered",
            days=days_in_a_row(run.current),
            best=number(run.best),
            n=number(answered),
        )
