"""The decks cog: /deck import, export, delete, suggest and review, and the desk its buttons reach.

It parses options and forms, asks the decks service (bot/decks/server_decks.py) and renders its answer;
every rule about a server's decks and suggestions lives in the service, which the dashboard asks too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.bank import part_sizes
from bot.bank.import_formats import Format
from bot.bank.suggestions import from_json, typed_fields
from bot.decks.server_decks import Saved, ServerDecks
from bot.discord.cogs import Cog
from bot.locales import _, n_, slash
from bot.store import SuggestionRecord
from bot.ui import replies
from bot.ui.achievements import new_badges_for
from bot.ui.deck_views import delete_view, review_view, safe, suggestion_embed, suggestion_form
from bot.ui.desks import DECK_DESK
from bot.ui.import_report import IMPORT_DESK
from bot.ui.text import mention
from cogs.decks._exports import EXPORTS, send_export
from cogs.decks._forms import EDITED_SUGGESTION_FORM, SUGGESTION_FORM
from cogs.decks._imports import FORMATS, DeckImports, Upload
from cogs.lookup import deck_choices, find_deck
from cogs.permissions import guild_id_of, moderator_here

if TYPE_CHECKING:
    from bot.discord.client import BvunzoBot


class DecksCog(Cog, name="Decks"):  # i18n: not shown (the cog's key, in logs)
    deck = app_commands.Group(
        name="deck", description="This server's own decks: import, export, delete", guild_only=True
    )

    def __init__(self, bot: BvunzoBot) -> None:
        self.bot = bot
        self.imports = DeckImports(bot, self._moderator)

    @property
    def decks(self) -> ServerDecks:
        return self.bot.decks

    async def cog_load(self) -> None:
        self.bot.owners.provide(DECK_DESK, self)
        self.bot.owners.provide(IMPORT_DESK, self)

    async def cog_unload(self) -> None:
        self.bot.owners.withdraw(DECK_DESK, self)
        self.bot.owners.withdraw(IMPORT_DESK, self)

    async def _moderator(self, interaction: discord.Interaction, doing: str) -> int:
        return await moderator_here(self.bot, interaction, doing)

    @deck.command(name="import", description="Make an attached file a deck of this server (moderators)")
    @app_commands.describe(
        file="the deck: our YAML, CSV/TSV, a Red trivia list, numbered text or Open Trivia DB JSON",
        name="the deck's name; importing again under the same name replaces it",
        format="the file's format, when it is not recognised from its content",
        distractors="Red lists and Quizlet sets: ask with choices, wrong ones taken from other answers",
        keep_valid="import the good questions even when more than a tenth cannot be imported",
    )
    @app_commands.choices(format=FORMATS)
    async def import_deck(
        self,
        interaction: discord.Interaction,
        file: discord.Attachment,
        name: app_commands.Range[str, 1, part_sizes.MAX_DECK_TITLE_LENGTH],
        format: str = "auto",
        distractors: bool = False,
        keep_valid: bool = False,
    ) -> None:
        guild_id = await self._moderator(interaction, _("import decks"))
        fmt = None if format == "auto" else Format(format)
        # Refused before it is downloaded when it is too large for its format.
        deck_id = self.decks.new_deck_id(guild_id, name, file.size, file_name=file.filename, fmt=fmt)
        await replies.defer(interaction)
        upload = Upload(await file.read(), file.filename, name.strip(), fmt, distractors, keep_valid)
        await self.imports.first(interaction, guild_id, deck_id, upload)

    async def on_column_chosen(
        self, interaction: discord.Interaction[Any], deck_id: str, column: int, role: str
    ) -> None:
        await self.imports.on_column_chosen(interaction, deck_id, column, role)

    @deck.command(
        name="export", description="A deck as a file: our YAML, CSV, GIFT, Moodle XML or Anki (moderators)"
    )
    @app_commands.describe(
        deck="the deck to export", format="YAML (our format), CSV, GIFT, Moodle XML or Anki"
    )
    @app_commands.choices(format=EXPORTS)
    async def export_deck(self, interaction: discord.Interaction, deck: str, format: str = "yaml") -> None:
        # Moderators only: the file holds every right answer.
        guild_id = await self._moderator(interaction, _("export decks"))
        await send_export(interaction, find_deck(self.bot, deck, guild_id), format)

    @deck.command(name="delete", description="Delete one of this server's own decks (moderators)")
    @app_commands.describe(deck="the server's deck to delete")
    async def delete_deck(self, interaction: discord.Interaction, deck: str) -> None:
        guild_id = await self._moderator(interaction, _("delete decks"))
        found = find_deck(self.bot, deck, guild_id)
        self.decks.check_deletable(guild_id, found)
        asked = n_(
            "Delete the deck **{title}** (`{deck}`, {n} question)? Scores earned with it stay on the leaderboards.",
            "Delete the deck **{title}** (`{deck}`, {n} questions)? Scores earned with it stay on the leaderboards.",
            len(found.questions),
            title=safe(found.title),
            deck=found.id,
        )
        await replies.send(interaction, asked, view=delete_view(found.id), ephemeral=True)

    async def on_delete_answer(self, interaction: discord.Interaction, deck_id: str, *, delete: bool) -> None:
        if not delete:
            await replies.edit(interaction, content=_("Nothing was deleted."), view=None)
            return
        # Checked again at the click: nothing in a custom_id is trusted.
        guild_id = await self._moderator(interaction, _("delete decks"))
        done = (
            _("The deck `{deck}` was deleted.", deck=deck_id)
            if await self.decks.delete(guild_id, deck_id)
            else _("The deck `{deck}` was already gone.", deck=deck_id)
        )
        await replies.edit(interaction, content=done, view=None)

    @deck.command(name="suggest", description="Write a question for one of this server's decks")
    @app_commands.describe(deck="the server's deck the question is for")
    async def suggest(self, interaction: discord.Interaction, deck: str) -> None:
        guild_id = guild_id_of(interaction)
        found = find_deck(self.bot, deck, guild_id)
        await self.decks.open_for_suggestions(guild_id, found, interaction.user.id)
        await replies.open_form(interaction, suggestion_form(SUGGESTION_FORM, found.id))

    async def on_suggestion_form(
        self, interaction: discord.Interaction, kind: str, ref: str, typed: Mapping[str, str]
    ) -> None:
        """A submitted suggestion form: `kind` s (a member's, for deck `ref`) or e (an edit of suggestion `ref`)."""
        if kind == "e":  # a moderator's edit: approved as edited, still credited to its author
            guild_id = await self._moderator(interaction, _("review suggestions"))
            suggestion = await self.decks.reviewable(guild_id, int(ref))
            fields = typed_fields(typed, suggestion.author_id)
            await self._approve(interaction, guild_id, suggestion.id, fields)
            return
        guild_id = guild_id_of(interaction)
        fields = typed_fields(typed, interaction.user.id)
        suggestion = await self.decks.suggest(guild_id, ref, interaction.user.id, fields)
        thanks = _(
            "Thank you! Your question for `{deck}` waits for a moderator's review ({cmd}).",
            deck=suggestion.deck_id,
            cmd=slash("deck review"),
        )
        await replies.send(interaction, thanks, ephemeral=True)

    @deck.command(
        name="review", description="Approve, edit or reject the questions members suggested (moderators)"
    )
    async def review(self, interaction: discord.Interaction) -> None:
        guild_id = await self._moderator(interaction, _("review suggestions"))
        waiting = await self.decks.pending(guild_id)
        if not waiting:
            await replies.send(interaction, _("No suggested questions are waiting."), ephemeral=True)
            return
        first = waiting[0]
        embed = suggestion_embed(first, len(waiting))
        await replies.send(interaction, embed=embed, view=review_view(first.id), ephemeral=True)

    async def on_review(self, interaction: discord.Interaction, suggestion_id: int, action: str) -> None:
        guild_id = await self._moderator(interaction, _("review suggestions"))
        if action == "e":
            suggestion = await self.decks.reviewable(guild_id, suggestion_id)
            fields = from_json(suggestion.question)
            modal = suggestion_form(
                EDITED_SUGGESTION_FORM, suggestion.deck_id, suggestion_id=suggestion.id, fields=fields
            )
            await replies.open_form(interaction, modal)
        elif action == "a":
            await self._approve(interaction, guild_id, suggestion_id)
        else:
            await self.decks.reject(guild_id, suggestion_id, interaction.user.id)
            rejected = _("Rejected. {cmd} shows the next suggestion.", cmd=slash("deck review"))
            await self._reviewed(interaction, rejected)

    async def _approve(
        self,
        interaction: discord.Interaction,
        guild_id: int,
        suggestion_id: int,
        fields: dict[str, Any] | None = None,
    ) -> None:
        approved = await self.decks.approve(guild_id, suggestion_id, interaction.user.id, fields)
        await self._reviewed(interaction, _approved_sentence(*approved))

    @staticmethod
    async def _reviewed(interaction: discord.Interaction, sentence: str) -> None:
        if interaction.type is discord.InteractionType.component:
            await replies.edit(interaction, content=sentence, embed=None, view=None)
        else:
            await replies.send(interaction, sentence, ephemeral=True)

    @export_deck.autocomplete("deck")
    @delete_deck.autocomplete("deck")
    @suggest.autocomplete("deck")
    async def deck_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return deck_choices(self.bot, interaction.guild_id, current)


def _approved_sentence(suggestion: SuggestionRecord, saved: Saved) -> str:
    said = n_(
        "Approved: `{deck}` now has {n} question, and the reveal credits {author}. "
        "{cmd} shows the next suggestion.",
        "Approved: `{deck}` now has {n} questions, and the reveal credits {author}. "
        "{cmd} shows the next suggestion.",
        len(saved.deck.questions),
        deck=saved.deck.id,
        author=mention(suggestion.author_id),
        cmd=slash("deck review"),
    )
    return f"{said}\n{new_badges_for(suggestion.author_id, saved.badges)}" if saved.badges else said
