"""The bot loads only what its settings use: no dashboard, charts or importers' libraries until needed.

Each check starts a fresh interpreter, so what the test suite imported earlier cannot hide an import.
"""

from __future__ import annotations

import subprocess
import sys

# The web stack (loaded with BVUNZO_WEB or `bvunzo web`), the charts extra (in the chart worker's own
# process), and what only an upload, a typed answer off by a letter or a command-line verb needs.
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
    "zstandard",
    "genanki",
    "argparse",  # only the `bvunzo` verbs' parsers
    "multiprocessing",  # the chart worker's pool, started on the first chart
    "concurrent.futures.process",
    "prometheus_client",  # /metrics, served only with BVUNZO_HTTP
    "http.server",  # prometheus_client's own server, never used
    "fsrs",  # loaded when a spaced review is computed
    "bot.bank.importers",  # the first upload or import
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


def test_the_check_sees_a_library_that_is_loaded() -> None:
    assert loaded_after("import bot.bank.importers.decoding, charset_normalizer") == [
        "bot.bank.importers",
        "charset_normalizer",
    ]
