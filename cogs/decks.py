"""/deck import, export and delete: a server's own decks, uploaded by its moderators."""

from __future__ import annotations

import asyncio
import io
import logging
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.bank import limits
from bot.bank.importers import Format, Imported, import_deck, slug
from bot.bank.models import Deck
from bot.bank.problems import DeckError, Problem
from bot.bank.writer import deck_to_csv, deck_to_yaml
from bot.errors import UserError
from bot.store import GuildDeckRecord
from bot.ui.text import EMBED_DESCRIPTION, clip, plural
from cogs.guard import frozen_view, guarded
from cogs.lookup import deck_choices, find_deck
from cogs.permissions import ensure_quiz_master, guild_id_of

if TYPE_CHECKING:
    from bot.app import BvunzoBot

log = logging.getLogger(__name__)

FORMATS = [
    app_commands.Choice(name="detect from the content", value="auto"),
    app_commands.Choice(name="our YAML", value=Format.YAML.value),
    app_commands.Choice(name="CSV / TSV (spreadsheets, Quizlet, Kotoba)", value=Format.CSV.value),
    app_commands.Choice(name="Red-DiscordBot trivia list", value=Format.RED.value),
    app_commands.Choice(name="numbered text (1. question, • choices)", value=Format.TEXT.value),
    app_commands.Choice(name="Open Trivia DB JSON", value=Format.OPENTDB.value),
]


