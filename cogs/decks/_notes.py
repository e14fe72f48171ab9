"""Make a question from this: a message command that opens /deck suggest's form filled from a message.

The first sentence is the prompt and the rest the explanation (bot/bank/notes.py); the member adds the
answers. With one deck of the server's own and text that fits, the form opens at once; otherwise an
ephemeral message comes first, with a select of the server's decks (and the sentence saying the text was
shortened). The form is /deck suggest's own, so its suggestion reaches the same moderators' queue.

The bot reads no message content (no privileged intent): the text comes only with the command, so it is
kept here, in memory, until the member picks a deck; a pick after a restart asks for the command again.
"""

from __future__ import annotations

import re
import time
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.bank.notes import Draft, draft_from
from bot.decks.server_decks import ServerDecks
from bot.discord.cogs import Cog
from bot.errors import UserError
from bot.locales import _, slash
from bot.ui import custom_ids as ids
from bot.ui import replies
from bot.ui.deck_views import EXPLANATION_ROOM, PROMPT_ROOM, note_deck_view, suggestion_form
from bot.ui.desks import NOTE_DESK, NoteDesk, find_desk
from cogs.decks._forms import SUGGESTION_FORM
from cogs.guard import guarded
from cogs.lookup import find_deck
from cogs.permissions import guild_id_of

if TYPE_CHECKING:
    from bot.discord.client import BvunzoBot

# A message's text waits this long for its deck to be picked, and only the latest few are kept.
KEPT_SECONDS = 15 * 60
KEPT_DRAFTS = 200


class NoteDeckSelect(discord.ui.DynamicItem[discord.ui.Item[Any]], template=ids.NOTE_DECK.pattern):
    """The deck picked for a question made from a message (its id in the custom_id)."""

    def __init__(self, item: discord.ui.Item[Any], desk: NoteDesk | None, match: re.Match[str]) -> None:
        super().__init__(item)
        self.desk, self.message_id = desk, int(match["msg"])

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> NoteDeckSelect:
        desk: NoteDesk | None = await find_desk(interaction, NOTE_DESK)
        return cls(item, desk, match)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        data: Any = interaction.data or {}
        values = data.get("values") or [""]
        if self.desk is not None:
            await guarded(interaction, self.desk.on_note_deck(interaction, self.message_id, str(values[0])))


class NotesCog(Cog, name="Notes"):  # i18n: not shown (the cog's key, in logs)
    def __init__(self, bot: BvunzoBot) -> None:
        self.bot = bot
        self._drafts: OrderedDict[tuple[int, int], tuple[float, Draft]] = OrderedDict()
        # Its name is in the catalog under "command command_name", like every slash command's.
        self.menu = app_commands.ContextMenu(name="Make a question from this", callback=self.make_question)

    @property
    def decks(self) -> ServerDecks:
        return self.bot.decks

    async def cog_load(self) -> None:
        self.bot.tree.add_command(self.menu)
        self.bot.owners.provide(NOTE_DESK, self)

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command(self.menu.name, type=self.menu.type)
        self.bot.owners.withdraw(NOTE_DESK, self)

    @app_commands.guild_only()  # offered in servers only; a stale client's DM is told why (guild_id_of)
    async def make_question(self, interaction: discord.Interaction, message: discord.Message) -> None:
        guild_id = guild_id_of(interaction)
        draft = draft_from(message.clean_content, PROMPT_ROOM, EXPLANATION_ROOM)
        if draft is None:
            raise UserError(
                _("That message has no text to make a question from (pictures and embeds can't be read).")
            )
        decks = self.decks.own_decks(guild_id)
        if not decks:
            raise UserError(
                _(
                    "This server has no decks of its own to suggest questions for; moderators add one with {cmd}.",
                    cmd=slash("deck import"),
                )
            )
        await self.decks.open_for_suggestions(guild_id, decks[0], interaction.user.id)
        if len(decks) == 1 and not draft.clipped:
            await replies.open_form(interaction, _form(decks[0].id, draft))
            return
        self._keep(interaction.user.id, message.id, draft)
        said = _("Which deck is the question for?")
        if draft.clipped:
            said = (
                _("That message is longer than a question holds, so the form has its start; check its end.")
                + "\n"
                + said
            )
        await replies.send(interaction, said, view=note_deck_view(message.id, decks), ephemeral=True)

    async def on_note_deck(
        self, interaction: discord.Interaction[Any], message_id: int, deck_id: str
    ) -> None:
        guild_id = guild_id_of(interaction)
        draft = self._kept(interaction.user.id, message_id)
        if draft is None:
            raise UserError(
                _(
                    "Bvunzo no longer has that message's text (it was too long ago, or Bvunzo "
                    "restarted); open the message's Apps menu and make the question again."
                )
            )
        deck = find_deck(self.bot, deck_id, guild_id)
        await self.decks.open_for_suggestions(guild_id, deck, interaction.user.id)
        await replies.open_form(interaction, _form(deck.id, draft))

    def _keep(self, user_id: int, message_id: int, draft: Draft) -> None:
        self._drafts[(user_id, message_id)] = (time.monotonic(), draft)
        self._drafts.move_to_end((user_id, message_id))
        while len(self._drafts) > KEPT_DRAFTS:
            self._drafts.popitem(last=False)

    def _kept(self, user_id: int, message_id: int) -> Draft | None:
        kept = self._drafts.get((user_id, message_id))
        if kept is None or time.monotonic() - kept[0] > KEPT_SECONDS:
            return None
        return kept[1]


def _form(deck_id: str, draft: Draft) -> discord.ui.Modal:
    return suggestion_form(
        SUGGESTION_FORM, deck_id, fields={"prompt": draft.prompt, "explanation": draft.explanation}
    )
