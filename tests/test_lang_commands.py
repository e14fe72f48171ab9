"""The slash commands' names, descriptions and choices in each shipped language: what Discord accepts.

Read off the bot's real command tree, translated through the catalog (bot/locales/<lang>.po and the
fragments in bot/locales/parts/, whichever holds them), the way a Translator gives Discord each
`name_localizations` entry: a name must be a valid Discord name and differ from its siblings' in each
language, or Discord refuses the whole sync.
"""

from __future__ import annotations

import asyncio
import tempfile
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from discord import app_commands

from bot.locales import SHIPPED, SOURCE, catalog_path, slash, speaking, translations

ROOT = Path(__file__).resolve().parents[1]
LANGUAGES = [code for code in SHIPPED if code != SOURCE]
DISCORD_LOCALES = ["fr", "pt-BR"]  # Shona is no Discord client locale: its speakers see English names
Command = app_commands.Command | app_commands.Group  # type: ignore[type-arg]


def _tree() -> list[Command | app_commands.ContextMenu]:
    from bot.bank import Bank, load_folder
    from bot.discord.client import EXTENSIONS, BvunzoBot
    from bot.host.config import Settings
    from bot.store import open_store

    async def build() -> list[Command | app_commands.ContextMenu]:
        with tempfile.TemporaryDirectory() as folder:
            db = Path(folder) / "tree.db"
            bot = BvunzoBot(Settings(token="x", db_path=db, questions_path=ROOT / "questions"))
            bot.store = await open_store(db)
            bot.bank = Bank(load_folder(ROOT / "questions")[0])
            try:
                for name in EXTENSIONS:
                    await bot.load_extension(name)
                return list(bot.tree.get_commands())
            finally:
                await bot.store.close()

    return asyncio.run(build())


@pytest.fixture(scope="module")
def everything() -> list[Command | app_commands.ContextMenu]:
    return _tree()


@pytest.fixture(scope="module")
def tree(everything: list[Command | app_commands.ContextMenu]) -> list[Command]:
    return [c for c in everything if isinstance(c, Command)]


@pytest.fixture(scope="module")
def menus(everything: list[Command | app_commands.ContextMenu]) -> list[app_commands.ContextMenu]:
    """The context menus (a message's or a member's Apps menu): names with spaces and capitals."""
    return [c for c in everything if isinstance(c, app_commands.ContextMenu)]


def _walk(commands: list[Command]) -> Iterator[Command]:
    for command in commands:
        yield command
        if isinstance(command, app_commands.Group):
            yield from _walk(list(command.commands))


def _name(code: str, command: Command) -> str:
    place = "group_name" if isinstance(command, app_commands.Group) else "command_name"
    return translations(code).pgettext(f"command {place}", command.name)


def _option(code: str, parameter: app_commands.Parameter) -> str:
    return translations(code).pgettext("command parameter_name", parameter.display_name)


def valid_name(name: str) -> bool:
    """Discord's rule for a command or option name: ^[-_\\p{L}\\p{N}]{1,32}$, lower case where a letter has one."""
    return (
        1 <= len(name) <= 32
        and all(c in "-_" or unicodedata.category(c)[0] in "LN" for c in name)
        and name == name.lower()
    )


def _translated(code: str) -> dict[tuple[str | None, str], str]:
    """Every translated message of a language: its .po file and the fragments not yet merged into it."""
    file = catalog_path(code)
    paths = [file] if file.exists() else []
    paths += sorted((file.parent / "parts").glob(f"*/{file.name}"))
    found: dict[tuple[str | None, str], str] = {}
    for path in paths:
        with path.open("rb") as handle:
            for message in read_po(handle, locale=code.replace("-", "_")):
                if message.id and isinstance(message.string, str) and message.string and not message.fuzzy:
                    found.setdefault((message.context, str(message.id)), message.string)
    return found


