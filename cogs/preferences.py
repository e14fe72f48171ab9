"""/preferences (and its /language shortcut): a member's own settings, wherever they practise."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot import locales
from bot.bank.languages import as_language_code
from bot.discord.cogs import Cog
from bot.errors import UserError
from bot.locales import N_, _, percent
from bot.preferences.language_memory import speak_to
from bot.preferences.member_preferences import MemberChoices, MemberPreferences, two_places
from bot.quiz import DEFAULT_RETENTION, MAX_RETENTION, MIN_RETENTION
from bot.ui import replies
from bot.ui.text import LANGUAGE_NAMES, clip, language_name
from cogs.permissions import anywhere

if TYPE_CHECKING:
    from bot.discord.client import BvunzoBot

AUTO = frozenset({"auto", "none", "reset"})
TRADE = N_("Higher means more reviews and more remembered; lower, fewer reviews and more forgotten.")


def retention_sentence(retention: float) -> str:
    return _(
        "Reviews are scheduled for when you would still recall {percent} of your questions. {trade}",
        percent=percent(retention),
        trade=_(TRADE),
    )


def _language_code(code: str) -> str | None:
    """The language to remember (None: follow Discord's); a sentence for what is not a code."""
    if code.strip().lower() in AUTO:
        return None
    language = as_language_code(code)
    if language is None:
        raise UserError(
            _(
                "“{code}” is not a language code; use one like en, sn or pt-BR (or auto).",
                code=clip(code.strip(), 20),
            )
        )
    return language


def _name(code: str) -> str:
    """A language's name as its speakers write it (pt-BR: português), else the code."""
    return language_name(code) if code in LANGUAGE_NAMES else language_name(code.split("-", maxsplit=1)[0])


def _language_sentence(language: str | None) -> str:
    """What the choice changes, said in the language just chosen (the reply already speaks it)."""
    if language is None:
        return _("Bvunzo now follows your Discord language, in its answers to you and in questions.")
    if locales.catalog_language(language) is None:  # a deck's language Bvunzo itself does not speak
        return _(
            "Practice will show questions in {language} where a deck has that translation; Bvunzo's own "
            "words follow your Discord language.",
            language=language_name(language),
        )
    return _(
        "Bvunzo will answer you in {language} and show questions in {language} where a deck has that "
        "translation.",
        language=_name(language),
    )


def _choices_lines(choices: MemberChoices) -> list[str]:
    """What /preferences says with no option: the member's language and retention as they stand."""
    shown = _name(choices.language) if choices.language else _("your Discord language")
    kept = two_places(choices.aimed_retention)
    sentence = retention_sentence(choices.aimed_retention)
    if choices.retention:
        return [
            _("**Language:** {language}.", language=shown),
            _("**Retention:** {retention}. {sentence}", retention=kept, sentence=sentence),
        ]
    return [
        _("**Language:** {language}.", language=shown),
        _("**Retention:** {retention} (the default). {sentence}", retention=kept, sentence=sentence),
    ]


class PreferencesCog(Cog, name="Preferences"):  # i18n: not shown
    def __init__(self, bot: BvunzoBot) -> None:
        self.bot = bot

    @property
    def _preferences(self) -> MemberPreferences:
        return MemberPreferences(self.bot.store, self.bot.languages)

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
        said: list[str] = []
        if language is not None:
            code = _language_code(language)
            await self._remember_language(interaction, code)
            said.append(_language_sentence(code))
        if retention is not None:
            kept = await self._preferences.choose_retention(interaction.user.id, retention)
            said.append(retention_sentence(kept))
        if not said:
            said = _choices_lines(await self._preferences.choices(interaction.user.id))
        await replies.send(interaction, "\n".join(said), ephemeral=True)

    @app_commands.command(
        name="language",
        description="The language Bvunzo answers you in and shows questions in (as /preferences language)",
    )
    @anywhere
    @app_commands.describe(code="A language code such as en or sn; `auto` follows your Discord language")
    async def language(self, interaction: discord.Interaction, code: str) -> None:
        language = _language_code(code)
        await self._remember_language(interaction, language)
        await replies.send(interaction, _language_sentence(language), ephemeral=True)

    async def _remember_language(self, interaction: discord.Interaction, code: str | None) -> None:
        """Keep the member's language (None: their Discord client's), for questions and for Bvunzo's words;
        the rest of this reply, and every later one, speaks it."""
        await self._preferences.choose_language(interaction.user.id, code)
        await speak_to(interaction)

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
        """The languages Bvunzo speaks, those of the decks the member can play here, and auto."""
        decks = {code for deck in self.bot.bank.decks_for(interaction.guild_id) for code in deck.languages}
        codes = [*locales.SHIPPED, *sorted(decks - set(locales.SHIPPED))]
        needle = current.strip().casefold()
        choices = [
            app_commands.Choice(name=f"{_name(c)} ({c})", value=c)
            for c in codes
            if needle in c.casefold() or needle in _name(c).casefold()
        ]
        auto = _("auto: your Discord language")
        if needle in "auto" or needle in auto.casefold():
            choices.append(app_commands.Choice(name=auto, value="auto"))
        return choices[:25]


async def setup(bot: BvunzoBot) -> None:
    await bot.add_cog(PreferencesCog(bot))
