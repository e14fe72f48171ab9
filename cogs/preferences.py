"""/preferences (and its /language shortcut): a member's own settings, wherever they practise."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot import replies
from bot.bank.languages import as_language_code
from bot.errors import UserError
from bot.quiz import DEFAULT_RETENTION, MAX_RETENTION, MIN_RETENTION
from bot.ui.text import clip, language_name
from cogs.permissions import anywhere

if TYPE_CHECKING:
    from bot.app import BvunzoBot

AUTO = frozenset({"auto", "none", "reset"})
TRADE = "Higher means more reviews and more remembered; lower, fewer reviews and more forgotten."


async def retention_of(bot: BvunzoBot, user_id: int) -> float:
    """The member's desired retention (/preferences), or fsrs's default."""
    return await bot.store.member_retention(user_id) or DEFAULT_RETENTION


def retention_sentence(retention: float) -> str:
    return f"Reviews are scheduled for when you would still recall {retention:.0%} of your questions. {TRADE}"


def _language_code(code: str) -> str | None:
    """The language to remember (None: follow Discord's); a sentence for what is not a code."""
    if code.strip().lower() in AUTO:
        return None
    language = as_language_code(code)
    if language is None:
        raise UserError(
            f"“{clip(code.strip(), 20)}” is not a language code; use one like en, sn or pt-BR (or auto)."
        )
    return language


def _language_sentence(language: str | None) -> str:
    if language is None:
        return "Practice now follows your Discord language."
    return f"Practice will show questions in {language_name(language)} where a deck has that translation."


class PreferencesCog(commands.Cog, name="Preferences"):
    def __init__(self, bot: BvunzoBot) -> None:
        self.bot = bot

    @app_commands.command(name="preferences", description="Your own settings: language and desired retention")
    @anywhere
    @app_commands.describe(
        language="A language code such as en or sn; `auto` follows your Discord language",
        retention=f"The recall reviews aim for, {MIN_RETENTION:.2f}-{MAX_RETENTION:.2f} (default "
        f"{DEFAULT_RETENTION:.2f}); higher: more reviews, more remembered",
    )
    async def preferences(
        self,
        interaction: discord.Interaction,
        language: str | None = None,
        retention: app_commands.Range[float, MIN_RETENTION, MAX_RETENTION] | None = None,
    ) -> None:
        store = self.bot.store
        user_id = interaction.user.id
        said: list[str] = []
        if language is not None:
            code = _language_code(language)
            await store.set_member_language(user_id, code)
            said.append(_language_sentence(code))
        if retention is not None:
            # Discord enforces the range on its side; a forged value is told the range here.
            if not MIN_RETENTION <= retention <= MAX_RETENTION:
                raise UserError(
                    f"Retention is between {MIN_RETENTION:.2f} and {MAX_RETENTION:.2f}, such as 0.90."
                )
            retention = round(retention, 2)
            await store.set_member_retention(user_id, retention)
            said.append(retention_sentence(retention))
        if not said:
            current_language = await store.member_language(user_id)
            current = await store.member_retention(user_id)
            shown = language_name(current_language) if current_language else "your Discord language"
            said = [
                f"**Language:** {shown}.",
                f"**Retention:** {current or DEFAULT_RETENTION:.2f}"
                + ("" if current else " (the default)")
                + f". {retention_sentence(current or DEFAULT_RETENTION)}",
            ]
        await replies.send(interaction, "\n".join(said), ephemeral=True)

    @app_commands.command(
        name="language", description="The language practice shows questions in (as /preferences language)"
    )
    @anywhere
    @app_commands.describe(code="A language code such as en or sn; `auto` follows your Discord language")
    async def language(self, interaction: discord.Interaction, code: str) -> None:
        language = _language_code(code)
        await self.bot.store.set_member_language(interaction.user.id, language)
        await replies.send(interaction, _language_sentence(language), ephemeral=True)

    @preferences.autocomplete("language")
    async def _preferences_language(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return self._languages(interaction, current)

    @language.autocomplete("code")
    async def _language_code(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return self._languages(interaction, current)

    def _languages(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The languages of the decks the member can play here, and auto."""
        codes = sorted(
            {code for deck in self.bot.bank.decks_for(interaction.guild_id) for code in deck.languages}
        )
        needle = current.casefold()
        return [
            app_commands.Choice(name=f"{language_name(c)} ({c})", value=c)
            for c in [*codes, "auto"]
            if needle in c or needle in language_name(c).casefold()
        ][:25]


async def setup(bot: BvunzoBot) -> None:
    await bot.add_cog(PreferencesCog(bot))
