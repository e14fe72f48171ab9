"""The Translator discord.py asks for every command string and Discord locale: the catalog's words or none."""

from __future__ import annotations

import tracemalloc

import discord
from discord import app_commands

from bot.discord.command_names import CatalogTranslator, localised
from bot.locales import command_translations, translations


def test_french_and_portuguese_clients_get_the_catalogs_names() -> None:
    assert localised("leaderboard", "fr", "command_name") == "classement"
    assert localised("leaderboard", "pt-BR", "command_name") == "placar"
    assert localised("start", "fr", "command_name") == "lancer"
    assert localised("deck", "pt-BR", "parameter_name") == "baralho"


def test_english_other_locales_and_untranslated_words_keep_discords_english() -> None:
    assert localised("leaderboard", "en-US", "command_name") is None
    assert localised("leaderboard", "en-GB", "command_name") is None
    assert localised("leaderboard", "es-ES", "command_name") is None  # no Spanish catalog
    assert localised("leaderboard", "sn", "command_name") is None  # Shona keeps the English names
    assert localised("quiz", "fr", "group_name") is None  # "quiz" is French too: nothing to add
    assert localised("not a command string", "fr", "command_description") is None


def test_the_words_come_without_the_rest_of_the_catalog() -> None:
    # Each start translates the whole tree for every Discord locale; a catalog's other sentences wait
    # for the first reply in its language.
    translations.cache_clear()
    assert localised("leaderboard", "fr", "command_name") == "classement"
    assert translations.cache_info().currsize == 0
    french = command_translations("fr")
    assert french.pgettext("command command_name", "leaderboard") == "classement"
    assert french.gettext("All decks are valid.") == "All decks are valid."  # not a command's word
    assert translations("fr").gettext("All decks are valid.") != "All decks are valid."


async def test_the_translator_answers_discord_py_by_its_locale_and_place() -> None:
    translator = CatalogTranslator()
    context = app_commands.TranslationContext(
        location=app_commands.TranslationContextLocation.command_name, data=None
    )
    said = await translator.translate(app_commands.locale_str("stats"), discord.Locale.french, context)
    assert said == "statistiques"
    said = await translator.translate(
        app_commands.locale_str("stats"), discord.Locale.brazil_portuguese, context
    )
    assert said == "estatísticas"
    said = await translator.translate(app_commands.locale_str("stats"), discord.Locale.japanese, context)
    assert said is None


async def test_translating_for_every_locale_keeps_nothing_per_question() -> None:
    # The sync asks for each command string in each of Discord's locales once per start: what the answers
    # cost must be gone once it is done, not kept for the process (750 KB for the whole tree).
    translator = CatalogTranslator()
    context = app_commands.TranslationContext(
        location=app_commands.TranslationContextLocation.command_description, data=None
    )
    words = [app_commands.locale_str(f"a description nobody wrote {n}") for n in range(300)]
    command_translations("fr"), command_translations("pt-BR")  # read once, kept: not what is measured
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for locale in discord.Locale:
            for word in words:
                await translator.translate(word, locale, context)
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert kept < 20_000  # bytes; 300 strings × 31 locales cached would be about 900 KB
