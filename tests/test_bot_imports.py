"""The bot loads only what its settings use: no dashboard, charts or importers' libraries until needed.

Each check starts a fresh interpreter, so what the test suite imported earlier cannot hide an import.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from bot.bank import formulas
from bot.bank.bank import Bank
from bot.bank.deck_cache import cache_for
from tests.e2e.conftest import QUESTIONS
from tests.test_event_loop import TOKEN

# The web stack (loaded with BVUNZO_WEB or `bvunzo web`), the charts extra (in the chart worker's own
# process), and what only an upload, a typed answer off by a letter or a command-line verb needs.
# zstandard is not among them: Anki's newer packages need it, and discord.py loads it at start when it
# is installed (the bot still asks the gateway for zlib's packing: bot/discord/zlib_events.py).
LEFT_OUT = [
    "jinja2",
    "aiohttp_jinja2",
    "aiohttp_session",
    "cryptography",
    "matplotlib",
    "charset_normalizer",
    "rapidfuzz",
    "openpyxl",
    "defusedxml",
    "genanki",
    "argparse",  # only the `bvunzo` verbs' parsers
    "multiprocessing",  # the chart worker's pool, started on the first chart
    "concurrent.futures.process",
    "prometheus_client",  # /metrics, served only with BVUNZO_HTTP
    "http.server",  # prometheus_client's own server, never used
    "fsrs",  # loaded when a spaced review is computed
    "fsrs_rs_python",  # the optimizer, loaded for the weekly refit's first fit (bot/reviews/optimizer.py)
    "bot.bank.importers",  # the first upload or import
    "bot.bank.exports",  # the first /deck export: its writers, and html and xml.etree with them
    "html",
    "xml.etree",
    "bot.bank.editing",  # the first deck saved from Discord (an edit, an import, an approved suggestion)
    "bot.store.backup",  # /about's database line and `bvunzo backup`
    "bot.store.interface",  # the store's Protocols: for type checkers and the contract tests
    "yaml",  # a deck read from YAML: an upload, an edit, a server's deck, a built-in one the cache lacks
    "bot.bank.reader",
    "bot.bank.writer",  # a deck written out: an export, a suggestion, a file of mistakes
    "babel",  # CLDR's dates: the first one written (numbers need only bot/locales/digits.py)
    "babel.messages",  # Babel's catalog tools: `bvunzo locales` only (the bot reads its .po files itself)
    "importlib.metadata",  # with zipfile, csv and email: what importlib.resources would bring
    "importlib.resources",
    "zipfile",
    "decimal",  # a deck's number question (a round's numbers are rounded from their text: bot/locales/digits.py)
    "fractions",  # the first team standings (and decimal with it)
    "difflib",  # a deck problem's "did you mean"
    "zoneinfo",  # the first server time zone read (bot/calendar/zones.py), and sysconfig with it
    "sysconfig",
    "csv",  # the first spreadsheet handed out (bot/bank/spreadsheet_csv.py) or read
    "uvloop",  # BVUNZO_EVENT_LOOP=auto or uvloop only
    "discord.ext.commands",  # prefix commands, help, converters: the bot's cogs are bot/discord/cogs.py's
]


def loaded_after(code: str) -> list[str]:
    check = f"{code}\nimport sys\nprint(sorted(n for n in {LEFT_OUT!r} if n in sys.modules))\n"
    ran = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, check=True)
    return [name.strip("'") for name in ran.stdout.strip().strip("[]").split(", ") if name]


def test_the_client_module_loads_none_of_them() -> None:
    assert loaded_after("import bot.discord.client") == []


def test_the_bot_with_every_extension_loads_none_of_them() -> None:
    # What `python -m bot` imports before setup_hook runs, then every cog setup_hook loads.
    code = (
        "import importlib, bot.__main__, bot.discord.client as client\n"
        "for name in client.EXTENSIONS: importlib.import_module(name)\n"
    )
    assert loaded_after(code) == []


def test_the_bot_built_with_default_settings_loads_none_of_them() -> None:
    # As `python -m bot` without BVUNZO_HTTP: the settings, then the bot (its telemetry) and every cog.
    code = (
        "import importlib, pathlib, bot.__main__, bot.discord.client as client\n"
        "from bot.host.config import Settings\n"
        "client.BvunzoBot(Settings(token='x', db_path=pathlib.Path('b.db'), questions_path=pathlib.Path('q')))\n"
        "for name in client.EXTENSIONS: importlib.import_module(name)\n"
    )
    assert loaded_after(code) == []


def test_a_restart_reads_its_unchanged_decks_without_yaml(tmp_path: Path) -> None:
    # The start before (here, this process) read the shipped decks from YAML and kept them beside its
    # database; the next start reads them all from that cache (bot/bank/deck_cache.py), as BvunzoBot does.
    cache = cache_for(tmp_path / "bvunzo.db")
    assert cache is not None
    with formulas.unchecked():
        Bank.from_folder(QUESTIONS, cache)
    cache.save()
    code = (
        "import pathlib, bot.__main__\n"
        "from bot.bank import formulas\n"
        "from bot.bank.bank import Bank\n"
        "from bot.bank.deck_cache import cache_for\n"
        f"cache = cache_for(pathlib.Path({str(tmp_path / 'bvunzo.db')!r}))\n"
        "with formulas.unchecked():\n"
        f"    bank, problems = Bank.from_folder(pathlib.Path({str(QUESTIONS)!r}), cache)\n"
        "assert cache.hits == len(bank) > 0 and not problems\n"
    )
    assert loaded_after(code) == []


def test_the_default_event_loop_is_asyncios_own() -> None:
    # What `python -m bot` runs on without BVUNZO_EVENT_LOOP: the loop made, uvloop not imported.
    code = (
        "import asyncio, bot.__main__\n"
        "from bot.host import event_loop\n"
        "from bot.host.config import Settings\n"
        f"choice = Settings.from_env({{'DISCORD_TOKEN': {TOKEN!r}}}).event_loop\n"
        "assert event_loop.run(asyncio.sleep(0, 'ran'), choice) == 'ran'\n"
    )
    assert loaded_after(code) == []


def test_the_bot_reads_every_catalog_and_its_migrations_with_none_of_them() -> None:
    # What the command sync reads (every catalog with a Discord locale), and a new database's schema.
    code = (
        "import bot.__main__\n"
        "from bot.locales import SHIPPED, translations\n"
        "for code in SHIPPED: translations(code).pgettext('command command_name', 'quiz')\n"
        "from bot.store.sqlite.schema import migrations\n"
        "assert migrations()\n"
    )
    assert loaded_after(code) == []


def test_a_rounds_numbers_need_no_babel_and_the_first_date_loads_it() -> None:
    numbers = "from bot.locales import speaking, number, fixed, percent\nwith speaking('fr'): "
    assert loaded_after(numbers + "number(12345), fixed(2.5), percent(0.5), fixed(-0.04, 2)") == []
    dates = "import datetime\nfrom bot.locales import speaking, day\nwith speaking('fr'): "
    # Babel's dates read zones with zoneinfo (and zoneinfo finds them through sysconfig).
    dated = loaded_after(dates + "day(datetime.date(2026, 12, 2))")
    assert dated == ["babel", "decimal", "sysconfig", "zoneinfo"]


def test_the_check_sees_a_library_that_is_loaded() -> None:
    # The importers' package brings every reader with it: the XML ones their defusedxml.
    assert loaded_after("import bot.bank.importers.decoding, charset_normalizer") == [
        "bot.bank.importers",
        "bot.bank.reader",  # an import is read back as a deck, and written out in YAML
        "bot.bank.writer",
        "charset_normalizer",
        "csv",
        "decimal",  # the numbers of number questions (bot/bank/importers/moodle_drafts.py)
        "defusedxml",
        "html",  # the readers unescape what HTML a question's text holds
        "yaml",
    ]
