"""Flag a question: the "Report question" button and its form, and /quiz flags for moderators to close them."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot import replies
from bot.bank.models import Deck, Question
from bot.errors import UserError
from bot.forms import Form, submit_form
from bot.quiz import FLAG_REASONS, flagged_questions
from bot.store import FlagRecord
from bot.ui import custom_ids as ids
from bot.ui.desks import FLAG_DESK
from bot.ui.flags import FLAG_BUTTONS, flags_embed
from cogs.answers import MODAL_TITLE, cog_named
from cogs.guard import frozen_view, guarded
from cogs.permissions import ensure_quiz_master, guild_id_of

if TYPE_CHECKING:
    from bot.app import BvunzoBot

NOTE_LENGTH = 300
# Flags made in direct messages are kept under server 0: no server's moderators see them.
NO_SERVER = 0
CLOSED = {"r": "resolved", "d": "dismissed"}


def _cog(interaction: discord.Interaction[Any]) -> FlagsCog:
    cog: FlagsCog = cog_named(interaction, "Flags")
    return cog


class FlagButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.REPORT_QUESTION.pattern):
    """Report question: opens the form. Its deck and question are checked against the bank on each click."""

    def __init__(self, deck_id: str, question_id: str, *, row: int = 1) -> None:
        super().__init__(
            discord.ui.Button(
                label="Report question",
                style=discord.ButtonStyle.secondary,
                emoji="🚩",
                row=row,
                custom_id=ids.REPORT_QUESTION.make(deck_id, question_id),
            )
        )
        self.deck_id, self.question_id = deck_id, question_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> FlagButton:
        return cls(match["deck"], match["q"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, _cog(interaction).open_form(interaction, self.deck_id, self.question_id))


class CloseFlagsButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=ids.CLOSE_FLAGS.pattern,
):
    """Resolve (r) or dismiss (d) every open flag of one question, from /quiz flags."""

    def __init__(self, action: str, deck_id: str, question_id: str, number: int, *, row: int = 0) -> None:
        super().__init__(
            discord.ui.Button(
                label=f"{'Resolved' if action == 'r' else 'Dismiss'} {number}",
                style=discord.ButtonStyle.success if action == "r" else discord.ButtonStyle.secondary,
                row=row,
                custom_id=ids.CLOSE_FLAGS.make(action, deck_id, question_id),
            )
        )
        self.action, self.deck_id, self.question_id = action, deck_id, question_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> CloseFlagsButton:
        return cls(match["action"], match["deck"], match["q"], 0)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        work = _cog(interaction).close(interaction, self.deck_id, self.question_id, CLOSED[self.action])
        await guarded(interaction, work, edits=True)


class FlagForm(discord.ui.Modal):
    """What is wrong with the question (a reason, and optionally a sentence).

    It keeps nothing in memory that its submission needs: its custom_id names the deck and the question
    (`bvz:1:fm:<deck>:<question>`), so a form opened before a restart still submits after it.
    """

    def __init__(self, deck_id: str, question_id: str) -> None:
        super().__init__(
            title="Report this question", timeout=600, custom_id=ids.REPORT_FORM.make(deck_id, question_id)
        )
        self.reason: discord.ui.Select[FlagForm] = discord.ui.Select(
            custom_id="reason",
            options=[discord.SelectOption(label=label, value=value) for value, label in FLAG_REASONS.items()],
            min_values=1,
            max_values=1,
            required=True,
        )
        self.add_item(discord.ui.Label(text=clip_title("What is wrong with it?"), component=self.reason))
        self.note: discord.ui.TextInput[FlagForm] = discord.ui.TextInput(
            label="Anything to add? (optional)",
            custom_id="note",
            style=discord.TextStyle.paragraph,
            max_length=NOTE_LENGTH,
            required=False,
        )
        self.add_item(self.note)

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await submit_form(interaction, REPORT_FORM)


async def _report_submitted(
    interaction: discord.Interaction[Any], match: re.Match[str], entered: Mapping[str, str]
) -> None:
    work = _cog(interaction).keep_flag(
        interaction, match["deck"], match["q"], entered.get("reason", ""), entered.get("note", "")
    )
    await guarded(interaction, work)


REPORT_FORM = Form.of(ids.REPORT_FORM.pattern, _report_submitted)


def clip_title(text: str) -> str:
    return text[:MODAL_TITLE]


class FlagsCog(commands.Cog, name="Flags"):
    def __init__(self, bot: BvunzoBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.owners.provide(FLAG_DESK, self)  # /quiz flags (cogs/quiz) finds it here

    async def cog_unload(self) -> None:
        self.bot.owners.withdraw(FLAG_DESK, self)

    def _question(
        self, interaction: discord.Interaction[Any], deck_id: str, question_id: str
    ) -> tuple[Deck, Question]:
        deck = self.bot.bank.get(deck_id, interaction.guild_id)
        question = deck.question(question_id) if deck is not None else None
        if deck is None or question is None:
            raise UserError("That question is no longer in its deck, so there is nothing to report.")
        return deck, question

    async def open_form(self, interaction: discord.Interaction[Any], deck_id: str, question_id: str) -> None:
        deck, question = self._question(interaction, deck_id, question_id)
        await replies.open_form(interaction, FlagForm(deck.id, question.id))

    async def keep_flag(
        self, interaction: discord.Interaction[Any], deck_id: str, question_id: str, reason: str, note: str
    ) -> None:
        # Looked up again at submission: the deck may have changed (or the bot restarted) since the form opened.
        deck, question = self._question(interaction, deck_id, question_id)
        if reason not in FLAG_REASONS:
            raise UserError("Choose what is wrong with the question: wrong answer, unclear, typo or other.")
        flag = FlagRecord(
            guild_id=interaction.guild_id or NO_SERVER,
            deck_id=deck.id,
            question_id=question.id,
            user_id=interaction.user.id,
            reason=reason,
            note=note.strip() or None,
            status="open",
            flagged_at=self.bot.clock(),
        )
        new = await self.bot.store.flag_question(flag)
        if new:
            said = "Thanks, the question is reported: this server's moderators will see it in /quiz flags."
        else:
            said = "You had already reported this question; your report now says what you just chose."
        if interaction.guild_id is None:
            said = "Thanks, noted. Reports from direct messages reach no server's moderators; report it in your server to reach them."
        await replies.send(interaction, said, ephemeral=True)

    async def show_flags(self, interaction: discord.Interaction[Any], *, edit: bool = False) -> None:
        guild_id = guild_id_of(interaction)
        ensure_quiz_master(
            interaction, await self.bot.store.guild_settings(guild_id), "see reported questions"
        )
        lines = flagged_questions(await self.bot.store.open_flags(guild_id))
        shown = [(line, self.bot.bank.get(line.deck_id, guild_id)) for line in lines]
        embed = flags_embed(shown)
        buttons: list[discord.ui.Item[Any]] = []
        for number, (line, _deck) in enumerate(shown[:FLAG_BUTTONS], start=1):
            buttons.append(CloseFlagsButton("r", line.deck_id, line.question_id, number, row=number - 1))
            buttons.append(CloseFlagsButton("d", line.deck_id, line.question_id, number, row=number - 1))
        view = frozen_view(*buttons)
        if edit:
            await replies.edit(interaction, embed=embed, view=view)
        else:
            await replies.send(interaction, embed=embed, view=view, ephemeral=True)

    async def close(
        self, interaction: discord.Interaction[Any], deck_id: str, question_id: str, status: str
    ) -> None:
        guild_id = guild_id_of(interaction)
        ensure_quiz_master(
            interaction, await self.bot.store.guild_settings(guild_id), "close reported questions"
        )
        await self.bot.store.close_flags(
            guild_id, deck_id, question_id, status, interaction.user.id, self.bot.clock()
        )
        await self.show_flags(interaction, edit=True)


async def setup(bot: BvunzoBot) -> None:
    await bot.add_cog(FlagsCog(bot))
    bot.add_dynamic_items(FlagButton, CloseFlagsButton)
    bot.add_forms(REPORT_FORM)
