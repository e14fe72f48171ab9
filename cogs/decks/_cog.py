"""The decks cog: /deck import, export, delete, suggest and review, and the desk its buttons reach."""

from __future__ import annotations

import io
import logging
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.bank import part_sizes
from bot.bank.importers import Format, slug
from bot.bank.models import Deck
from bot.bank.problems import DeckError
from bot.bank.quota import check_room
from bot.bank.suggestions import check_suggestion, deck_with, from_json, suggested_fields, to_json
from bot.bank.writer import deck_to_csv, deck_to_yaml
from bot.errors import UserError
from bot.locales import _, n_, slash
from bot.store import GuildDeckRecord
from bot.ui import replies
from bot.ui.deck_views import (
    already_reviewed,
    delete_view,
    review_view,
    safe,
    suggestion_embed,
    suggestion_form,
)
from bot.ui.desks import DECK_DESK
from bot.ui.import_report import IMPORT_DESK
from bot.ui.text import clip, mention
from cogs.decks._forms import EDITED_SUGGESTION_FORM, SUGGESTION_FORM
from cogs.decks._imports import DeckImports, Upload
from cogs.lookup import deck_choices, find_deck
from cogs.permissions import ensure_quiz_master, guild_id_of

if TYPE_CHECKING:
    from bot.discord.client import BvunzoBot

log = logging.getLogger(__name__)

FORMATS = [
    app_commands.Choice(name="detect from the content", value="auto"),
    app_commands.Choice(name="our YAML", value=Format.YAML.value),
    app_commands.Choice(name="CSV / TSV (spreadsheets, Quizlet, Kotoba)", value=Format.CSV.value),
    app_commands.Choice(name="Red-DiscordBot trivia list", value=Format.RED.value),
    app_commands.Choice(name="numbered text (1. question, • choices)", value=Format.TEXT.value),
    app_commands.Choice(name="Open Trivia DB JSON", value=Format.OPENTDB.value),
]


# A member may have this many suggestions waiting at once, so one person cannot flood the queue.
MAX_PENDING_PER_MEMBER = 20


