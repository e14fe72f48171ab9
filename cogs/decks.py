"""/deck import, export and delete: a server's own decks, uploaded by its moderators."""

from __future__ import annotations

import asyncio
import io
import logging
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from bot import replies
from bot.bank import limits
from bot.bank.importers import Format, Imported, import_deck, slug
from bot.bank.models import Deck
from bot.bank.problems import DeckError, Problem
from bot.bank.suggestions import check_suggestion, deck_with, from_json, suggested_fields, to_json
from bot.bank.writer import deck_to_csv, deck_to_yaml
from bot.errors import UserError
from bot.forms import Form, submit_form
from bot.store import GuildDeckRecord, SuggestionRecord
from bot.ui import custom_ids as ids
from bot.ui.text import EMBED_DESCRIPTION, FIELD_VALUE, clip, mention, plural
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
    template=ids.DELETE_DECK.pattern,
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
                custom_id=ids.DELETE_DECK.make(deck_id, tag="d" + action),
            )
        )
        self.action, self.deck_id = action, deck_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> DeleteDeckButton:
        return cls(match["tag"][1], match["deck"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = interaction.client.get_cog("Decks")
        assert isinstance(cog, DecksCog)
        await guarded(
            interaction,
            cog.on_delete_answer(interaction, self.deck_id, delete=self.action == "d"),
            edits=True,
        )


# A member may have this many suggestions waiting at once, so one person cannot flood the queue.
MAX_PENDING_PER_MEMBER = 20


class SuggestModal(discord.ui.Modal):
    """The form of /deck suggest, and of a moderator's Edit of a suggestion.

    It keeps nothing in memory that its submission needs: its custom_id names the deck (`bvz:1:fs:<deck>`)
    or the suggestion edited (`bvz:1:fe:<id>`), so a form opened before a restart still submits after it.
    """

    def __init__(
        self,
        deck_id: str,
        *,
        suggestion_id: int | None = None,
        fields: dict[str, Any] | None = None,
    ) -> None:
        subject = (
            ids.SUGGEST_FORM.make(deck_id)
            if suggestion_id is None
            else ids.EDIT_SUGGESTION_FORM.make(suggestion_id)
        )
        super().__init__(title=clip(f"Suggest a question for {deck_id}", 45), timeout=1800, custom_id=subject)
        self.edited = suggestion_id
        given = fields or {}
        choices = list(given.get("choices", []))
        right = choices[0] if choices else next(iter(given.get("answers", [])), "")
        self.prompt: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label="Question",
            style=discord.TextStyle.paragraph,
            max_length=min(limits.MAX_PROMPT_LENGTH, limits.DISCORD_TEXT_INPUT),
            default=str(given.get("prompt", "")) or None,
            custom_id="prompt",
        )
        self.right: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label="Right answer",
            max_length=limits.MAX_CHOICE_LENGTH,
            default=str(right) or None,
            custom_id="right",
        )
        self.wrong: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label="Wrong answers, one a line (optional)",
            placeholder="None: players type the answer instead of choosing it",
            style=discord.TextStyle.paragraph,
            required=False,
            max_length=4 * (limits.MAX_CHOICE_LENGTH + 1),
            default="\n".join(str(c) for c in choices[1:]) or None,
            custom_id="wrong",
        )
        self.explanation: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label="Why it is right (shown at the reveal)",
            style=discord.TextStyle.paragraph,
            required=False,
            max_length=limits.MAX_EXPLANATION_LENGTH,
            default=str(given.get("explanation", "")) or None,
            custom_id="explanation",
        )
        for item in (self.prompt, self.right, self.wrong, self.explanation):
            self.add_item(item)

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await submit_form(interaction, SUGGESTION_FORM if self.edited is None else EDITED_SUGGESTION_FORM)


async def _suggestion_submitted(
    interaction: discord.Interaction[Any], match: re.Match[str], typed: Mapping[str, str]
) -> None:
    cog = interaction.client.get_cog("Decks")
    assert isinstance(cog, DecksCog)
    kind = match["tag"][1]  # fs: a member's suggestion; fe: a moderator's edit
    await guarded(interaction, cog.on_suggestion_form(interaction, kind, match["ref"], typed))


SUGGESTION_FORM = Form.of(ids.SUGGEST_FORM.pattern, _suggestion_submitted)
EDITED_SUGGESTION_FORM = Form.of(ids.EDIT_SUGGESTION_FORM.pattern, _suggestion_submitted)


class ReviewButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.REVIEW_SUGGESTION.pattern):
    """Approve, Edit or Reject one suggestion in /deck review."""

    LOOK: ClassVar[dict[str, tuple[str, discord.ButtonStyle]]] = {
        "a": ("Approve", discord.ButtonStyle.success),
        "e": ("Edit", discord.ButtonStyle.primary),
        "r": ("Reject", discord.ButtonStyle.danger),
    }

    def __init__(self, action: str, suggestion_id: int) -> None:
        label, style = self.LOOK[action]
        super().__init__(
            discord.ui.Button(
                label=label,
                style=style,
                custom_id=ids.REVIEW_SUGGESTION.make(suggestion_id, tag="s" + action),
            )
        )
        self.action, self.suggestion_id = action, suggestion_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReviewButton:
        return cls(match["tag"][1], int(match["id"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = interaction.client.get_cog("Decks")
        assert isinstance(cog, DecksCog)
        await guarded(interaction, cog.on_review(interaction, self.suggestion_id, self.action), edits=True)


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
        await replies.defer(interaction)
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
            await replies.send(
                interaction,
                f"**{safe(source)}** could not be imported; nothing was changed.\n"
                + problem_lines(exc.problems, 1700),
                ephemeral=True,
            )
            return
        if imported.left_out and not keep_valid:
            await replies.send(interaction, embed=self._refusal(source, imported), ephemeral=True)
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
        await replies.send(interaction, embed=self._imported(source, imported, fmt, replaced), ephemeral=True)

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
        await replies.send(
            interaction,
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
        await replies.send(
            interaction,
            f"Delete the deck **{safe(found.title)}** (`{found.id}`, {plural(len(found.questions), 'question')})? "
            "Scores earned with it stay on the leaderboards.",
            view=frozen_view(DeleteDeckButton("d", found.id), DeleteDeckButton("k", found.id)),
            ephemeral=True,
        )

    async def on_delete_answer(self, interaction: discord.Interaction, deck_id: str, *, delete: bool) -> None:
        if not delete:
            await replies.edit(interaction, content="Nothing was deleted.", view=None)
            return
        # Checked again at the click: nothing in a custom_id is trusted.
        guild_id = await self._moderator(interaction, "delete decks")
        deleted = await self.bot.store.delete_guild_deck(guild_id, deck_id)
        self.bot.bank.remove(deck_id, guild_id)
        done = "was deleted" if deleted else "was already gone"
        await replies.edit(interaction, content=f"The deck `{deck_id}` {done}.", view=None)

    # -- suggestions ----------------------------------------------------------------------------------

    def _own_deck(self, deck_id: str, guild_id: int) -> Deck:
        found = find_deck(self.bot, deck_id, guild_id)
        if found.guild_id != guild_id:
            raise UserError(
                f"`{found.id}` is a built-in deck; questions can be suggested for this server's own decks."
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
                f"You have {len(waiting)} suggestions waiting for review; suggest more once some are reviewed."
            )
        await replies.open_form(interaction, SuggestModal(found.id))

    async def on_suggestion_form(
        self, interaction: discord.Interaction, kind: str, ref: str, typed: Mapping[str, str]
    ) -> None:
        """A submitted suggestion form: `kind` s (a member's, for deck `ref`) or e (an edit of suggestion `ref`)."""
        deck_id, suggestion_id, author = ref, None, interaction.user.id
        if kind == "e":
            suggestion = await self.bot.store.suggestion(int(ref))
            if suggestion is None or suggestion.guild_id != guild_id_of(interaction):
                raise UserError("That suggestion no longer exists.")
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
            raise UserError(clip(f"That question can't be used: {reasons}.", 1900)) from exc
        if suggestion_id is not None:  # a moderator's edit: approved as edited
            await self._approve(interaction, suggestion_id, fields)
            return
        await self.bot.store.add_suggestion(
            guild_id, deck.id, interaction.user.id, to_json(fields), self.bot.clock()
        )
        await replies.send(
            interaction,
            f"Thank you! Your question for `{deck.id}` waits for a moderator's review (/deck review).",
            ephemeral=True,
        )

    @deck.command(
        name="review", description="Approve, edit or reject the questions members suggested (moderators)"
    )
    async def review(self, interaction: discord.Interaction) -> None:
        guild_id = await self._moderator(interaction, "review suggestions")
        waiting = await self.bot.store.pending_suggestions(guild_id)
        if not waiting:
            await replies.send(interaction, "No suggested questions are waiting.", ephemeral=True)
            return
        first = waiting[0]
        await replies.send(
            interaction,
            embed=self._suggestion_embed(first, len(waiting)),
            view=frozen_view(*(ReviewButton(action, first.id) for action in "aer")),
            ephemeral=True,
        )

    def _suggestion_embed(self, suggestion: SuggestionRecord, waiting: int) -> discord.Embed:
        fields = from_json(suggestion.question)
        lines = [str(fields.get("prompt", "")), ""]
        if "choices" in fields:
            lines += [("✅ " if i == 0 else "▫️ ") + str(c) for i, c in enumerate(fields["choices"])]
        else:
            lines.append("Typed answer: " + ", ".join(str(a) for a in fields.get("answers", [])))
        embed = discord.Embed(
            title=clip(f"Suggested for {suggestion.deck_id}", 256),
            description=clip("\n".join(lines), EMBED_DESCRIPTION),
            colour=discord.Colour.blurple(),
        )
        if fields.get("explanation"):
            embed.add_field(name="Why", value=clip(str(fields["explanation"]), FIELD_VALUE), inline=False)
        embed.add_field(name="By", value=mention(suggestion.author_id))
        embed.set_footer(text=f"{plural(waiting, 'suggestion')} waiting")
        return embed

    async def on_review(self, interaction: discord.Interaction, suggestion_id: int, action: str) -> None:
        guild_id = await self._moderator(interaction, "review suggestions")
        suggestion = await self.bot.store.suggestion(suggestion_id)
        if suggestion is None or suggestion.guild_id != guild_id:
            raise UserError("That suggestion no longer exists.")
        if suggestion.status != "pending":
            raise UserError(f"That suggestion was already {suggestion.status}.")
        if action == "e":
            modal = SuggestModal(
                suggestion.deck_id, suggestion_id=suggestion.id, fields=from_json(suggestion.question)
            )
            await replies.open_form(interaction, modal)
        elif action == "a":
            await self._approve(interaction, suggestion.id, from_json(suggestion.question))
        else:
            settled = await self.bot.store.settle_suggestion(
                suggestion.id, "rejected", interaction.user.id, self.bot.clock()
            )
            if not settled:
                raise UserError("That suggestion was already reviewed.")
            await self._reviewed(interaction, "Rejected. /deck review shows the next suggestion.")

    async def _approve(
        self, interaction: discord.Interaction, suggestion_id: int, fields: dict[str, Any]
    ) -> None:
        guild_id = guild_id_of(interaction)
        suggestion = await self.bot.store.suggestion(suggestion_id)
        if suggestion is None or suggestion.guild_id != guild_id:
            raise UserError("That suggestion no longer exists.")
        deck = self.bot.bank.get(suggestion.deck_id, guild_id)
        if deck is None or deck.guild_id != guild_id:
            raise UserError(f"The deck `{suggestion.deck_id}` is gone; reject the suggestion instead.")
        try:
            text, grown = deck_with(deck, fields)
        except DeckError as exc:
            raise UserError(
                clip("That question can't be added: " + "; ".join(p.message for p in exc.problems), 1900)
            ) from exc
        self._check_room(guild_id, deck.id, adding=len(grown.questions))
        if not await self.bot.store.settle_suggestion(
            suggestion_id, "approved", interaction.user.id, self.bot.clock(), to_json(fields)
        ):
            raise UserError("That suggestion was already reviewed.")
        records = {r.deck_id: r for r in await self.bot.store.guild_decks(guild_id)}
        kept = records.get(deck.id)
        await self.bot.store.save_guild_deck(
            GuildDeckRecord(
                guild_id=guild_id,
                deck_id=deck.id,
                source_name=kept.source_name if kept else deck.source,
                text=text,
                uploaded_by=kept.uploaded_by if kept else interaction.user.id,
                uploaded_at=self.bot.clock(),
            )
        )
        self.bot.bank.add(grown)
        await self._reviewed(
            interaction,
            f"Approved: `{deck.id}` now has {plural(len(grown.questions), 'question')}, and the reveal credits "
            f"{mention(suggestion.author_id)}. /deck review shows the next suggestion.",
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


async def setup(bot: BvunzoBot) -> None:
    await bot.add_cog(DecksCog(bot))
    bot.add_dynamic_items(DeleteDeckButton, ReviewButton)
    bot.add_forms(SUGGESTION_FORM, EDITED_SUGGESTION_FORM)
