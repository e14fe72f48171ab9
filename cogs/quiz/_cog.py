"""/quiz: moderators run rounds in a channel; the round service (bot/rounds) runs them.

The cog translates: it parses a command, checks who may, calls the service and answers in one
sentence. The buttons of a round's messages reach cogs/quiz/_desk.py instead.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands

from bot.calendar.zones import matching_zones
from bot.discord.cogs import Cog
from bot.errors import UserError
from bot.locales import _
from bot.quiz import LEECH_FAILURES
from bot.quiz.standings import PODIUM_MAX, PODIUM_MIN
from bot.quiz.teams import MAX_TEAMS
from bot.quiz.timing import READING_MAX
from bot.rounds import RoundService, RunningRound
from bot.rounds.reports import Reports
from bot.rounds.server_settings import ServerSettings, round_options
from bot.ui import replies
from bot.ui.boards import report_embed, struggles_embed, votes_by_question
from bot.ui.desks import FLAG_DESK, ROUND_DESK, find_desk
from bot.ui.text import fit_together
from cogs.lookup import deck_choices, find_deck
from cogs.permissions import ensure_quiz_master, guild_id_of
from cogs.quiz._desk import QuizDesk
from cogs.quiz._help import LANGUAGE_CHOICES, SETTINGS_OPTIONS, START_OPTIONS
from cogs.quiz._settings import change_settings
from cogs.quiz._starting import ensure_may_post, starting
from cogs.quiz._steer import ensure_may_steer

if TYPE_CHECKING:
    from bot.discord.client import BvunzoBot

log = logging.getLogger(__name__)


class QuizCog(Cog, name="Quiz"):  # i18n: not shown
    quiz = app_commands.Group(
        name="quiz",
        description="Run quiz rounds in this channel",
        guild_only=True,
        # Rounds need the bot in the server: not offered to a member who installed Bvunzo for themselves.
        allowed_installs=app_commands.AppInstallationType(guild=True, user=False),
        allowed_contexts=app_commands.AppCommandContext(guild=True, dm_channel=False, private_channel=False),
    )

    def __init__(self, bot: BvunzoBot, rounds: RoundService) -> None:
        self.bot = bot
        self.rounds = rounds
        self.server_settings = ServerSettings(bot.store)
        self.reports = Reports(rounds, lambda deck_id, guild_id: find_deck(bot, deck_id, guild_id))
        self.desk = QuizDesk(bot, rounds, self.server_settings)

    async def cog_load(self) -> None:
        self.bot.owners.provide(ROUND_DESK, self.desk)

    async def cog_unload(self) -> None:
        self.bot.owners.withdraw(ROUND_DESK, self.desk)

    # -- commands -----------------------------------------------------------------------------------

    @quiz.command(name="start", description="Start a quiz round in this channel")
    @START_OPTIONS
    async def start(
        self,
        interaction: discord.Interaction,
        deck: str,
        questions: app_commands.Range[int, 1, 50] | None = None,
        seconds: app_commands.Range[int, 5, 120] | None = None,
        mode: Literal["standard", "speed"] | None = None,
        podium: app_commands.Range[int, PODIUM_MIN, PODIUM_MAX] | None = None,
        standings: Literal["end", "live", "hidden"] | None = None,
        streaks: bool | None = None,
        reading: app_commands.Range[int, 0, READING_MAX] | None = None,
        untimed: bool | None = None,
        long_prompts: bool | None = None,
        tags: app_commands.Range[str, 1, 200] | None = None,
        difficulty: Literal["any", "easy", "medium", "hard"] | None = None,
        deck2: str | None = None,
        deck3: str | None = None,
        thread: bool | None = None,
        teams: app_commands.Range[int, 0, MAX_TEAMS] | None = None,
        hints: bool | None = None,
    ) -> None:
        given = dict(locals())  # the command's options by name, as the service reads them (first line: all)
        await self._start(interaction, [deck, deck2, deck3], given, exact=questions is not None)

    async def _start(
        self, interaction: discord.Interaction, names: list[str | None], given: dict[str, Any], *, exact: bool
    ) -> None:
        guild_id = guild_id_of(interaction)
        settings = await self.server_settings.of(guild_id)
        ensure_quiz_master(interaction, settings, _("start a round"))
        decks = [find_deck(self.bot, name, guild_id) for name in names if name]
        if len({d.id for d in decks}) != len(decks):
            raise UserError(_("deck, deck2 and deck3 name the same deck twice; pick different decks."))
        options = round_options(settings, given)
        ensure_may_post(interaction, thread=options.thread)
        record = await self.rounds.start(
            guild_id=guild_id,
            channel_id=interaction.channel_id or 0,
            decks=decks,
            options=options,
            started_by=interaction.user.id,
            exact=exact,
        )
        await replies.send(interaction, starting(record, decks, options), ephemeral=True)

    @start.autocomplete("deck3")
    @start.autocomplete("deck2")
    @start.autocomplete("deck")
    async def _deck_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return deck_choices(self.bot, interaction.guild_id, current)

    @quiz.command(name="stop", description="End the round in this channel now; points earned stay")
    async def stop(self, interaction: discord.Interaction) -> None:
        running = self._running_here(interaction)
        await ensure_may_steer(
            interaction, self.server_settings, running.record, _("stop a round someone else started")
        )
        self.rounds.stop(running.round_id)
        await replies.send(
            interaction, _("Stopping the round: the current question is revealed now."), ephemeral=True
        )

    @quiz.command(name="skip", description="Reveal the current question now")
    async def skip(self, interaction: discord.Interaction) -> None:
        running = self._running_here(interaction)
        await ensure_may_steer(interaction, self.server_settings, running.record, _("skip a question"))
        self.rounds.skip(running.round_id)
        await replies.send(interaction, _("Revealing the current question."), ephemeral=True)

    def _running_here(self, interaction: discord.Interaction) -> RunningRound:
        guild_id_of(interaction)
        running = self.rounds.running_in(interaction.channel_id or 0)
        if running is None:
            raise UserError(_("No round is running in this channel."))
        return running

    @quiz.command(name="settings", description="This server's quiz settings (Manage Server)")
    @SETTINGS_OPTIONS
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def settings(
        self,
        interaction: discord.Interaction,
        role: discord.Role | None = None,
        questions: app_commands.Range[int, 1, 50] | None = None,
        seconds: app_commands.Range[int, 5, 120] | None = None,
        mode: Literal["standard", "speed"] | None = None,
        pause: app_commands.Range[int, 0, 60] | None = None,
        clear_role: bool = False,
        podium: app_commands.Range[int, PODIUM_MIN, PODIUM_MAX] | None = None,
        standings: Literal["end", "live", "hidden"] | None = None,
        streaks: bool | None = None,
        reading: app_commands.Range[int, 0, READING_MAX] | None = None,
        untimed: bool | None = None,
        long_prompts: bool | None = None,
        tags: app_commands.Range[str, 1, 200] | None = None,
        difficulty: Literal["any", "easy", "medium", "hard"] | None = None,
        thread: bool | None = None,
        teams: app_commands.Range[int, 0, MAX_TEAMS] | None = None,
        timezone: app_commands.Range[str, 1, 60] | None = None,
        champion_role: discord.Role | None = None,
        champion_period: Literal["week", "month"] | None = None,
        champion_count: app_commands.Range[int, 1, 10] | None = None,
        language: app_commands.Choice[str] | None = None,
        hints: bool | None = None,
        card_style: Literal["classic", "cards"] | None = None,
    ) -> None:
        given = dict(locals())  # the command's options by name, as cogs/quiz/_settings.py reads them
        await change_settings(self.bot, self.server_settings, interaction, given)

    @settings.autocomplete("timezone")
    async def _timezone_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=name, value=name) for name in matching_zones(current)]

    @quiz.command(name="flags", description="Questions members reported, and why; resolve or dismiss them")
    async def flags(self, interaction: discord.Interaction) -> None:
        desk = await find_desk(interaction, FLAG_DESK)  # cogs/question_flags.py
        if desk is not None:
            await desk.show_flags(interaction)

    @quiz.command(
        name="report", description="Per question: how many got it right, and the most chosen wrong answer"
    )
    @app_commands.describe(
        round="A round's number, from its summary (default: the last round in this channel)",
        deck="A deck over all this server's rounds",
    )
    async def report(
        self,
        interaction: discord.Interaction,
        round: app_commands.Range[int, 1] | None = None,
        deck: str | None = None,
    ) -> None:
        guild_id = guild_id_of(interaction)
        settings = await self.server_settings.of(guild_id)
        ensure_quiz_master(interaction, settings, _("see round reports"))
        found = await self.reports.report(
            guild_id, interaction.channel_id or 0, round_id=round, deck_name=deck
        )
        # A deck's report adds the questions members keep failing.
        extra = (
            [] if found.struggles is None else [struggles_embed(found.deck, found.struggles, LEECH_FAILURES)]
        )
        votes = votes_by_question(found.votes)
        embeds = fit_together(
            report_embed(found.title, found.deck, found.lines, votes), *extra
        )  # 6000 for all
        await replies.send(interaction, embeds=embeds, ephemeral=True)

    @report.autocomplete("deck")
    async def _report_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return deck_choices(self.bot, interaction.guild_id, current)

    # -- restarts -----------------------------------------------------------------------------------

    @Cog.listener()
    async def on_ready(self) -> None:
        await self.rounds.resume()  # again after a reconnect: rounds running already are left alone

    async def shut_down(self) -> None:
        await self.rounds.shut_down()