class DecksCog(commands.Cog, name="Decks"):  # i18n: not shown (the cog's key, in logs)
    deck = app_commands.Group(
        name="deck", description="This server's own decks: import, export, delete", guild_only=True
    )

    def __init__(self, bot: BvunzoBot) -> None:
        self.bot = bot
        self.imports = DeckImports(bot, self._moderator)

    async def cog_load(self) -> None:
        self.bot.owners.provide(DECK_DESK, self)
        self.bot.owners.provide(IMPORT_DESK, self)

    async def cog_unload(self) -> None:
        self.bot.owners.withdraw(DECK_DESK, self)
        self.bot.owners.withdraw(IMPORT_DESK, self)

    def _check_room(self, guild_id: int, deck_id: str, adding: int = 0) -> None:
        check_room(self.bot.bank.decks_for(guild_id), guild_id, deck_id, adding)

    async def _moderator(self, interaction: discord.Interaction, doing: str) -> int:
        guild_id = guild_id_of(interaction)
        ensure_quiz_master(interaction, await self.bot.store.guild_settings(guild_id), doing)
        return guild_id

    # -- import -------------------------------------------------------------------------------------

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
        deck_id = self._new_deck_id(guild_id, file, name)
        await replies.defer(interaction)
        upload = Upload(
            await file.read(),
            file.filename,
            name.strip(),
            None if format == "auto" else Format(format),
            distractors,
            keep_valid,
        )
        await self.imports.first(interaction, guild_id, deck_id, upload)

    async def on_column_chosen(
        self, interaction: discord.Interaction[Any], deck_id: str, column: int, role: str
    ) -> None:
        await self.imports.on_column_chosen(interaction, deck_id, column, role)

    def _new_deck_id(self, guild_id: int, file: discord.Attachment, name: str) -> str:
        """The id an upload named `name` gets, once it is known to fit: refused before it is downloaded."""
        if file.size > part_sizes.MAX_DECK_BYTES:
            raise UserError(
                _(
                    "That file is {size} KiB; a deck may be at most {most} KiB, so split it into several files.",
                    size=-(-file.size // 1024),
                    most=part_sizes.MAX_DECK_BYTES // 1024,
                )
            )
        deck_id = slug(name)
        if not deck_id:
            raise UserError(_("A deck's name needs at least one letter or digit."))
        if self.bot.bank.get(deck_id, None) is not None:
            raise UserError(_("`{deck}` is the id of a built-in deck; choose another name.", deck=deck_id))
        self._check_room(guild_id, deck_id)
        return deck_id

    # -- export -------------------------------------------------------------------------------------

    @deck.command(
        name="export", description="A deck as a file: our YAML, or CSV for a spreadsheet (moderators)"
    )
    @app_commands.describe(deck="the deck to export", format="YAML (our format) or CSV")
    @app_commands.choices(
        format=[
            app_commands.Choice(name="YAML (our deck format)", value="yaml"),
            app_commands.Choice(name="CSV (for a spreadsheet)", value="csv"),
        ]
    )
    async def export_deck(self, interaction: discord.Interaction, deck: str, format: str = "yaml") -> None:
        # Moderators only: the file holds every right answer.
        guild_id = await self._moderator(interaction, _("export decks"))
        found = find_deck(self.bot, deck, guild_id)
        text = deck_to_csv(found) if format == "csv" else deck_to_yaml(found)
        upload = discord.File(io.BytesIO(text.encode("utf-8")), filename=f"{found.id}.{format}")
        await replies.send(
            interaction,
            n_(
                "The deck `{deck}` ({n} question) as {format}.",
                "The deck `{deck}` ({n} questions) as {format}.",
                len(found.questions),
                deck=found.id,
                format=format.upper(),
            ),
            file=upload,
            ephemeral=True,
        )

    # -- delete -------------------------------------------------------------------------------------

    @deck.command(name="delete", description="Delete one of this server's own decks (moderators)")
    @app_commands.describe(deck="the server's deck to delete")
    async def delete_deck(self, interaction: discord.Interaction, deck: str) -> None:
        guild_id = await self._moderator(interaction, _("delete decks"))
        found = find_deck(self.bot, deck, guild_id)
        if found.guild_id != guild_id:
            raise UserError(
                _(
                    "`{deck}` is a built-in deck; only decks this server imported can be deleted.",
                    deck=found.id,
                )
            )
        await replies.send(
            interaction,
            n_(
                "Delete the deck **{title}** (`{deck}`, {n} question)? Scores earned with it stay on the leaderboards.",
                "Delete the deck **{title}** (`{deck}`, {n} questions)? Scores earned with it stay on the leaderboards.",
                len(found.questions),
                title=safe(found.title),
                deck=found.id,
            ),
            view=delete_view(found.id),
            ephemeral=True,
        )

    async def on_delete_answer(self, interaction: discord.Interaction, deck_id: str, *, delete: bool) -> None:
        if not delete:
            await replies.edit(interaction, content=_("Nothing was deleted."), view=None)
            return
        # Checked again at the click: nothing in a custom_id is trusted.
        guild_id = await self._moderator(interaction, _("delete decks"))
        deleted = await self.bot.store.delete_guild_deck(guild_id, deck_id)
        removed = self.bot.bank.remove(deck_id, guild_id)
        await self.bot.deck_versions.changed_here(guild_id)
        if deleted:
            self.bot.telemetry.deck_changed(
                guild_id, deck_id, "deleted", len(removed.questions) if removed else 0
            )
        done = (
            _("The deck `{deck}` was deleted.", deck=deck_id)
            if deleted
            else _("The deck `{deck}` was already gone.", deck=deck_id)
        )
        await replies.edit(interaction, content=done, view=None)

    # -- suggestions ----------------------------------------------------------------------------------

    def _own_deck(self, deck_id: str, guild_id: int) -> Deck:
        found = find_deck(self.bot, deck_id, guild_id)
        if found.guild_id != guild_id:
            raise UserError(
                _(
                    "`{deck}` is a built-in deck; questions can be suggested for this server's own decks.",
                    deck=found.id,
                )
            )
        return found

    @deck.command(name="suggest", description="Write a question for one of this server's decks")
    @app_commands.describe(deck="the server's deck the question is for")
    async def suggest(self, interaction: discord.Interaction, deck: str) -> None:
        guild_id = guild_id_of(interaction)
        found = self._own_deck(deck, guild_id)
        waiting = await self.bot.store.pending_suggestions(
            guild_id, author_id=interaction.user.id, limit=MAX_PENDING_PER_MEMBER
        )
        if len(waiting) >= MAX_PENDING_PER_MEMBER:
            raise UserError(
                n_(
                    "You have {n} suggestion waiting for review; suggest more once it is reviewed.",
                    "You have {n} suggestions waiting for review; suggest more once some are reviewed.",
                    len(waiting),
                )
            )
        await replies.open_form(interaction, suggestion_form(SUGGESTION_FORM, found.id))

    async def on_suggestion_form(
        self, interaction: discord.Interaction, kind: str, ref: str, typed: Mapping[str, str]
    ) -> None:
        """A submitted suggestion form: `kind` s (a member's, for deck `ref`) or e (an edit of suggestion `ref`)."""
        deck_id, suggestion_id, author = ref, None, interaction.user.id
        if kind == "e":
            suggestion = await self.bot.store.suggestion(int(ref))
            if suggestion is None or suggestion.guild_id != guild_id_of(interaction):
                raise UserError(_("That suggestion no longer exists."))
            deck_id, suggestion_id, author = suggestion.deck_id, suggestion.id, suggestion.author_id
        wrong = typed.get("wrong", "").splitlines()
        fields = suggested_fields(
            typed.get("prompt", ""), typed.get("right", ""), wrong, typed.get("explanation", ""), author
        )
        await self.on_suggestion(interaction, deck_id, fields, suggestion_id)

    async def on_suggestion(
        self,
        interaction: discord.Interaction,
        deck_id: str,
        fields: dict[str, Any],
        suggestion_id: int | None,
    ) -> None:
        guild_id = guild_id_of(interaction)
        deck = self._own_deck(deck_id, guild_id)
        try:
            check_suggestion(fields, deck.language)
        except DeckError as exc:
            reasons = "; ".join(p.message for p in exc.problems)
            raise UserError(
                clip(_("That question can't be used: {reasons}.", reasons=reasons), 1900)
            ) from exc
        if suggestion_id is not None:  # a moderator's edit: approved as edited
            await self._approve(interaction, suggestion_id, fields)
            return
        await self.bot.store.add_suggestion(
            guild_id, deck.id, interaction.user.id, to_json(fields), self.bot.clock()
        )
        await replies.send(
            interaction,
            _(
                "Thank you! Your question for `{deck}` waits for a moderator's review ({cmd}).",
                deck=deck.id,
                cmd=slash("deck review"),
            ),
            ephemeral=True,
        )

    @deck.command(
        name="review", description="Approve, edit or reject the questions members suggested (moderators)"
    )
    async def review(self, interaction: discord.Interaction) -> None:
        guild_id = await self._moderator(interaction, _("review suggestions"))
        waiting = await self.bot.store.pending_suggestions(guild_id)
        if not waiting:
            await replies.send(interaction, _("No suggested questions are waiting."), ephemeral=True)
            return
        first = waiting[0]
        await replies.send(
            interaction,
            embed=suggestion_embed(first, len(waiting)),
            view=review_view(first.id),
            ephemeral=True,
        )

    async def on_review(self, interaction: discord.Interaction, suggestion_id: int, action: str) -> None:
        guild_id = await self._moderator(interaction, _("review suggestions"))
        suggestion = await self.bot.store.suggestion(suggestion_id)
        if suggestion is None or suggestion.guild_id != guild_id:
            raise UserError(_("That suggestion no longer exists."))
        if suggestion.status != "pending":
            raise UserError(already_reviewed(suggestion.status))
        if action == "e":
            modal = suggestion_form(
                EDITED_SUGGESTION_FORM,
                suggestion.deck_id,
                suggestion_id=suggestion.id,
                fields=from_json(suggestion.question),
            )
            await replies.open_form(interaction, modal)
        elif action == "a":
            await self._approve(interaction, suggestion.id, from_json(suggestion.question))
        else:
            settled = await self.bot.store.settle_suggestion(
                suggestion.id, "rejected", interaction.user.id, self.bot.clock()
            )
            if not settled:
                raise UserError(_("That suggestion was already reviewed."))
            await self._reviewed(
                interaction, _("Rejected. {cmd} shows the next suggestion.", cmd=slash("deck review"))
            )

    async def _approve(
        self, interaction: discord.Interaction, suggestion_id: int, fields: dict[str, Any]
    ) -> None:
        guild_id = guild_id_of(interaction)
        suggestion = await self.bot.store.suggestion(suggestion_id)
        if suggestion is None or suggestion.guild_id != guild_id:
            raise UserError(_("That suggestion no longer exists."))
        deck = self.bot.bank.get(suggestion.deck_id, guild_id)
        if deck is None or deck.guild_id != guild_id:
            raise UserError(
                _("The deck `{deck}` is gone; reject the suggestion instead.", deck=suggestion.deck_id)
            )
        try:
            text, grown = deck_with(deck, fields)
        except DeckError as exc:
            reasons = "; ".join(p.message for p in exc.problems)
            raise UserError(
                clip(_("That question can't be added: {reasons}", reasons=reasons), 1900)
            ) from exc
        self._check_room(guild_id, deck.id, adding=len(grown.questions))
        records = {r.deck_id: r for r in await self.bot.store.guild_decks(guild_id)}
        kept = records.get(deck.id)
        saved = GuildDeckRecord(
            guild_id=guild_id,
            deck_id=deck.id,
            source_name=kept.source_name if kept else deck.source,
            text=text,
            uploaded_by=kept.uploaded_by if kept else interaction.user.id,
            uploaded_at=self.bot.clock(),
        )
        # One transaction: the suggestion is approved only if the deck holding it is saved.
        if not await self.bot.store.approve_suggestion(
            suggestion_id, interaction.user.id, self.bot.clock(), to_json(fields), saved
        ):
            raise UserError(_("That suggestion was already reviewed."))
        self.bot.bank.add(grown)
        await self.bot.deck_versions.changed_here(guild_id)
        self.bot.telemetry.deck_changed(guild_id, deck.id, "extended", len(grown.questions))
        await self._reviewed(
            interaction,
            n_(
                "Approved: `{deck}` now has {n} question, and the reveal credits {author}. "
                "{cmd} shows the next suggestion.",
                "Approved: `{deck}` now has {n} questions, and the reveal credits {author}. "
                "{cmd} shows the next suggestion.",
                len(grown.questions),
                deck=deck.id,
                author=mention(suggestion.author_id),
                cmd=slash("deck review"),
            ),
        )

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
