"""/quiz: moderators run rounds in a channel; the round service (bot/rounds) runs them.

The cog translates: it parses a command, checks who may, calls the service and answers in one
sentence. The buttons of a round's messages reach cogs/quiz/_desk.py instead.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.bank.mixed import mix
from bot.bank.models import Deck
from bot.calendar.zones import matching_zones
from bot.errors import UserError
from bot.locales import SOURCE, _, n_
from bot.quiz import LEECH_FAILURES
from bot.quiz.choosing import Filter
from bot.quiz.standings import PODIUM_MAX, PODIUM_MIN
from bot.quiz.teams import MAX_TEAMS
from bot.quiz.timing import READING_MAX
from bot.rounds import RoundOptions, RoundService, RunningRound
from bot.rounds.stored import default_options, with_default_options
from bot.store import GuildSettings, RoundRecord
from bot.ui import replies
from bot.ui.boards import report_embed, settings_embed, struggles_embed, votes_by_question
from bot.ui.calendar_desks import CALENDAR_DESK
from bot.ui.desks import FLAG_DESK, ROUND_DESK, find_desk, unavailable
from bot.ui.text import fit_together
from cogs.lookup import deck_choices, find_deck
from cogs.permissions import ensure_manager, ensure_quiz_master, guild_id_of
from cogs.quiz._desk import QuizDesk
from cogs.quiz._help import LANGUAGE_CHOICES, LANGUAGE_NAMES, SETTINGS_OPTIONS, START_OPTIONS
from cogs.quiz._port import CANNOT_POST, CANNOT_THREAD, NO_CHANNEL, NOT_A_TEXT_CHANNEL
from cogs.quiz._steer import ensure_may_steer

if TYPE_CHECKING:
    from bot.discord.client import BvunzoBot

log = logging.getLogger(__name__)


class QuizCog(commands.Cog, name="Quiz"):  # i18n: not shown
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
        self.desk = QuizDesk(bot, rounds)

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
    ) -> None:
        guild_id = guild_id_of(interaction)
        settings = await self.bot.store.guild_settings(guild_id)
        ensure_quiz_master(interaction, settings, _("start a round"))
        decks = [find_deck(self.bot, name, guild_id) for name in (deck, deck2, deck3) if name]
        if len({d.id for d in decks}) != len(decks):
            raise UserError(_("deck, deck2 and deck3 name the same deck twice; pick different decks."))
        options = default_options(settings).but(
            questions=questions,
            seconds=seconds,
            mode=mode,
            podium=podium,
            standings=standings,
            streak_bonus=streaks,
            reading_seconds=reading,
            untimed=untimed,
            long_prompts=long_prompts,
            tags=tags,
            difficulty=difficulty,
            thread=thread,
            teams=teams,
        )
        _ensure_may_post(interaction, thread=options.thread)
        record = await self.rounds.start(
            guild_id=guild_id,
            channel_id=interaction.channel_id or 0,
            decks=decks,
            options=options,
            started_by=interaction.user.id,
            exact=questions is not None,
        )
        await replies.send(interaction, _starting(record, decks, options), ephemeral=True)

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
            interaction, self.bot.store, running.record, _("stop a round someone else started")
        )
        self.rounds.stop(running.round_id)
        await replies.send(
            interaction, _("Stopping the round: the current question is revealed now."), ephemeral=True
        )

    @quiz.command(name="skip", description="Reveal the current question now")
    async def skip(self, interaction: discord.Interaction) -> None:
        running = self._running_here(interaction)
        await ensure_may_steer(interaction, self.bot.store, running.record, _("skip a question"))
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
    ) -> None:
        guild_id = guild_id_of(interaction)
        ensure_manager(interaction, _("change the quiz settings"))
        zone_line = await self._calendar_settings(
            interaction, timezone, champion_role, champion_period, champion_count
        )
        current = await self.bot.store.guild_settings(guild_id)
        options = default_options(current).but(
            questions=questions,
            seconds=seconds,
            mode=mode,
            podium=podium,
            standings=standings,
            streak_bonus=streaks,
            reading_seconds=reading,
            untimed=untimed,
            long_prompts=long_prompts,
            # Kept as the filter reads them, so that /quiz settings shows what rounds will use.
            tags=None if tags is None else " ".join(sorted(Filter.parse(tags, None).tags)),
            thread=thread,
            teams=teams,
        )
        if difficulty is not None:  # "any" clears the server's filter: None is a value here
            options = replace(options, difficulty=Filter.parse(None, difficulty).difficulty)
        changed = with_default_options(current, options.check())
        changed = replace(
            changed,
            quiz_master_role_id=None if clear_role else (role.id if role else current.quiz_master_role_id),
            pause_seconds=current.pause_seconds if pause is None else pause,
        )
        await self._save_settings(
            interaction, current, changed, zone_line, None if language is None else language.value
        )

    async def _save_settings(
        self,
        interaction: discord.Interaction,
        current: GuildSettings,
        changed: GuildSettings,
        zone_line: str,
        language: str | None,
    ) -> None:
        """Save what changed (the server's language too, told to bot.languages at once), then say it all."""
        if language is not None:  # English is the default, kept as None
            changed = replace(changed, language=None if language == SOURCE else language)
        if changed != current:
            await self.bot.store.save_guild_settings(changed)
        if language is not None:
            self.bot.languages.server_changed(current.guild_id, changed.language or SOURCE)
        spoken = LANGUAGE_NAMES.get(changed.language or SOURCE, changed.language or SOURCE)
        lines = f"{zone_line}\n" + _("Channels here read Bvunzo in {language}.", language=spoken)
        await replies.send(
            interaction, lines, embed=settings_embed(changed, changed != current), ephemeral=True
        )

    async def _calendar_settings(
        self,
        interaction: discord.Interaction,
        timezone: str | None,
        champion_role: discord.Role | None,
        champion_period: str | None,
        champion_count: int | None,
    ) -> str:
        """The time zone and champion role, kept by cogs/calendar; the lines saying what they are now."""
        calendar = self.bot.owners.get(CALENDAR_DESK)
        if calendar is None:
            raise UserError(unavailable(CALENDAR_DESK))
        guild = interaction.guild
        if guild is None:
            raise UserError(
                _("The time zone and champion role belong to a server with Bvunzo in it; run this there.")
            )
        line = (
            await calendar.set_timezone(guild.id, timezone)
            if timezone is not None
            else await calendar.timezone_line(guild.id)
        )
        if champion_role is not None or champion_period is not None or champion_count is not None:
            line += "\n" + await calendar.set_champion(guild, champion_role, champion_period, champion_count)
        return line

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
        ensure_quiz_master(interaction, await self.bot.store.guild_settings(guild_id), _("see round reports"))
        if round is not None and deck:
            raise UserError(_("Give a round or a deck, not both."))
        extra: list[discord.Embed] = []  # a deck's report adds the questions members keep failing
        if round is not None:
            record = await self.bot.store.get_round(round)
            if record is None or record.guild_id != guild_id:
                raise UserError(_("This server has no round number {round}.", round=round))
            found = await self.rounds.asked_deck(record)  # what it asked, whatever the deck says today
            if found is None:
                raise UserError(_("The deck of that round is no longer loaded."))
            chosen = found
            lines = await self.bot.store.question_report(guild_id, round_id=record.id)
            votes = votes_by_question(await self.bot.store.round_votes(record.id))
            title = _("Report: round {round} of {deck}", round=record.id, deck=chosen.title)
        elif deck:
            chosen = find_deck(self.bot, deck, guild_id)
            lines = await self.bot.store.question_report(guild_id, deck_id=chosen.id)
            votes = {}
            title = _("Report: {deck} (all rounds in this server)", deck=chosen.title)
            struggles = await self.bot.store.deck_struggles(guild_id, chosen.id, failures=LEECH_FAILURES)
            extra = [struggles_embed(chosen, struggles, LEECH_FAILURES)]
        else:
            last = await self.bot.store.last_finished_round(guild_id, interaction.channel_id or 0)
            if last is None:
                raise UserError(
                    _("No round has finished in this channel yet; give a deck to see its report.")
                )
            found = await self.rounds.asked_deck(last)
            if found is None:
                raise UserError(_("The deck of the last round here is no longer loaded."))
            chosen = found
            lines = await self.bot.store.question_report(guild_id, round_id=last.id)
            votes = votes_by_question(await self.bot.store.round_votes(last.id))
            title = _("Report: round {round} of {deck} (the last one here)", round=last.id, deck=chosen.title)
        embeds = fit_together(report_embed(title, chosen, lines, votes), *extra)  # 6000 for all
        await replies.send(interaction, embeds=embeds, ephemeral=True)

    @report.autocomplete("deck")
    async def _report_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return deck_choices(self.bot, interaction.guild_id, current)

    # -- restarts -----------------------------------------------------------------------------------

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        await self.rounds.resume()  # again after a reconnect: rounds running already are left alone

    async def shut_down(self) -> None:
        await self.rounds.shut_down()


def _starting(record: RoundRecord, decks: Sequence[Deck], options: RoundOptions) -> str:
    """What the moderator who started a round is told."""
    only = options.only
    count = len(record.question_ids)
    values = {"deck": mix(decks).title, "filter": only.describe(), "channel": f"<#{record.channel_id}>"}
    in_thread = record.parent_channel_id is not None
    if only.active and in_thread:
        return n_(
            "Starting a round of {n} question from “{deck}” matching {filter} in {channel}.",
            "Starting a round of {n} questions from “{deck}” matching {filter} in {channel}.",
            count,
            **values,
        )
    if only.active:
        return n_(
            "Starting a round of {n} question from “{deck}” matching {filter}.",
            "Starting a round of {n} questions from “{deck}” matching {filter}.",
            count,
            **values,
        )
    if in_thread:
        return n_(
            "Starting a round of {n} question from “{deck}” in {channel}.",
            "Starting a round of {n} questions from “{deck}” in {channel}.",
            count,
            **values,
        )
    return n_(
        "Starting a round of {n} question from “{deck}”.",
        "Starting a round of {n} questions from “{deck}”.",
        count,
        **values,
    )


def _ensure_may_post(interaction: discord.Interaction, *, thread: bool) -> None:
    """What the interaction says of the channel, before the service asks the port (its cache may lag)."""
    can = interaction.app_permissions
    # A value of 0 means Discord (or an emulator) did not say; then the round's own posts will tell.
    if can.value and not (can.view_channel and can.send_messages and can.embed_links):
        raise UserError(_(CANNOT_POST))
    if not isinstance(interaction.channel, discord.abc.Messageable) or interaction.channel_id is None:
        raise UserError(_(NO_CHANNEL))
    if thread:
        if not isinstance(interaction.channel, discord.TextChannel):
            raise UserError(_(NOT_A_TEXT_CHANNEL))
        if can.value and not (can.create_public_threads and can.send_messages_in_threads):
            raise UserError(_(CANNOT_THREAD))
