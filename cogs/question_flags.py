"""Flag a question: the "Report question" button and its form, and /quiz flags for moderators to close them."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import discord

from bot.bank.models import Deck, Question
from bot.discord.cogs import Cog
from bot.errors import UserError
from bot.locales import _, slash
from bot.reports import QuestionReports
from bot.ui import custom_ids as ids
from bot.ui import replies
from bot.ui.desks import FLAG_DESK, FlagDesk, find_desk
from bot.ui.flag_views import flags_embed, flags_view, report_form
from bot.ui.forms import Form
from cogs.guard import guarded
from cogs.permissions import moderator_here

if TYPE_CHECKING:
    from bot.discord.client import BvunzoBot

CLOSED = {"r": "resolved", "d": "dismissed"}


class ReportButton(discord.ui.DynamicItem[discord.ui.Item[Any]], template=ids.REPORT_QUESTION.pattern):
    """Report question (bot/ui/flag_views.py): opens the form. Its question is checked against the bank on each click."""

    def __init__(
        self, item: discord.ui.Item[Any], desk: FlagDesk | None, deck_id: str, question_id: str
    ) -> None:
        super().__init__(item)
        self.desk, self.deck_id, self.question_id = desk, deck_id, question_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReportButton:
        desk = await find_desk(interaction, FLAG_DESK)
        return cls(item, desk, match["deck"], match["q"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.desk is not None:  # else the member was told, in from_custom_id
            await guarded(interaction, self.desk.open_form(interaction, self.deck_id, self.question_id))


class CloseFlagsButton(discord.ui.DynamicItem[discord.ui.Item[Any]], template=ids.CLOSE_FLAGS.pattern):
    """Resolve (r) or dismiss (d) every open flag of one question, from /quiz flags."""

    def __init__(self, item: discord.ui.Item[Any], desk: FlagDesk | None, match: re.Match[str]) -> None:
        super().__init__(item)
        self.desk, self.status = desk, CLOSED[match["action"]]
        self.deck_id, self.question_id = match["deck"], match["q"]

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> CloseFlagsButton:
        desk = await find_desk(interaction, FLAG_DESK)
        return cls(item, desk, match)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.desk is not None:
            work = self.desk.close(interaction, self.deck_id, self.question_id, self.status)
            await guarded(interaction, work, edits=True)


async def _report_submitted(
    interaction: discord.Interaction[Any], match: re.Match[str], entered: Mapping[str, str]
) -> None:
    desk = await find_desk(interaction, FLAG_DESK)
    if desk is not None:
        work = desk.keep_flag(
            interaction, match["deck"], match["q"], entered.get("reason", ""), entered.get("note", "")
        )
        await guarded(interaction, work)


REPORT_FORM = Form.of(ids.REPORT_FORM.pattern, _report_submitted)


class FlagsCog(Cog, name="Flags"):  # i18n: not shown
    def __init__(self, bot: BvunzoBot) -> None:
        self.bot = bot

    @property
    def _reports(self) -> QuestionReports:
        return QuestionReports(self.bot.store, self.bot.clock)

    async def cog_load(self) -> None:
        self.bot.owners.provide(FLAG_DESK, self)

    async def cog_unload(self) -> None:
        self.bot.owners.withdraw(FLAG_DESK, self)

    def _question(
        self, interaction: discord.Interaction[Any], deck_id: str, question_id: str
    ) -> tuple[Deck, Question]:
        deck = self.bot.bank.get(deck_id, interaction.guild_id)
        question = deck.question(question_id) if deck is not None else None
        if deck is None or question is None:
            raise UserError(_("That question is no longer in its deck, so there is nothing to report."))
        return deck, question

    async def open_form(self, interaction: discord.Interaction[Any], deck_id: str, question_id: str) -> None:
        deck, question = self._question(interaction, deck_id, question_id)
        await replies.open_form(interaction, report_form(REPORT_FORM, deck.id, question.id))

    async def keep_flag(
        self, interaction: discord.Interaction[Any], deck_id: str, question_id: str, reason: str, note: str
    ) -> None:
        # Looked up again at submission: the deck may have changed (or the bot restarted) since the form opened.
        deck, question = self._question(interaction, deck_id, question_id)
        new = await self._reports.report(
            interaction.guild_id, deck, question, interaction.user.id, reason, note
        )
        if new:
            said = _(
                "Thanks, the question is reported: this server's moderators will see it in {cmd}.",
                cmd=slash("quiz flags"),
            )
        else:
            said = _("You had already reported this question; your report now says what you just chose.")
        if interaction.guild_id is None:
            said = _(
                "Thanks, noted. Reports from direct messages reach no server's moderators; report it in your "
                "server to reach them."
            )
        await replies.send(interaction, said, ephemeral=True)

    async def show_flags(self, interaction: discord.Interaction[Any], *, edit: bool = False) -> None:
        guild_id = await moderator_here(self.bot, interaction, _("see reported questions"))
        lines = await self._reports.queue(guild_id)
        shown = [(line, self.bot.bank.get(line.deck_id, guild_id)) for line in lines]
        embed = flags_embed(shown)
        view = flags_view(lines)
        if edit:
            await replies.edit(interaction, embed=embed, view=view)
        else:
            await replies.send(interaction, embed=embed, view=view, ephemeral=True)

    async def close(
        self, interaction: discord.Interaction[Any], deck_id: str, question_id: str, status: str
    ) -> None:
        guild_id = await moderator_here(self.bot, interaction, _("close reported questions"))
        await self._reports.close(guild_id, deck_id, question_id, status, interaction.user.id)
        await self.show_flags(interaction, edit=True)


async def setup(bot: BvunzoBot) -> None:
    await bot.add_cog(FlagsCog(bot))
    bot.add_dynamic_items(ReportButton, CloseFlagsButton)
    bot.add_forms(REPORT_FORM)
