"""/assign start|list|close|results: questions every member plays privately before a due time."""

from __future__ import annotations

import asyncio
import logging
import random
from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.bank.models import Question
from bot.calendar.assignments import (
    LATE_CHOICES,
    MOST_ATTEMPTS,
    member_results,
    parse_due,
    progress_counts,
)
from bot.calendar.qotd_service import askable
from bot.calendar.repeats import RuleError
from bot.calendar.zones import zone_named
from bot.errors import UserError
from bot.locales import _, slash, speaking
from bot.quiz.shuffle import new_seed
from bot.results.asked import assignment_deck, keep_assignment_versions
from bot.store import AssignmentAnswer, AssignmentRecord, AttemptRecord, NewAssignment
from bot.ui import replies
from bot.ui.assignments import (
    assignment_embed,
    assignment_question_embed,
    attempt_summary_embed,
    attempts_used,
    feedback_embed,
    posted,
    progress_line,
    too_few_questions,
    was_due,
)
from bot.ui.calendar_desks import ASSIGNMENT_DESK
from bot.ui.text import clip, letter
from bot.ui.views import frozen_view
from cogs.calendar._assign_buttons import AttemptAnswerButton, StartButton, member_order
from cogs.calendar._assign_results import assignment_results
from cogs.calendar._port import channel_mention
from cogs.lookup import deck_choices, find_deck
from cogs.permissions import ensure_quiz_master, guild_id_of

if TYPE_CHECKING:
    from bot.discord.client import BvunzoBot

log = logging.getLogger(__name__)

# The assignment message's progress is edited at most this often (Discord allows 5 edits in 5 s per
# channel; a class starting together would otherwise ask for one edit each).
PROGRESS_EVERY_SECONDS = 3.0


