"""The dashboard runs without discord.py: `bvunzo web` and its pages import none of it, even indirectly.

Each check starts a fresh interpreter, so what the test suite imported earlier cannot hide an import.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

# What `bvunzo web` loads (bot/__main__.py, then bot/web/server.py's run_web) and every page it serves.
WEB_MODULES = [
    "bot.__main__",
    "bot.web.server",
    "bot.web.app",
    "bot.web.pages.deck_questions",
    "bot.web.pages.question_editor",
    "bot.web.pages.member",
    "bot.web.pages.flag_queue",
    "bot.looks.preview",
]


@pytest.mark.parametrize("module", WEB_MODULES)
def test_importing_the_web_loads_no_discord(module: str) -> None:
    code = (
        "import importlib, sys\n"
        f"importlib.import_module({module!r})\n"
        "print(sorted(name for name in sys.modules if name == 'discord' or name.startswith('discord.')))\n"
    )
    ran = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert ran.stdout.strip() == "[]"