def test_the_rule_for_names_is_discords() -> None:
    assert valid_name("quiz") and valid_name("entraînement") and valid_name("fuso_horário")
    assert valid_name("question-du-jour") and valid_name("deck2")
    assert not valid_name("question du jour")  # no spaces
    assert not valid_name("Paquet")  # lower case only
    assert not valid_name("aujourd'hui")
    assert not valid_name("a" * 33) and not valid_name("")


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_name_is_a_valid_discord_name(tree: list[Command], code: str) -> None:
    bad = [_name(code, c) for c in _walk(tree) if not valid_name(_name(code, c))]
    bad += [
        _option(code, p)
        for c in _walk(tree)
        if isinstance(c, app_commands.Command)
        for p in c.parameters
        if not valid_name(_option(code, p))
    ]
    assert bad == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_two_siblings_share_a_name(tree: list[Command], code: str) -> None:
    clashes: list[str] = []

    def check(where: str, names: list[str]) -> None:
        repeated = sorted({n for n in names if names.count(n) > 1})
        clashes.extend(f"{where}: {n}" for n in repeated)

    check("top level", [_name(code, c) for c in tree])
    for command in _walk(tree):
        if isinstance(command, app_commands.Group):
            check(f"/{command.qualified_name}", [_name(code, c) for c in command.commands])
        else:
            check(f"/{command.qualified_name}", [_option(code, p) for p in command.parameters])
            for p in command.parameters:
                choices = [translations(code).pgettext("command choice_name", c.name) for c in p.choices]
                check(f"/{command.qualified_name} {p.display_name}:", choices)
    assert clashes == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_descriptions_and_choices_fit_discords_limits(tree: list[Command], code: str) -> None:
    said = translations(code)
    too_long: list[str] = []
    for command in _walk(tree):
        place = "group_description" if isinstance(command, app_commands.Group) else "command_description"
        texts = [said.pgettext(f"command {place}", command.description)]
        if isinstance(command, app_commands.Command):
            for parameter in command.parameters:
                texts.append(said.pgettext("command parameter_description", parameter.description))
                texts += [said.pgettext("command choice_name", choice.name) for choice in parameter.choices]
        too_long += [t for t in texts if not 1 <= len(t) <= 100]
    assert too_long == []


@pytest.mark.parametrize("code", DISCORD_LOCALES)
def test_every_name_and_description_has_a_translation_in_discord_locales(
    tree: list[Command], code: str
) -> None:
    have = _translated(code)
    wanted: list[tuple[str, str]] = []
    for command in _walk(tree):
        kind = "group" if isinstance(command, app_commands.Group) else "command"
        wanted += [
            (f"command {kind}_name", command.name),
            (f"command {kind}_description", command.description),
        ]
        if isinstance(command, app_commands.Command):
            for p in command.parameters:
                wanted += [
                    ("command parameter_name", p.display_name),
                    ("command parameter_description", p.description),
                ]
                wanted += [("command choice_name", choice.name) for choice in p.choices]
    assert [w for w in wanted if w not in have] == []


def test_shona_speakers_keep_discords_english_names(tree: list[Command]) -> None:
    renamed = [c.name for c in _walk(tree) if _name("sn", c) != c.name]
    renamed += [
        p.display_name
        for c in _walk(tree)
        if isinstance(c, app_commands.Command)
        for p in c.parameters
        if _option("sn", p) != p.display_name
    ]
    assert renamed == []


def test_context_menus_are_named_in_each_discord_locale_within_discords_limit(
    menus: list[app_commands.ContextMenu],
) -> None:
    names = {
        code: [translations(code).pgettext("command command_name", m.name) for m in menus]
        for code in LANGUAGES
    }
    assert [m.name for m in menus] == ["Make a question from this"]
    assert names == {
        "sn": ["Make a question from this"],  # Shona is no Discord locale: the client shows English
        "fr": ["En faire une question"],
        "pt-BR": ["Criar uma pergunta disto"],
    }
    # Discord's rule for a context menu's name: 1 to 32 characters, spaces and capitals allowed.
    assert all(1 <= len(name) <= 32 for listed in names.values() for name in listed)


def test_commands_as_each_language_names_them() -> None:
    expected = {
        "en": ["/quiz start", "/deck import", "/practice", "/qotd set", "/leaderboard"],
        "sn": ["/quiz start", "/deck import", "/practice", "/qotd set", "/leaderboard"],
        "fr": [
            "/quiz lancer",
            "/paquet importer",
            "/entraînement",
            "/question-du-jour programmer",
            "/classement",
        ],
        "pt-BR": [
            "/quiz iniciar",
            "/baralho importar",
            "/praticar",
            "/pergunta-do-dia configurar",
            "/placar",
        ],
    }
    for code, names in expected.items():
        with speaking(code):
            assert [
                slash("quiz start"),
                slash("deck import"),
                slash("practice"),
                slash("qotd set"),
                slash("leaderboard"),
            ] == names


def test_descriptions_and_choices_read_in_each_language() -> None:
    description = "Start a quiz round in this channel"
    assert translations("sn").pgettext("command command_description", description) == (
        "Tanga mutambo webvunzo muchiteshi chino"
    )
    assert translations("fr").pgettext("command command_description", description) == (
        "Lancer une manche de quiz dans ce salon"
    )
    assert translations("pt-BR").pgettext("command command_description", description) == (
        "Iniciar uma rodada de quiz neste canal"
    )
    assert translations("fr").pgettext("command choice_name", "easy") == "facile"
    assert translations("pt-BR").pgettext("command choice_name", "weekdays") == "dias úteis"
    assert translations("sn").pgettext("command choice_name", "daily") == "zuva nezuva"