class AssignCog(commands.Cog, name="Assign"):  # i18n: not shown (the cog's own name)
    assign = app_commands.Group(
        name="assign",
        description="Assignments: the same questions for everyone, played privately before a due time",
        guild_only=True,
        allowed_installs=app_commands.AppInstallationType(guild=True, user=False),
        allowed_contexts=app_commands.AppCommandContext(guild=True, dm_channel=False, private_channel=False),
    )

    def __init__(self, bot: BvunzoBot) -> None:
        self.bot = bot
        self._progress: dict[int, asyncio.Task[None]] = {}

    async def cog_load(self) -> None:
        self.bot.owners.provide(ASSIGNMENT_DESK, self)

    async def cog_unload(self) -> None:
        self.bot.owners.withdraw(ASSIGNMENT_DESK, self)

    async def shut_down(self) -> None:
        for task in list(self._progress.values()):
            task.cancel()

    # -- playing ----------------------------------------------------------------------------------

    async def _question(self, record: AssignmentRecord, index: int) -> Question | None:
        deck = await assignment_deck(self.bot.store, self.bot.bank, record)  # as the assignment asks it
        return None if deck is None else deck.question(record.question_ids[index])

    def _refusal(self, record: AssignmentRecord) -> str | None:
        """Why the assignment takes no Start or answer now; None while it does."""
        if record.closed_at is not None:
            return _("This assignment is closed; nothing was recorded.")
        if record.late == "refuse" and self.bot.clock() >= record.due_at:
            return was_due(record.due_at)
        return None

    async def _question_message(
        self, record: AssignmentRecord, attempt: AttemptRecord, index: int
    ) -> tuple[discord.Embed, discord.ui.View]:
        question = await self._question(record, index)
        if question is None:
            raise UserError(_("This assignment's deck no longer has its questions; tell a moderator."))
        order = member_order(record, attempt.user_id, index, question)
        embed = assignment_question_embed(record.id, question, order, index, len(record.question_ids))
        view = frozen_view(*(AttemptAnswerButton(attempt.id, index, slot) for slot in range(len(order))))
        return embed, view

    async def start_attempt(self, interaction: discord.Interaction, assignment_id: int) -> None:
        record = await self.bot.store.assignment(assignment_id)
        if record is None or record.guild_id != interaction.guild_id:
            raise UserError(_("That assignment is not one of this server's; nothing was recorded."))
        refusal = self._refusal(record)
        if refusal is not None:
            raise UserError(refusal)
        user_id = interaction.user.id
        theirs = await self.bot.store.member_attempts(record.id, user_id)
        open_attempt = next((a for a in theirs if a.finished_at is None), None)
        if open_attempt is None:
            open_attempt = await self.bot.store.start_attempt(
                record.id, user_id, self.bot.clock(), record.attempts
            )
            if open_attempt is None:
                raise UserError(attempts_used(record.attempts))
            self._progress_soon(record)
        answered = {a.question_index for a in await self.bot.store.attempt_answers(open_attempt.id)}
        index = next(i for i in range(len(record.question_ids)) if i not in answered)
        embed, view = await self._question_message(record, open_attempt, index)
        await replies.send(interaction, embed=embed, view=view, ephemeral=True)

    async def answer(self, interaction: discord.Interaction, attempt_id: int, index: int, slot: int) -> None:
        attempt = await self.bot.store.attempt(attempt_id)
        record = None if attempt is None else await self.bot.store.assignment(attempt.assignment_id)
        if attempt is None or record is None or record.guild_id != interaction.guild_id:
            raise UserError(_("That assignment question is not one of this server's; nothing was recorded."))
        if attempt.user_id != interaction.user.id:
            raise UserError(
                _("That is someone else's assignment; press Start on the assignment for your own.")
            )
        refusal = self._refusal(record)
        if refusal is not None:
            raise UserError(refusal)
        if attempt.finished_at is not None:
            raise UserError(
                _("That attempt is finished; press Start on the assignment for another, if you have one.")
            )
        question = await self._question(record, index) if index < len(record.question_ids) else None
        if question is None:
            raise UserError(_("That question is not part of this assignment; nothing was recorded."))
        order = member_order(record, attempt.user_id, index, question)
        if slot >= len(order):
            raise UserError(_("That button isn't one this question has; nothing was recorded."))
        given = await self.bot.store.attempt_answers(attempt.id)
        now = self.bot.clock()
        shown_at = max((a.answered_at for a in given), default=attempt.started_at)
        choice = order[slot]
        before = await self.bot.store.record_assignment_answer(
            AssignmentAnswer(
                attempt.id,
                index,
                question.id,
                choice,
                choice in question.answers,
                max(0, int((now - shown_at).total_seconds() * 1000)),
                now,
            )
        )
        if before is not None:
            raise UserError(
                _(
                    "You already chose {letter}; answers can't be changed.",
                    letter=letter(order.index(before.choice)),
                )
            )
        feedback = feedback_embed(question, order, choice, choice in question.answers)
        answered = {a.question_index for a in given} | {index}
        left = [i for i in range(len(record.question_ids)) if i not in answered]
        if left:
            embed, view = await self._question_message(record, attempt, left[0])
            await replies.edit(interaction, embeds=[feedback, embed], view=view)
            return
        await self.bot.store.finish_attempt(attempt.id, now)
        right = sum(a.right for a in given) + (choice in question.answers)
        theirs = await self.bot.store.member_attempts(record.id, attempt.user_id)
        mine = member_results(theirs, await self.bot.store.assignment_answers(record.id), record.due_at)[0]
        total, late = len(record.question_ids), now > record.due_at
        summary = attempt_summary_embed(record.id, right, total, attempt.number, record.attempts, late, mine)
        await replies.edit(interaction, embeds=[feedback, summary], view=None)
        self._progress_soon(record)

    # -- the assignment message's progress ---------------------------------------------------------

    def _progress_soon(self, record: AssignmentRecord) -> None:
        # No check of record.message_id here: a member can press Start before the post's id is stored
        # (the click racing the post's own reply); the edit reads the record again when it runs.
        if record.id in self._progress:
            return  # an edit is on its way and will read the latest figures
        self._progress[record.id] = asyncio.create_task(self._edit_progress(record.id))

    async def _progress_text(self, record: AssignmentRecord) -> str:
        started, in_time, late = progress_counts(
            await self.bot.store.assignment_attempts(record.id), record.due_at
        )
        return progress_line(started, in_time, record.due_at, record.closed_at is not None, late)

    async def _edit_progress(self, assignment_id: int) -> None:
        try:
            await asyncio.sleep(PROGRESS_EVERY_SECONDS)
            record = await self.bot.store.assignment(assignment_id)
            if record is None or record.message_id is None:
                return
            self._progress.pop(assignment_id, None)  # figures read from here on need a later edit
            channel = self.bot.get_channel(record.channel_id)
            if isinstance(channel, discord.TextChannel | discord.Thread):
                with speaking(await self.bot.languages.server(record.guild_id)):  # the channel's message
                    embed = await self._message_embed(record)
                await channel.get_partial_message(record.message_id).edit(embed=embed)
        except discord.HTTPException as exc:
            log.info("assignment %s: the progress edit failed: %s", assignment_id, exc)
        except Exception:
            log.exception("assignment %s: the progress edit failed", assignment_id)
        finally:
            self._progress.pop(assignment_id, None)

    async def _message_embed(self, record: AssignmentRecord) -> discord.Embed:
        deck = self.bot.bank.get(record.deck_id, record.guild_id)
        title = deck.title if deck else record.deck_id
        return assignment_embed(
            record.id,
            title,
            len(record.question_ids),
            record.attempts,
            record.late,
            await self._progress_text(record),
        )

    # -- commands ---------------------------------------------------------------------------------

    @assign.command(
        name="start", description="Post an assignment in this channel, due at a time in the server's zone"
    )
    @app_commands.describe(
        deck="The deck its questions come from",
        count="How many questions (1-50)",
        due="YYYY-MM-DD HH:MM in the server's time zone, or HH:MM for today",
        attempts="How many attempts each member has (1-3; the best counts)",
        late="allow: answers after the due time count, marked late; refuse: they are refused",
    )
    async def start(
        self,
        interaction: discord.Interaction,
        deck: str,
        count: app_commands.Range[int, 1, 50],
        due: app_commands.Range[str, 1, 20],
        attempts: app_commands.Range[int, 1, MOST_ATTEMPTS] = 1,
        late: Literal["refuse", "allow"] = "refuse",
    ) -> None:
        guild_id = guild_id_of(interaction)
        ensure_quiz_master(interaction, await self.bot.store.guild_settings(guild_id), _("set assignments"))
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel | discord.Thread):
            raise UserError(_("Post an assignment from a server's text channel."))
        record = await self._new_assignment(
            guild_id, channel.id, interaction.user.id, deck, count, due, attempts, late
        )
        due_at = record.due_at
        await replies.send(
            interaction,
            posted(record.id, count, due_at),
            ephemeral=True,
        )
        with speaking(await self.bot.languages.server(guild_id)):  # the channel's message
            embed, view = await self._message_embed(record), frozen_view(StartButton(record.id))
        message = await channel.send(embed=embed, view=view)
        await self.bot.store.set_assignment_message(record.id, message.id)

    async def _new_assignment(
        self,
        guild_id: int,
        channel_id: int,
        by: int,
        deck: str,
        count: int,
        due: str,
        attempts: int,
        late: str,
    ) -> AssignmentRecord:
        """Check what a moderator asked for and keep the assignment; a UserError says what is wrong."""
        chosen = find_deck(self.bot, deck, guild_id)
        zone = zone_named((await self.bot.store.calendar_settings(guild_id)).timezone)
        now = self.bot.clock()
        try:
            due_at = parse_due(due, now, zone)
        except RuleError as exc:
            raise UserError(str(exc)) from exc
        if late not in LATE_CHOICES:
            raise UserError(_("late is allow or refuse."))
        ids = [q.id for q in chosen.questions if askable(q)]
        if len(ids) < count:
            raise UserError(too_few_questions(chosen.title, len(ids)))
        seed = new_seed()
        record = await self.bot.store.add_assignment(
            NewAssignment(
                guild_id=guild_id,
                channel_id=channel_id,
                deck_id=chosen.id,
                question_ids=tuple(random.Random(seed).sample(ids, count)),
                seed=seed,
                due_at=due_at,
                attempts=attempts,
                late=late,
                created_by=by,
                created_at=now,
            )
        )
        await keep_assignment_versions(self.bot.store, record, chosen, now)  # what it asks, kept as asked
        return record

    @start.autocomplete("deck")
    async def _deck_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return deck_choices(self.bot, interaction.guild_id, current)

    @assign.command(name="list", description="This server's latest assignments")
    async def list_assignments(self, interaction: discord.Interaction) -> None:
        guild_id = guild_id_of(interaction)
        found = await self.bot.store.guild_assignments(guild_id)
        if not found:
            raise UserError(
                _("No assignments yet; a moderator posts one with {cmd}.", cmd=slash("assign start"))
            )
        lines = []
        for record in found:
            deck = self.bot.bank.get(record.deck_id, guild_id)
            title = clip(deck.title if deck else record.deck_id, 60)
            where = _(
                "**#{id}** “{title}” in {channel}",
                id=record.id,
                title=title,
                channel=channel_mention(record.channel_id),
            )
            lines.append(f"{where} · {await self._progress_text(record)}")
        embed = discord.Embed(title=_("Assignments"), description=clip("\n".join(lines), 4096))
        await replies.send(interaction, embed=embed, ephemeral=True)

    @assign.command(name="close", description="Close an assignment now: no more starts or answers")
    @app_commands.describe(id="The assignment's number, from /assign list")
    async def close(self, interaction: discord.Interaction, id: app_commands.Range[int, 1]) -> None:
        guild_id = guild_id_of(interaction)
        ensure_quiz_master(interaction, await self.bot.store.guild_settings(guild_id), _("close assignments"))
        if not await self.bot.store.close_assignment(guild_id, id, self.bot.clock()):
            raise UserError(
                _(
                    "There is no open assignment #{id} in this server; {cmd} shows them.",
                    id=id,
                    cmd=slash("assign list"),
                )
            )
        closed = _(
            "Assignment #{id} is closed; {cmd} {id} has its results.", id=id, cmd=slash("assign results")
        )
        await replies.send(interaction, closed, ephemeral=True)
        record = await self.bot.store.assignment(id)
        if record is not None:
            self._progress_soon(record)

    @assign.command(
        name="results", description="An assignment's results per member and per question, with files"
    )
    @app_commands.describe(id="The assignment's number, from /assign list")
    async def results(self, interaction: discord.Interaction, id: app_commands.Range[int, 1]) -> None:
        guild_id = guild_id_of(interaction)
        ensure_quiz_master(
            interaction, await self.bot.store.guild_settings(guild_id), _("see assignment results")
        )
        record = await self.bot.store.assignment(id)
        if record is None or record.guild_id != guild_id:
            raise UserError(
                _(
                    "There is no assignment #{id} in this server; {cmd} shows them.",
                    id=id,
                    cmd=slash("assign list"),
                )
            )
        await replies.defer(interaction)  # names are looked up
        embed, files = await assignment_results(self.bot, record)
        await replies.send(
            interaction,
            embed=embed,
            files=files,
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )
