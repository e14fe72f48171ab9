"""/assign start|list|close|results and members' attempts: options parsed, the assignments service asked, rendered."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands

from bot.calendar.assignment_service import Answered, Asking, Assignments, Finished
from bot.calendar.assignments import MOST_ATTEMPTS
from bot.calendar.kinds import Way, way_of
from bot.discord.cogs import Cog
from bot.errors import UserError
from bot.locales import _, slash, speaking
from bot.ui import replies
from bot.ui.answers import ASSIGNMENT_TAGS, answer_buttons
from bot.ui.assignments import (
    assignment_question_embed,
    attempt_summary_embed,
    feedback_embed,
    posted,
)
from bot.ui.attempt_cards import attempt_screen
from bot.ui.calendar_desks import ASSIGNMENT_DESK
from bot.ui.practice_cards import cleared_picker, next_in_cards
from bot.ui.text import clip
from bot.ui.views import frozen_view
from cogs.calendar._answering import AssignmentAnswering
from cogs.calendar._assign_buttons import AttemptAnswerButton
from cogs.calendar._assign_channel import assignment_message, progress_text
from cogs.calendar._assign_results import assignment_results
from cogs.calendar._port import channel_mention, in_cards
from cogs.calendar._styles import PostedStyles
from cogs.lookup import deck_choices, find_deck
from cogs.permissions import ensure_quiz_master, guild_id_of

if TYPE_CHECKING:
    from bot.discord.client import BvunzoBot


def question_message(asking: Asking) -> tuple[discord.Embed, discord.ui.View]:
    """A member's private question of their attempt, with what its kind is answered with."""
    record, index = asking.record, asking.index
    embed = assignment_question_embed(
        record.id, asking.question, asking.order, index, len(record.question_ids)
    )
    if way_of(asking.question) is not Way.BUTTONS:  # a menu or a form: the rounds' own components
        return embed, frozen_view(
            *answer_buttons(ASSIGNMENT_TAGS, asking.attempt.id, index, asking.question, asking.order)
        )
    slots = range(len(asking.order))
    return embed, frozen_view(*(AttemptAnswerButton(asking.attempt.id, index, slot) for slot in slots))


def summary_embed(done: Finished) -> discord.Embed:
    record = done.record
    return attempt_summary_embed(
        record.id,
        done.right,
        len(record.question_ids),
        done.attempt.number,
        record.attempts,
        done.late,
        done.mine,
    )


class AssignCog(AssignmentAnswering, Cog, name="Assign"):  # i18n: not shown (the cog's own name)
    assign = app_commands.Group(
        name="assign",
        description="Assignments: the same questions for everyone, played privately before a due time",
        guild_only=True,
        allowed_installs=app_commands.AppInstallationType(guild=True, user=False),
        allowed_contexts=app_commands.AppCommandContext(guild=True, dm_channel=False, private_channel=False),
    )

    def __init__(self, bot: BvunzoBot, service: Assignments, styles: PostedStyles) -> None:
        self.bot = bot
        self.service = service
        self.styles = styles  # the style of each assignment's message, for its progress edits

    async def cog_load(self) -> None:
        self.bot.owners.provide(ASSIGNMENT_DESK, self)

    async def cog_unload(self) -> None:
        self.bot.owners.withdraw(ASSIGNMENT_DESK, self)

    async def shut_down(self) -> None:
        await self.service.shut_down()

    async def _moderator(self, interaction: discord.Interaction, doing: str) -> int:
        guild_id = guild_id_of(interaction)
        ensure_quiz_master(interaction, await self.service.guild_settings(guild_id), doing)
        return guild_id

    # -- playing ----------------------------------------------------------------------------------

    async def start_attempt(self, interaction: discord.Interaction, assignment_id: int) -> None:
        asking = await self.service.start(interaction.guild_id, assignment_id, interaction.user.id)
        embed, view = question_message(asking)
        cards = await in_cards(self.bot, asking.record.guild_id)  # the first screen: the server's style
        shown = attempt_screen([embed], view, self.service.title(asking.record), cards=cards)
        await replies.send(interaction, **shown, ephemeral=True)

    async def answer(self, interaction: discord.Interaction, attempt_id: int, index: int, slot: int) -> None:
        answered: Answered = await self.service.answer(
            interaction.guild_id, attempt_id, index, slot, interaction.user.id
        )
        await self.show_answered(interaction, answered)

    async def show_answered(self, interaction: discord.Interaction, answered: Answered) -> None:
        """Any kind's answer, kept: its feedback, and the next question or the member's summary, in the
        style of the message clicked (the order picker's: the server's)."""
        feedback = feedback_embed(answered.question, answered.order, answered.said, answered.right)
        then, view = answered.then, None
        if isinstance(then, Asking):
            shown, view = question_message(then)
        else:
            shown = summary_embed(then)
        cards = await next_in_cards(interaction, lambda: in_cards(self.bot, then.record.guild_id))
        screen = attempt_screen([feedback, shown], view, self.service.title(then.record), cards=cards)
        await replies.edit(interaction, **cleared_picker(interaction, screen))

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
        guild_id = await self._moderator(interaction, _("set assignments"))
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel | discord.Thread):
            raise UserError(_("Post an assignment from a server's text channel."))
        chosen = find_deck(self.bot, deck, guild_id)
        record = await self.service.add(
            guild_id, channel.id, interaction.user.id, chosen, count, due, attempts, late
        )
        await replies.send(interaction, posted(record.id, count, record.due_at), ephemeral=True)
        progress = await self.service.progress(record)
        cards = await in_cards(self.bot, guild_id)
        with speaking(await self.bot.languages.server(guild_id)):  # the channel's message
            content = assignment_message(record, self.service.title(record), progress, cards=cards)
        message = await channel.send(**content)
        self.styles.posted(message.id, cards=cards)
        await self.service.posted(record, message.id)

    @start.autocomplete("deck")
    async def _deck_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return deck_choices(self.bot, interaction.guild_id, current)

    @assign.command(name="list", description="This server's latest assignments")
    async def list_assignments(self, interaction: discord.Interaction) -> None:
        lines = []
        for record, title, progress in await self.service.latest(guild_id_of(interaction)):
            where = _(
                "**#{id}** “{title}” in {channel}",
                id=record.id,
                title=clip(title, 60),
                channel=channel_mention(record.channel_id),
            )
            lines.append(f"{where} · {progress_text(progress)}")
        embed = discord.Embed(title=_("Assignments"), description=clip("\n".join(lines), 4096))
        await replies.send(interaction, embed=embed, ephemeral=True)

    @assign.command(name="close", description="Close an assignment now: no more starts or answers")
    @app_commands.describe(id="The assignment's number, from /assign list")
    async def close(self, interaction: discord.Interaction, id: app_commands.Range[int, 1]) -> None:
        guild_id = await self._moderator(interaction, _("close assignments"))
        await self.service.close(guild_id, id)
        closed = _(
            "Assignment #{id} is closed; {cmd} {id} has its results.", id=id, cmd=slash("assign results")
        )
        await replies.send(interaction, closed, ephemeral=True)

    @assign.command(
        name="results", description="An assignment's results per member and per question, with files"
    )
    @app_commands.describe(id="The assignment's number, from /assign list")
    async def results(self, interaction: discord.Interaction, id: app_commands.Range[int, 1]) -> None:
        guild_id = await self._moderator(interaction, _("see assignment results"))
        record = await self.service.of_server(guild_id, id)
        await replies.defer(interaction)  # names are looked up
        embed, files = await assignment_results(self.bot, record, await self.service.results(record))
        await replies.send(
            interaction,
            embed=embed,
            files=files,
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )
