"""/quiz schedule add|list|remove: rounds that start on their own at a time in the server's zone."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands

from bot.calendar.repeats import Rule
from bot.calendar.runner import rule_of
from bot.calendar.server_calendar import ScheduleAsked, ServerCalendar, schedule_rule
from bot.errors import UserError
from bot.locales import _, n_, p_, slash
from bot.store import ScheduleRecord
from bot.ui import replies
from bot.ui.text import EMBED_DESCRIPTION, clip
from cogs.calendar._port import channel_mention, stamp
from cogs.lookup import deck_choices, find_deck
from cogs.permissions import ensure_quiz_master, guild_id_of

if TYPE_CHECKING:
    from bot.discord.client import BvunzoBot


def _line(schedule: ScheduleRecord, title: str, recent: list[str]) -> str:
    rule = rule_of(schedule)
    when = (
        _("next {time} ({relative})", time=stamp(schedule.next_at), relative=stamp(schedule.next_at, "R"))
        if schedule.next_at
        else p_("schedule state", "done")
    )
    minutes = schedule.announce_minutes
    announce = " · " + n_("announced {n} min ahead", "announced {n} min ahead", minutes) if minutes else ""
    last = " · " + _("last: {result}", result=schedule.last_result) if schedule.last_result else ""
    if recent:  # what became of each recent occurrence, newest first (bot/calendar/history.py)
        last = "".join(f"\n-# {line}" for line in recent)
    where = _(
        "**#{id}** “{title}” in {channel}",
        id=schedule.id,
        title=clip(title, 60),
        channel=channel_mention(schedule.channel_id),
    )
    return f"{where} · {rule.describe()} · {when}{announce}{last}"


# The options' descriptions (the tree's Translator localises them).
DESCRIBE_ADD = app_commands.describe(
    deck="The deck to play",
    time="HH:MM in the server's time zone (/quiz settings timezone:)",
    repeat="once (the next HH:MM), daily, weekdays, or weekly on days:",
    days="For weekly: days such as mon,wed,fri",
    questions="How many questions (1-50; default: the server's)",
    seconds="Seconds to answer each question (5-120; default: the server's)",
    mode="Scoring mode (default: the server's)",
    announce="Minutes ahead to announce the round (0-60)",
    ping="A role the announcement mentions (no one else is pinged)",
)


def _scheduled(ident: int, title: str, rule: Rule, zone: str, first: datetime) -> str:
    return _(
        "Scheduled #{id}: “{title}” here, {rule} ({zone}); the first round starts {time} ({relative}).",
        id=ident,
        title=clip(title, 80),
        rule=rule.describe(),
        zone=zone,
        time=stamp(first),
        relative=stamp(first, "R"),
    )


class ScheduleCommands(app_commands.Group):
    """Attached under /quiz by the calendar cog, so that /quiz keeps one group however many cogs add to it."""

    def __init__(self, bot: BvunzoBot, calendar: ServerCalendar) -> None:
        description = (
            "Rounds that start on their own at a set time"  # i18n: not shown here (the tree's Translator)
        )
        super().__init__(name="schedule", description=description)
        self.bot = bot
        self.calendar = calendar

    @app_commands.command(
        name="add", description="Schedule a round in this channel at a time in the server's zone"
    )
    @DESCRIBE_ADD
    async def add(
        self,
        interaction: discord.Interaction,
        deck: str,
        time: app_commands.Range[str, 1, 10],
        repeat: Literal["once", "daily", "weekdays", "weekly"] = "once",
        days: app_commands.Range[str, 1, 60] | None = None,
        questions: app_commands.Range[int, 1, 50] | None = None,
        seconds: app_commands.Range[int, 5, 120] | None = None,
        mode: Literal["standard", "speed"] | None = None,
        announce: app_commands.Range[int, 0, 60] = 0,
        ping: discord.Role | None = None,
    ) -> None:
        guild_id = await self._moderator(interaction, _("schedule rounds"))
        chosen = find_deck(self.bot, deck, guild_id)
        if interaction.channel_id is None:
            raise UserError(_("Schedule a round from the channel it should run in."))
        rule = schedule_rule(time, repeat, days)
        if ping is not None and ping.is_default():
            raise UserError(_("ping: takes a role, not @everyone; pick the role to mention."))
        role, by = ping.id if ping else None, interaction.user.id
        asked = ScheduleAsked(
            chosen, interaction.channel_id, rule, repeat, days, questions, seconds, mode, announce, role, by
        )
        made, zone = await self.calendar.add_schedule(guild_id, asked)
        assert made.next_at is not None  # a new schedule has its first time
        said = _scheduled(made.id, chosen.title, rule, zone, made.next_at)
        await replies.send(interaction, said, ephemeral=True)

    async def _moderator(self, interaction: discord.Interaction, doing: str) -> int:
        guild_id = guild_id_of(interaction)
        ensure_quiz_master(interaction, await self.calendar.guild_settings(guild_id), doing)
        return guild_id

    @add.autocomplete("deck")
    async def _deck_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return deck_choices(self.bot, interaction.guild_id, current)

    @app_commands.command(name="list", description="This server's scheduled rounds and when each runs next")
    async def list_schedules(self, interaction: discord.Interaction) -> None:
        listed, zone = await self.calendar.schedules(guild_id_of(interaction))
        if not listed:
            await replies.send(
                interaction,
                _("No rounds are scheduled; {cmd} makes one.", cmd=slash("quiz schedule add")),
                ephemeral=True,
            )
            return
        lines = [_line(found.schedule, found.title, found.recent) for found in listed]
        embed = discord.Embed(
            title=_("Scheduled rounds ({zone})", zone=zone),
            description=clip("\n".join(lines), EMBED_DESCRIPTION),
        )
        await replies.send(interaction, embed=embed, ephemeral=True)

    @app_commands.command(
        name="remove", description="Stop a scheduled round (its id is in /quiz schedule list)"
    )
    @app_commands.describe(id="The schedule's number, from /quiz schedule list")
    async def remove(self, interaction: discord.Interaction, id: app_commands.Range[int, 1]) -> None:
        guild_id = await self._moderator(interaction, _("remove schedules"))
        await self.calendar.remove_schedule(guild_id, id)
        await replies.send(
            interaction, _("Schedule #{id} removed; it will not run again.", id=id), ephemeral=True
        )
