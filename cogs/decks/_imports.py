"""/deck import's work: reading an upload off the event loop, keeping it, and reading it again when a
moderator corrects a column from the reply's selects."""

from __future__ import annotations

import asyncio
import re
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.bank.import_formats import Format
from bot.errors import UserError
from bot.locales import _, slash
from bot.ui import custom_ids as ids
from bot.ui import replies
from bot.ui.desks import find_desk
from bot.ui.import_report import IMPORT_DESK, ImportDesk, report_message
from cogs.guard import guarded

if TYPE_CHECKING:
    from bot.bank.importers import ImportOutcome
    from bot.discord.client import BvunzoBot

# Uploads are kept this long for a correction of their columns (an interaction's own lifetime), and
# only the latest few: a correction after a restart or much later asks for the file again.
KEPT_SECONDS = 15 * 60
KEPT_UPLOADS = 20


# /deck import's `format` option.
FORMATS = [
    app_commands.Choice(name="detect from the content", value="auto"),
    app_commands.Choice(name="our YAML", value=Format.YAML.value),
    app_commands.Choice(name="CSV / TSV (spreadsheets, Quizlet, Kotoba)", value=Format.CSV.value),
    app_commands.Choice(name="Red-DiscordBot trivia list", value=Format.RED.value),
    app_commands.Choice(name="numbered text (1. question, • choices)", value=Format.TEXT.value),
    app_commands.Choice(name="Open Trivia DB JSON", value=Format.OPENTDB.value),
    app_commands.Choice(name="Moodle GIFT (.gift, .txt)", value=Format.GIFT.value),
    app_commands.Choice(name="Moodle XML (.xml)", value=Format.MOODLE_XML.value),
    app_commands.Choice(
        name="Blackboard upload text (MC, TF, FIB, NUM lines)", value=Format.BLACKBOARD.value
    ),
    app_commands.Choice(name="Kahoot spreadsheet template (.xlsx)", value=Format.KAHOOT.value),
    app_commands.Choice(
        name="Wayground (Quizizz) spreadsheet template (.xlsx)", value=Format.WAYGROUND.value
    ),
    app_commands.Choice(name="Canvas quiz export, QTI 1.2 (.zip, .xml)", value=Format.QTI.value),
    app_commands.Choice(name="Anki package (.apkg, .colpkg)", value=Format.ANKI.value),
]


@dataclass(frozen=True, slots=True)
class Upload:
    """One file given to /deck import, with the options it was imported with."""

    data: bytes
    source: str
    title: str
    fmt: Format | None
    distractors: bool
    keep_valid: bool
    columns: tuple[str, ...] | None = None
    roles_read: tuple[str, ...] = ()  # what the last reading took each column for
    at: float = 0.0


class DeckImports:
    """The uploads of the last minutes, each under its server and deck, and importing one of them."""

    def __init__(self, bot: BvunzoBot, moderator: Callable[[discord.Interaction[Any], str], Awaitable[int]]):
        self.bot = bot
        self.moderator = moderator
        self.uploads: OrderedDict[tuple[int, str], Upload] = OrderedDict()

    async def first(
        self, interaction: discord.Interaction[Any], guild_id: int, deck_id: str, upload: Upload
    ) -> None:
        """The upload of a /deck import that has been deferred: read, kept if good, and answered."""
        outcome, replaced = await self._import(guild_id, deck_id, upload, interaction.user.id)
        await replies.send(interaction, ephemeral=True, **report_message(outcome, deck_id, replaced=replaced))

    async def on_column_chosen(
        self, interaction: discord.Interaction[Any], deck_id: str, column: int, role: str
    ) -> None:
        guild_id = await self.moderator(interaction, _("import decks"))  # checked again: ids are not trusted
        upload = self.uploads.get((guild_id, deck_id))
        if upload is None or time.monotonic() - upload.at > KEPT_SECONDS:
            raise UserError(
                _(
                    "That upload is no longer kept (uploads are kept for {minutes} minutes, and not across a "
                    "restart); import the file again with {cmd}.",
                    minutes=KEPT_SECONDS // 60,
                    cmd=slash("deck import"),
                )
            )
        from bot.bank.importers import ROLES  # loaded by the upload that offered the choice

        if role not in ROLES or column >= len(upload.roles_read):
            raise UserError(_("That column choice is not one this import offered; import the file again."))
        roles = list(upload.roles_read)
        roles[column] = role
        await replies.defer(interaction, thinking=False)  # reading a large file again may take more than 3 s
        outcome, replaced = await self._import(
            guild_id, deck_id, replace(upload, columns=tuple(roles)), interaction.user.id
        )
        await replies.edit(interaction, **report_message(outcome, deck_id, replaced=replaced))

    async def _import(
        self, guild_id: int, deck_id: str, upload: Upload, user_id: int
    ) -> tuple[ImportOutcome, bool]:
        from bot.bank.importers import import_file  # the importers load on the first upload, not at start

        # Parsing a large file takes a moment of CPU: off the event loop, so rounds keep running.
        outcome = await asyncio.to_thread(
            import_file,
            upload.data,
            upload.source,
            deck_id=deck_id,
            title=upload.title,
            fmt=upload.fmt,
            distractors=upload.distractors,
            keep_valid=upload.keep_valid,
            columns=upload.columns,
            guild_id=guild_id,
        )
        self._keep(guild_id, deck_id, upload, outcome)
        kept = outcome.kept
        if kept is None:
            return outcome, False
        saved = await self.bot.decks.save_import(
            guild_id, kept.deck, kept.text, source=upload.source, by=user_id
        )
        return outcome, saved.replaced

    def _keep(self, guild_id: int, deck_id: str, upload: Upload, outcome: ImportOutcome) -> None:
        """Keep a spreadsheet whose columns the reply offers to correct; forget the oldest beyond the cap."""
        key = (guild_id, deck_id)
        self.uploads.pop(key, None)
        if outcome.columns is None or not outcome.mapping():
            return
        self.uploads[key] = replace(upload, roles_read=outcome.columns.roles, at=time.monotonic())
        while len(self.uploads) > KEPT_UPLOADS:
            self.uploads.popitem(last=False)


class ColumnSelect(discord.ui.DynamicItem[discord.ui.Item[Any]], template=ids.IMPORT_COLUMN.pattern):
    """One column's select on an import reply: what the moderator says that column holds."""

    def __init__(self, item: discord.ui.Item[Any], desk: ImportDesk | None, match: re.Match[str]) -> None:
        super().__init__(item)
        self.desk, self.column, self.deck_id = desk, int(match["col"]), match["deck"]

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ColumnSelect:
        desk: ImportDesk | None = await find_desk(interaction, IMPORT_DESK)
        return cls(item, desk, match)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        data: Any = interaction.data or {}
        values = data.get("values") or [""]
        if self.desk is not None:
            work = self.desk.on_column_chosen(interaction, self.deck_id, self.column, str(values[0]))
            await guarded(interaction, work, edits=True)
