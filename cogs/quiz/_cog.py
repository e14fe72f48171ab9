"""/quiz: moderators run rounds in a channel; members answer with buttons."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot import replies
from bot.bank.mixed import mix
from bot.bank.models import Deck, Kind
from bot.errors import UserError
from bot.quiz import (
    LEECH_FAILURES,
    AlreadyAnsweredError,
    EmptyDeckError,
    MissingQuestionError,
    Mode,
    RestoredAnswer,
    RoundState,
    choice_order,
    plan_round,
)
from bot.quiz.choosing import Filter, TooFewQuestionsError
from bot.quiz.standings import PODIUM_MAX, PODIUM_MIN
from bot.quiz.teams import MAX_TEAMS, MIN_TEAMS, team_name
from bot.quiz.timing import READING_MAX
from bot.store import GuildSettings, NewRound, RoundAlreadyRunning, RoundRecord
from bot.ui.boards import report_embed, settings_embed, struggles_embed
from bot.ui.practice import translation_embed, translation_target
from bot.ui.round import my_result_text
from bot.ui.text import clip, letter, plural
from cogs.answers import GivenAnswer, TextAnswerForm, cog_named
from cogs.lookup import deck_choices, find_deck
from cogs.permissions import ensure_manager, ensure_quiz_master, guild_id_of
from cogs.quiz._channel import RoundChannel
from cogs.quiz._session import RoundSession

if TYPE_CHECKING:
    from bot.app import BvunzoBot

log = logging.getLogger(__name__)

THREAD_NAME = 100  # characters in a thread's name (Discord's limit)
# How long the typed-answer form of an untimed question stays open: it has no deadline to go by.
UNTIMED_FORM_SECONDS = 15 * 60


class QuizCog(commands.Cog, name="Quiz"):
    quiz = app_commands.Group(
        name="quiz",
        description="Run quiz rounds in this channel",
        guild_only=True,
        # Rounds need the bot in the server: not offered to a member who installed Bvunzo for themselves.
        allowed_installs=app_commands.AppInstallationType(guild=True, user=False),
        allowed_contexts=app_commands.AppCommandContext(guild=True, dm_channel=False, private_channel=False),
    )

    def __init__(self, bot: BvunzoBot) -> None:
        self.bot = bot
        self.sessions: dict[int, RoundSession] = {}  # by round id
        self.by_channel: dict[int, RoundSession] = {}
        self.resumed = False

    # -- commands -----------------------------------------------------------------------------------

    @quiz.command(name="start", description="Start a quiz round in this channel")
    @app_commands.describe(
        deck="The deck to play (/decks lists them)",
        questions="How many questions (1-50)",
        seconds="Seconds to answer each question (5-120)",
        mode="standard: 100 points per right answer; speed: 50-100, more for faster answers",
        podium="Places on the final podium (1-10; server default 3)",
        standings="end: only in the summary; live: top 5 after each reveal; hidden: no names before the end",
        streaks="Right answers in a row earn +10 each after the first, up to +50",
        reading="Seconds each question shows before its buttons open (0-30)",
        untimed="No timer: each question waits for every player, or a moderator's Reveal button",
        long_prompts="Long prompts get more time: +1 s per 100 characters beyond 200",
        tags="Only questions with one of these tags (separated by commas); any: no filter",
        difficulty="Only questions of this difficulty; any: no filter",
        deck2="A second deck to mix into the round",
        deck3="A third deck to mix into the round",
        thread="Play the round in a new public thread named after the deck; the summary also comes here",
        teams="2-4 teams scored by their members' mean points; 0: no teams",
    )
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
        team_count = _team_count(settings.teams if teams is None else teams)
        ensure_quiz_master(interaction, settings, "start a round")
        if self.bot.closing:
            raise UserError("Bvunzo is restarting; start the round again in a minute.")
        decks = [find_deck(self.bot, name, guild_id) for name in (deck, deck2, deck3) if name]
        if len({d.id for d in decks}) != len(decks):
            raise UserError("deck, deck2 and deck3 name the same deck twice; pick different decks.")
        chosen = mix(decks)
        can = interaction.app_permissions
        # A value of 0 means Discord (or an emulator) did not say; then the round's own posts will tell.
        if can.value and not (can.view_channel and can.send_messages and can.embed_links):
            raise UserError(
                "I can't post rounds in this channel: give Bvunzo View Channel, Send Messages and "
                "Embed Links here, or start the round in another channel."
            )
        channel = interaction.channel
        if not isinstance(channel, discord.abc.Messageable) or interaction.channel_id is None:
            raise UserError("Rounds run in a server's text channels; start it from one.")
        in_thread = settings.thread if thread is None else thread
        if in_thread:
            channel = self._thread_parent(interaction)
        running = None if in_thread else self.by_channel.get(interaction.channel_id)
        if running is not None:
            raise UserError(self._already_running(running.record))
        only = Filter.parse(
            settings.tags if tags is None else tags, settings.difficulty if difficulty is None else difficulty
        )
        try:
            plan = plan_round(chosen, questions or settings.questions, only=only, exact=questions is not None)
        except EmptyDeckError as exc:
            raise UserError(f"“{chosen.title}” has no questions yet.") from exc
        except TooFewQuestionsError as exc:
            raise UserError(f"“{chosen.title}”: {exc.sentence}") from exc
        parent_id = None
        if isinstance(channel, discord.TextChannel) and in_thread:
            # Named after the deck; a day without messages archives it (the summary is in the parent too).
            channel = await channel.create_thread(
                name=clip(chosen.title, THREAD_NAME),
                type=discord.ChannelType.public_thread,
                auto_archive_duration=1440,
                reason="A Bvunzo quiz round",
            )
            parent_id = interaction.channel_id
        try:
            record = await self.bot.store.start_round(
                NewRound(
                    guild_id=guild_id,
                    channel_id=channel.id if parent_id is not None else interaction.channel_id,
                    parent_channel_id=parent_id,
                    teams=team_count,
                    deck_id=plan.deck_id,
                    started_by=interaction.user.id,
                    question_ids=plan.question_ids,
                    seconds=seconds or settings.seconds,
                    mode=mode or settings.mode,
                    seed=plan.seed,
                    started_at=self.bot.clock(),
                    podium=podium or settings.podium,
                    standings=standings or settings.standings,
                    streak_bonus=settings.streak_bonus if streaks is None else streaks,
                    reading_seconds=settings.reading_seconds if reading is None else reading,
                    untimed=settings.untimed if untimed is None else untimed,
                    long_prompts=settings.long_prompts if long_prompts is None else long_prompts,
                )
            )
        except RoundAlreadyRunning as exc:
            raise UserError(self._already_running(exc.round)) from exc
        matching = f" matching {only.describe()}" if only.active else ""
        where = f" in <#{record.channel_id}>" if parent_id is not None else ""
        await replies.send(
            interaction,
            f"Starting a round of {plural(len(record.question_ids), 'question')} from “{chosen.title}”"
            f"{matching}{where}.",
            ephemeral=True,
        )
        self._launch(
            record,
            chosen,
            RoundState(
                round_id=record.id,
                deck=chosen,
                question_ids=record.question_ids,
                seed=record.seed,
                seconds=record.seconds,
                mode=Mode(record.mode),
                streaks=record.streak_bonus,
                reading_seconds=record.reading_seconds,
                untimed=record.untimed,
                long_prompts=record.long_prompts,
                teams=record.teams,
            ),
            channel,
            settings,
            resumed=False,
        )

    @start.autocomplete("deck3")
    @start.autocomplete("deck2")
    @start.autocomplete("deck")
    async def _deck_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return deck_choices(self.bot, interaction.guild_id, current)

    @quiz.command(name="stop", description="End the round in this channel now; points earned stay")
    async def stop(self, interaction: discord.Interaction) -> None:
        session = await self._channel_session(interaction)
        if session.record.started_by != interaction.user.id:
            ensure_quiz_master(
                interaction,
                await self.bot.store.guild_settings(session.record.guild_id),
                "stop a round someone else started",
            )
        session.stop()
        await replies.send(
            interaction, "Stopping the round: the current question is revealed now.", ephemeral=True
        )

    @quiz.command(name="skip", description="Reveal the current question now")
    async def skip(self, interaction: discord.Interaction) -> None:
        session = await self._channel_session(interaction)
        if session.record.started_by != interaction.user.id:
            ensure_quiz_master(
                interaction, await self.bot.store.guild_settings(session.record.guild_id), "skip a question"
            )
        session.skip()
        await replies.send(interaction, "Revealing the current question.", ephemeral=True)

    @quiz.command(name="settings", description="This server's quiz settings (Manage Server)")
    @app_commands.describe(
        role="Members with this role may run rounds without Manage Server",
        questions="Default number of questions per round (1-50)",
        seconds="Default seconds per question (5-120)",
        mode="Default scoring mode",
        pause="Seconds between a reveal and the next question (0-60)",
        clear_role="Remove the quiz-master role",
        podium="Default places on the final podium (1-10)",
        standings="Default: end (summary only), live (top 5 after each reveal), hidden (no names before the end)",
        streaks="Default for the streak bonus (+10 per right answer in a row after the first, up to +50)",
        reading="Default seconds each question shows before its buttons open (0-30)",
        untimed="Default: no timer, questions wait for every player or a moderator's Reveal",
        long_prompts="Default: long prompts get +1 s per 100 characters beyond 200",
        thread="Default: rounds start in a new public thread under the channel",
        teams="Default number of teams (2-4), 0 for none",
        tags="Default tag filter (tags separated by commas); any: none",
        difficulty="Default difficulty filter; any: none",
    )
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
    ) -> None:
        guild_id = guild_id_of(interaction)
        ensure_manager(interaction, "change the quiz settings")
        current = await self.bot.store.guild_settings(guild_id)
        changed = GuildSettings(
            guild_id=guild_id,
            quiz_master_role_id=None if clear_role else (role.id if role else current.quiz_master_role_id),
            questions=questions or current.questions,
            seconds=seconds or current.seconds,
            mode=mode or current.mode,
            pause_seconds=current.pause_seconds if pause is None else pause,
            podium=podium or current.podium,
            standings=standings or current.standings,
            streak_bonus=current.streak_bonus if streaks is None else streaks,
            reading_seconds=current.reading_seconds if reading is None else reading,
            untimed=current.untimed if untimed is None else untimed,
            long_prompts=current.long_prompts if long_prompts is None else long_prompts,
            # Kept as the filter reads them, so that /quiz settings shows what rounds will use.
            tags=current.tags if tags is None else " ".join(sorted(Filter.parse(tags, None).tags)),
            difficulty=current.difficulty
            if difficulty is None
            else Filter.parse(None, difficulty).difficulty,
            thread=current.thread if thread is None else thread,
            teams=current.teams if teams is None else _team_count(teams),
        )
        if changed != current:
            await self.bot.store.save_guild_settings(changed)
        await replies.send(interaction, embed=settings_embed(changed, changed != current), ephemeral=True)

    @quiz.command(name="flags", description="Questions members reported, and why; resolve or dismiss them")
    async def flags(self, interaction: discord.Interaction) -> None:
        await cog_named(interaction, "Flags").show_flags(interaction)  # cogs/flags.py

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
        ensure_quiz_master(interaction, await self.bot.store.guild_settings(guild_id), "see round reports")
        if round is not None and deck:
            raise UserError("Give a round or a deck, not both.")
        extra: list[discord.Embed] = []  # a deck's report adds the questions members keep failing
        if round is not None:
            record = await self.bot.store.get_round(round)
            if record is None or record.guild_id != guild_id:
                raise UserError(f"This server has no round number {round}.")
            found = self.bot.bank.get(record.deck_id, guild_id)
            if found is None:
                raise UserError("The deck of that round is no longer loaded.")
            chosen = found
            lines = await self.bot.store.question_report(guild_id, round_id=record.id)
            votes = await self._poll_votes(record.id)
            title = f"Report: round {record.id} of {chosen.title}"
        elif deck:
            chosen = find_deck(self.bot, deck, guild_id)
            lines = await self.bot.store.question_report(guild_id, deck_id=chosen.id)
            votes = {}
            title = f"Report: {chosen.title} (all rounds in this server)"
            struggles = await self.bot.store.deck_struggles(guild_id, chosen.id, failures=LEECH_FAILURES)
            extra = [struggles_embed(chosen, struggles, LEECH_FAILURES)]
        else:
            last = await self.bot.store.last_finished_round(guild_id, interaction.channel_id or 0)
            if last is None:
                raise UserError("No round has finished in this channel yet; give a deck to see its report.")
            found = self.bot.bank.get(last.deck_id, guild_id)
            if found is None:
                raise UserError("The deck of the last round here is no longer loaded.")
            chosen = found
            lines = await self.bot.store.question_report(guild_id, round_id=last.id)
            votes = await self._poll_votes(last.id)
            title = f"Report: round {last.id} of {chosen.title} (the last one here)"
        embeds = [report_embed(title, chosen, lines, votes), *extra]
        await replies.send(interaction, embeds=embeds, ephemeral=True)

    async def _poll_votes(self, round_id: int) -> dict[int, dict[int, int]]:
        """Votes per choice of each poll of the round, by question index."""
        counts: dict[int, dict[int, int]] = {}
        for vote in await self.bot.store.round_votes(round_id):
            per_choice = counts.setdefault(vote.question_index, {})
            per_choice[vote.choice] = per_choice.get(vote.choice, 0) + 1
        return counts

    @report.autocomplete("deck")
    async def _report_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return deck_choices(self.bot, interaction.guild_id, current)

    # -- components ---------------------------------------------------------------------------------

    async def on_answer(self, interaction: discord.Interaction, given: GivenAnswer) -> None:
        session = await self._live_session(interaction, given.play_id)
        index = given.index
        outcome = await session.answer(interaction.user.id, index, slot=given.slot, text=given.text)
        recorded, verdict = outcome.recorded, outcome.verdict
        if not recorded.first:
            previous = recorded.previous
            order = session.state.order(index)
            # The engine's sentence for it, with the letter the member saw (stored answers keep the choice).
            slot = order.index(previous.choice) if previous and previous.choice in order else None
            raise AlreadyAnsweredError(slot, previous.text if previous else None)
        shown = letter(verdict.slot) if verdict.slot is not None else f"“{clip(verdict.text or '', 100)}”"
        placed = await session.place_late(interaction.user.id)
        joined = "" if placed is None else f" You play for {team_name(placed)}, the smallest team."
        await replies.send(interaction, f"Locked in: {shown}.{joined}", ephemeral=True)

    async def on_team(self, interaction: discord.Interaction, round_id: int, team: int) -> None:
        session = await self._live_session(interaction, round_id)
        roster = session.state.roster
        if roster is None or team >= roster.teams:
            raise UserError("This round has no such team.")
        now = roster.team_of(interaction.user.id)
        if now is not None and interaction.user.id in session.state.players:
            raise UserError(f"You play for {team_name(now)}; teams stay as they are once you have answered.")
        await session.join_team(interaction.user.id, team)
        await replies.send(interaction, f"You play for {team_name(team)}.", ephemeral=True)

    async def on_balance(self, interaction: discord.Interaction, round_id: int) -> None:
        session = await self._live_session(interaction, round_id)
        if session.record.started_by != interaction.user.id:
            ensure_quiz_master(
                interaction, await self.bot.store.guild_settings(session.record.guild_id), "balance the teams"
            )
        if session.state.roster is None:
            raise UserError("This round has no teams.")
        sizes = await session.balance_teams()
        shown = " · ".join(f"{team_name(team)} {size}" for team, size in enumerate(sizes))
        await replies.send(interaction, f"Teams balanced: {shown}.", ephemeral=True)

    async def on_translate(self, interaction: discord.Interaction, round_id: int, index: int) -> None:
        record = await self._owned_round(interaction, round_id)
        deck = self.bot.bank.get(record.deck_id, record.guild_id)
        session = self.sessions.get(round_id)
        if deck is None or index >= len(record.question_ids):
            raise UserError("This question is no longer available.")
        question = deck.question(record.question_ids[index])
        if question is None:
            raise UserError("This question is no longer available.")
        # A finished round's order comes from its seed, as it was shown.
        order = (
            session.state.order(index)
            if session
            else choice_order(record.seed, index, len(question.choices), question.kind)
        )
        wanted = await self.bot.store.member_language(interaction.user.id)
        revealed = session is None or session.state.is_revealed(index)
        target = translation_target(question, wanted, str(interaction.locale))
        embed = translation_embed(question, order, target, revealed=revealed)
        await replies.send(interaction, embed=embed, ephemeral=True)

    async def text_answer_form(
        self, interaction: discord.Interaction, round_id: int, index: int
    ) -> TextAnswerForm:
        session = await self._live_session(interaction, round_id)
        if session.state.current != index or not session.state.is_open:
            raise UserError("That question is closed.")
        question = session.state.question(index)
        if question.kind is not Kind.TEXT:
            raise UserError("That question is answered with the letter buttons.")
        # The form outlives the question by a little, so an answer typed at the last second still arrives.
        state = session.state
        seconds = UNTIMED_FORM_SECONDS if state.untimed else state.seconds_for(index) + 30
        return TextAnswerForm(f"Question {index + 1}", question.prompt, seconds)

    async def on_my_result(self, interaction: discord.Interaction, round_id: int) -> None:
        record = await self._owned_round(interaction, round_id)
        session = self.sessions.get(round_id)
        if session is not None:
            state = session.state
        else:
            deck = self.bot.bank.get(record.deck_id, record.guild_id)
            if deck is None:
                raise UserError("The deck of that round is no longer loaded.")
            try:
                state = await self._restored(record, deck)
            except MissingQuestionError as exc:
                raise UserError("The deck of that round is no longer loaded.") from exc
        scores = state.scores()
        mine = next((result for result in scores if result.user_id == interaction.user.id), None)
        missed = state.missed(interaction.user.id)
        numbers = [index + 1 for index, qid in enumerate(state.question_ids) if qid in missed]
        await replies.send(interaction, my_result_text(mine, scores, numbers, round_id), ephemeral=True)

    async def on_reveal(self, interaction: discord.Interaction, round_id: int, index: int) -> None:
        session = await self._live_session(interaction, round_id)
        if session.record.started_by != interaction.user.id:
            ensure_quiz_master(
                interaction,
                await self.bot.store.guild_settings(session.record.guild_id),
                "reveal a question",
            )
        if session.state.current != index or session.state.revealed:
            raise UserError("That question has already been revealed.")
        session.skip()
        await replies.send(interaction, "Revealing the question.", ephemeral=True)

    async def on_practise_missed(self, interaction: discord.Interaction, round_id: int) -> None:
        record = await self._owned_round(interaction, round_id, running_ok=False)
        practice: Any = self.bot.get_cog("Practice")
        if practice is None:
            raise UserError("Practice is not available right now.")
        await practice.start_missed(interaction, record)

    # -- helpers ------------------------------------------------------------------------------------

    async def _owned_round(
        self, interaction: discord.Interaction, round_id: int, *, running_ok: bool = True
    ) -> RoundRecord:
        session = self.sessions.get(round_id)
        record = session.record if session else await self.bot.store.get_round(round_id)
        if record is None:
            raise UserError("This round has ended.")
        if record.guild_id != interaction.guild_id:
            raise UserError("That button doesn't belong to a round of this server; nothing was changed.")
        if not running_ok and record.status == "running":
            raise UserError("This round is still running; practise once it ends.")
        return record

    async def _live_session(self, interaction: discord.Interaction, round_id: int) -> RoundSession:
        record = await self._owned_round(interaction, round_id)
        session = self.sessions.get(round_id)
        if record.status != "running":
            raise UserError("This round has ended.")
        if session is None:
            raise UserError("This round is resuming after a restart; try again in a moment.")
        return session

    async def _channel_session(self, interaction: discord.Interaction) -> RoundSession:
        guild_id_of(interaction)
        session = self.by_channel.get(interaction.channel_id or 0)
        if session is None:
            raise UserError("No round is running in this channel.")
        return session

    @staticmethod
    def _thread_parent(interaction: discord.Interaction) -> discord.TextChannel:
        """The text channel a round in a thread opens its thread under, once the bot may do so there."""
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            raise UserError("A round in a thread starts from a text channel, not from a thread or a forum.")
        can = interaction.app_permissions
        if can.value and not (can.create_public_threads and can.send_messages_in_threads):
            raise UserError(
                "I can't run the round in a thread here: give Bvunzo Create Public Threads and Send Messages "
                "in Threads, or start it without thread:true."
            )
        return channel

    @staticmethod
    def _already_running(record: RoundRecord) -> str:
        return (
            f"A round is already running in <#{record.channel_id}> (started by <@{record.started_by}>); "
            "/quiz stop ends it."
        )

    def _launch(
        self,
        record: RoundRecord,
        deck: Deck,
        state: RoundState,
        channel: discord.abc.Messageable,
        settings: GuildSettings,
        *,
        resumed: bool,
    ) -> None:
        session = RoundSession(
            self.bot,
            record,
            deck,
            state,
            channel,
            pause_seconds=settings.pause_seconds,
            resumed=resumed,
            on_end=self._forget,
        )
        self.sessions[record.id] = session
        self.by_channel[record.channel_id] = session
        session.start()

    async def _forget(self, session: RoundSession) -> None:
        self.sessions.pop(session.round_id, None)
        if self.by_channel.get(session.record.channel_id) is session:
            del self.by_channel[session.record.channel_id]

    # -- restarts -----------------------------------------------------------------------------------

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        if self.resumed:
            return
        self.resumed = True
        for record in await self.bot.store.running_rounds():
            if record.id in self.sessions or not self.bot.holds_guild(record.guild_id):
                continue  # another process runs that server's shard: the round is its to resume
            try:
                await self._resume(record)
            except Exception:
                log.exception("round %s could not be resumed", record.id)
                await self.bot.store.finish_round(
                    record.id, "interrupted", self.bot.clock(), "it could not be resumed after a restart"
                )

    async def _resume(self, record: RoundRecord) -> None:
        channel = self.bot.get_channel(record.channel_id)
        deck = self.bot.bank.get(record.deck_id, record.guild_id)
        why = None
        state = None
        if not isinstance(channel, discord.abc.Messageable):
            why = "its channel is gone"
        elif deck is None:
            why = "its deck is no longer loaded"
        else:
            try:
                state = await self._restored(record, deck)
            except MissingQuestionError:
                why = "its deck is no longer loaded"
        if state is None:
            await self.bot.store.finish_round(record.id, "interrupted", self.bot.clock(), why)
            if isinstance(channel, discord.abc.Messageable):
                # Through the retry policy, like every post of a round: a 5xx now must not lose the notice.
                posts = RoundChannel(channel, self.bot.discord_retry, record.id, self.bot.clock)
                await posts.last_word(
                    "the could-not-resume notice",
                    content=f"The round that was running here could not resume after a restart ({why}); "
                    "every answer given counts on the leaderboard.",
                )
            log.warning("round %s closed at restart: %s", record.id, why)
            return
        assert deck is not None and isinstance(channel, discord.abc.Messageable)
        settings = await self.bot.store.guild_settings(record.guild_id)
        log.info(
            "resuming round %s in channel %s at question %s", record.id, record.channel_id, record.current
        )
        self._launch(record, deck, state, channel, settings, resumed=True)

    async def _restored(self, record: RoundRecord, deck: Deck) -> RoundState:
        """The round as the store kept it; MissingQuestionError when its deck lost one of its questions."""
        answers = await self.bot.store.round_answers(record.id)
        # Poll votes come back as answers that were never right and earned nothing: so they were judged.
        votes = [
            RestoredAnswer(v.user_id, v.question_index, v.choice, None, False, 0, 0, v.voted_at)
            for v in await self.bot.store.round_votes(record.id)
        ]
        return RoundState.restore(
            round_id=record.id,
            deck=deck,
            question_ids=record.question_ids,
            seed=record.seed,
            seconds=record.seconds,
            mode=Mode(record.mode),
            answers=[
                RestoredAnswer(
                    a.user_id, a.question_index, a.choice, a.text, a.right, a.ms, a.points, a.answered_at
                )
                for a in answers
            ]
            + votes,
            current=record.current,
            revealed=record.revealed,
            streaks=record.streak_bonus,
            reading_seconds=record.reading_seconds,
            untimed=record.untimed,
            long_prompts=record.long_prompts,
            teams=record.teams,
            team_members=await self.bot.store.round_teams(record.id) if record.teams else None,
        )

    async def shut_down(self) -> None:
        for session in list(self.sessions.values()):
            await session.shut_down()


def _team_count(teams: int) -> int:
    """0 (no teams) or 2-4: one team is no contest."""
    if teams and not MIN_TEAMS <= teams <= MAX_TEAMS:
        raise UserError(
            f"A round has {MIN_TEAMS} to {MAX_TEAMS} teams, or 0 for none; one team is no contest."
        )
    return teams