def safe(text: str, limit: int = 80) -> str:
    """Uploaded words shown in a message: markdown and mentions escaped, cut short."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(clip(text, limit)))


def problem_lines(problems: tuple[Problem, ...] | list[Problem], room: int) -> str:
    """`line N: reason` for each problem, as many as fit in `room` characters."""
    lines: list[str] = []
    used = 0
    for index, problem in enumerate(problems):
        where = f"line {problem.line}" if problem.line > 0 else "the file"
        # Our sentences quote the author's words in `code`; only mentions need escaping there.
        line = f"• {where}: {discord.utils.escape_mentions(clip(problem.message, 300))}"
        if used + len(line) + 40 > room:
            lines.append(f"… and {len(problems) - index} more")
            break
        lines.append(line)
        used += len(line) + 1
    return "\n".join(lines)


class DeleteDeckButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"bvz:1:d(?P<action>[dk]):(?P<deck>[A-Za-z0-9_-]{1,40})",
):
    """The confirmation of /deck delete: d deletes the deck, k keeps it.

    A DynamicItem rather than a waiting View, so the answer still works after a restart; the deck id is
    a slug the bot made (letters, digits, `-`), never the words of an upload.
    """

    def __init__(self, action: str, deck_id: str) -> None:
        danger = action == "d"
        super().__init__(
            discord.ui.Button(
                label="Delete the deck" if danger else "Keep it",
                style=discord.ButtonStyle.danger if danger else discord.ButtonStyle.secondary,
                custom_id=f"bvz:1:d{action}:{deck_id}",
            )
        )
        self.action, self.deck_id = action, deck_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> DeleteDeckButton:
        return cls(match["action"], match["deck"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = interaction.client.get_cog("Decks")
        assert isinstance(cog, DecksCog)
        await guarded(interaction, cog.on_delete_answer(interaction, self.deck_id, delete=self.action == "d"))


class DecksCog(commands.Cog, name="Decks"):
    deck = app_commands.Group(
        name="deck", description="This server's own decks: import, export, delete", guild_only=True
    )

    def __init__(self, bot: BvunzoBot) -> None:
        self.bot = bot

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
        keep_valid="import the good questions even when some cannot be imported",
    )
    @app_commands.choices(format=FORMATS)
    async def import_deck(
        self,
        interaction: discord.Interaction,
        file: discord.Attachment,
        name: app_commands.Range[str, 1, limits.MAX_DECK_TITLE_LENGTH],
        format: str = "auto",
        distractors: bool = False,
        keep_valid: bool = False,
    ) -> None:
        guild_id = await self._moderator(interaction, "import decks")
        # Refused from the attachment's size field, before anything is downloaded.
        if file.size > limits.MAX_DECK_BYTES:
            raise UserError(
                f"That file is {-(-file.size // 1024)} KiB; a deck may be at most "
                f"{limits.MAX_DECK_BYTES // 1024} KiB, so split it into several files."
            )
        deck_id = slug(name)
        if not deck_id:
            raise UserError("A deck's name needs at least one letter or digit.")
        if self.bot.bank.get(deck_id, None) is not None:
            raise UserError(f"`{deck_id}` is the id of a built-in deck; choose another name.")
        self._check_room(guild_id, deck_id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        data = await file.read()
        source = file.filename
        try:
            # Parsing a large file takes a moment of CPU: off the event loop, so rounds keep running.
            imported, fmt = await asyncio.to_thread(
                import_deck,
                data,
                source,
                deck_id=deck_id,
                title=name.strip(),
                fmt=None if format == "auto" else Format(format),
                distractors=distractors,
                guild_id=guild_id,
            )
        except DeckError as exc:
            await interaction.followup.send(
                f"**{safe(source)}** could not be imported; nothing was changed.\n"
                + problem_lines(exc.problems, 1700),
                ephemeral=True,
            )
            return
        if imported.left_out and not keep_valid:
            await interaction.followup.send(embed=self._refusal(source, imported), ephemeral=True)
            return
        self._check_room(guild_id, deck_id, adding=len(imported.deck.questions))
        await self.bot.store.save_guild_deck(
            GuildDeckRecord(
                guild_id=guild_id,
                deck_id=deck_id,
                source_name=source[:200],
                text=imported.text,
                uploaded_by=interaction.user.id,
                uploaded_at=self.bot.clock(),
            )
        )
        replaced = self.bot.bank.add(imported.deck)
        await interaction.followup.send(embed=self._imported(source, imported, fmt, replaced), ephemeral=True)

    def _check_room(self, guild_id: int, deck_id: str, adding: int = 0) -> None:
        own = [d for d in self.bot.bank.decks_for(guild_id) if d.guild_id == guild_id and d.id != deck_id]
        if adding == 0 and len(own) >= limits.MAX_DECKS_PER_SERVER:
            raise UserError(
                f"This server has {len(own)} decks, the most it may keep; delete one with /deck delete first."
            )
        total = sum(len(d.questions) for d in own) + adding
        if total > limits.MAX_QUESTIONS_PER_SERVER:
            raise UserError(
                f"With this deck the server's decks would hold {total} questions; at most "
                f"{limits.MAX_QUESTIONS_PER_SERVER} are kept per server. Delete a deck first."
            )

    def _refusal(self, source: str, imported: Imported) -> discord.Embed:
        count = len(imported.left_out)
        head = (
            f"{plural(count, 'question')} of **{safe(source)}** cannot be imported, so nothing was imported. "
            "Fix the file and upload it again, or import with `keep_valid: True` to keep the "
            f"{plural(len(imported.deck.questions), 'good question')}.\n\n"
        )
        return discord.Embed(
            title="Not imported",
            description=clip(
                head + problem_lines(imported.left_out, EMBED_DESCRIPTION - len(head)), EMBED_DESCRIPTION
            ),
            colour=discord.Colour.red(),
        )

    def _imported(self, source: str, imported: Imported, fmt: Format, replaced: Deck | None) -> discord.Embed:
        deck = imported.deck
        kinds = sorted({q.kind.value for q in deck.questions})
        text = (
            f"**{plural(len(deck.questions), 'question')}** from **{safe(source)}** ({fmt.value}; "
            f"{', '.join(kinds)}) are now the deck `{deck.id}` of this server. "
            + (
                "It replaces the deck of that name; history of unchanged questions is kept. "
                if replaced
                else ""
            )
            + "Play it with `/quiz start`."
        )
        extra = [*imported.notes, *imported.left_out]
        if imported.left_out:
            text += f"\n\n**Left out ({len(imported.left_out)}):**\n"
        elif imported.notes:
            text += "\n\n"
        text += problem_lines(extra, EMBED_DESCRIPTION - len(text))
        return discord.Embed(
            title=clip(f"Imported: {deck.title}", 256),
            description=clip(text, EMBED_DESCRIPTION),
            colour=discord.Colour.green(),
        )

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
        guild_id = await self._moderator(interaction, "export decks")
        found = find_deck(self.bot, deck, guild_id)
        text = deck_to_csv(found) if format == "csv" else deck_to_yaml(found)
        upload = discord.File(io.BytesIO(text.encode("utf-8")), filename=f"{found.id}.{format}")
        await interaction.response.send_message(
            f"The deck `{found.id}` ({plural(len(found.questions), 'question')}) as {format.upper()}.",
            file=upload,
            ephemeral=True,
        )

    # -- delete -------------------------------------------------------------------------------------

    @deck.command(name="delete", description="Delete one of this server's own decks (moderators)")
    @app_commands.describe(deck="the server's deck to delete")
    async def delete_deck(self, interaction: discord.Interaction, deck: str) -> None:
        guild_id = await self._moderator(interaction, "delete decks")
        found = find_deck(self.bot, deck, guild_id)
        if found.guild_id != guild_id:
            raise UserError(
                f"`{found.id}` is a built-in deck; only decks this server imported can be deleted."
            )
        await interaction.response.send_message(
            f"Delete the deck **{safe(found.title)}** (`{found.id}`, {plural(len(found.questions), 'question')})? "
            "Scores earned with it stay on the leaderboards.",
            view=frozen_view(DeleteDeckButton("d", found.id), DeleteDeckButton("k", found.id)),
            ephemeral=True,
        )

    async def on_delete_answer(self, interaction: discord.Interaction, deck_id: str, *, delete: bool) -> None:
        if not delete:
            await interaction.response.edit_message(content="Nothing was deleted.", view=None)
            return
        # Checked again at the click: nothing in a custom_id is trusted.
        guild_id = await self._moderator(interaction, "delete decks")
        deleted = await self.bot.store.delete_guild_deck(guild_id, deck_id)
        self.bot.bank.remove(deck_id, guild_id)
        done = "was deleted" if deleted else "was already gone"
        await interaction.response.edit_message(content=f"The deck `{deck_id}` {done}.", view=None)

    @export_deck.autocomplete("deck")
    @delete_deck.autocomplete("deck")
    async def deck_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return deck_choices(self.bot, interaction.guild_id, current)


async def setup(bot: BvunzoBot) -> None:
    await bot.add_cog(DecksCog(bot))
    bot.add_dynamic_items(DeleteDeckButton)
