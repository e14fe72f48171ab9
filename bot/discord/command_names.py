"""Slash commands in the client's language: discord.py's Translator, reading the one message catalog.

Every name, description, option and choice of the command tree is in the catalog under the context
"command <place>" (bot/cli/catalog_tools.py reads them off the tree). Discord asks for each of its locales;
a locale with a shipped catalog (fr, pt-BR) gets that catalog's words, any other keeps the English.
Shona is no Discord locale, so no client is ever offered it here (its speakers get Shona replies).
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot import locales


class CatalogTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        return localised(string.message, locale.value, context.location.name)


def localised(english: str, locale: str, place: str) -> str | None:
    """The catalog's word for a command string in a Discord locale; None where it has none of its own.

    Nothing is kept per question: the tree asks for the same few hundred strings in each of Discord's
    thirty-odd locales at every start, tens of thousands of questions, each a dictionary look-up in the
    command words bot/locales/catalog.py keeps (once per language); an answer cached for each would
    stay for the process (750 KB) for a sync that runs once.
    """
    code = locale if locale in locales.SHIPPED else None  # Discord's own codes: fr, pt-BR
    if code is None or code == locales.SOURCE:
        return None
    found = locales.command_translations(code).pgettext(locales.COMMAND_CONTEXT + place, english)
    return found if found != english else None
