"""/quiz results: a round's answers as CSV and JSON files, for moderators (attached under /quiz by the calendar cog)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.calendar.server_calendar import ServerCalendar
from bot.locales import _, n_
from bot.results.round_files import round_files
from bot.rounds.stored import result_options
from bot.ui import replies
from cogs.calendar._results import attached, member_names
from cogs.permissions import ensure_quiz_master, guild_id_of

if TYPE_CHECKING:
    from bot.discord.client import BvunzoBot


def results_command(bot: BvunzoBot, calendar: ServerCalendar) -> app_commands.Command[Any, ..., None]:
    @app_commands.command(name="results", description="A round's answers as CSV and JSON files (moderators)")
    @app_commands.describe(round="The round's number (in its summary); default: the last one in this channel")
    async def results(
        interaction: discord.Interaction, round: app_commands.Range[int, 1] | None = None
    ) -> None:
        guild_id = guild_id_of(interaction)
        ensure_quiz_master(interaction, await calendar.guild_settings(guild_id), _("take a round's results"))
        found = await calendar.round_file(guild_id, interaction.channel_id, round)
        await replies.defer(interaction)  # names are looked up
        record = found.record
        names = await member_names(bot, guild_id, (a.user_id for a in found.answers))
        options = result_options(record)
        files = round_files(record, found.answers, found.deck, names, found.zone, found.hints, options)
        await replies.send(
            interaction,
            n_(
                "Round {id}: {n} answer from {members}, a row each.",
                "Round {id}: {n} answers from {members}, a row each.",
                len(files.rows),
                id=record.id,
                members=n_("{n} member", "{n} members", len(names)),
            ),
            files=attached(f"round-{record.id}", files.csv, files.json),
            ephemeral=True,
        )

    return results
