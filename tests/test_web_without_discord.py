"""The dashboard runs without discord.py: `bvunzo web` and its pages import none of it, even indirectly.

The check runs in a fresh interpreter, so what the test suite imported earlier cannot hide an import.
"""

from __future__ import annotations

import json
import subprocess
import sys

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


def test_importing_the_web_loads_no_discord() -> None:
    # One interpreter imports them in turn and says, after each, what of discord.py is loaded: a module
    # that pulls it in is the first named with it (a fresh interpreter per module costs ~0.3 s of CPU each).
    code = (
        "import importlib, json, sys\n"
        "loaded = {}\n"
        f"for module in {WEB_MODULES!r}:\n"
        "    importlib.import_module(module)\n"
        "    loaded[module] = sorted(n for n in sys.modules if n == 'discord' or n.startswith('discord.'))\n"
        "print(json.dumps(loaded))\n"
    )
    ran = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(ran.stdout) == {module: [] for module in WEB_MODULES}
