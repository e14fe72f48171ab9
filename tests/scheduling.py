"""How the run is laid out on xdist's workers: the longest files first, and the caches filled once.

Two things a run on two cores pays for that no test asks for:

- The end of the run. xdist hands each worker one test file at a time; a long file handed out last is
  run alone while the other workers wait. The files that wait longest (subprocesses, lock bounds, the
  browser drawing every page) are started first, so the run ends on short files. The list is measured
  with `--durations`; a file missing from it is only scheduled later, never skipped.
- The start of a fresh clone. Each worker collects every test file: with no assert-rewritten modules in
  tests/__pycache__ and no bytecode for the installed packages (uv compiles none), all four would
  rewrite and compile the same files at the same moment. Two collect-only runs, over half the files
  each, fill those caches once before the workers start; a run that finds them filled skips this.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

# Seconds each file took with two workers on two cores (the others' tests beside it), longest first
# (tests/e2e are the real bot); measured with --durations, summed per file.
LONGEST_FIRST = (
    "tests/e2e/test_database_weather.py",  # 34 s: real lock bounds of 10 s
    "tests/e2e/web/test_decks.py",  # 31 s: browser flows over both engines
    "tests/e2e/web/test_editor_kinds.py",  # 31 s: every kind's fields at four widths in both themes
    "tests/e2e/web/test_layout.py",  # 27 s: every page at four widths in both themes
    "tests/e2e/web/test_processes.py",  # 21 s: `bvunzo web` and the bot as processes
    "tests/e2e/test_discord_failures.py",  # 17 s
    "tests/e2e/test_shards_processes.py",  # 14 s
    "tests/e2e/web/test_reports.py",  # 12 s
    "tests/e2e/web/test_languages.py",  # 12 s
    "tests/e2e/test_restart.py",  # 12 s: killed and restarted bots
    "tests/test_play.py",  # 12 s: the terminal game as a process
    "tests/e2e/test_calendar_schedules.py",  # 11 s
    "tests/e2e/test_bot_core.py",  # 11 s
    "tests/e2e/web/test_deck_pictures.py",  # 10 s
    "tests/e2e/web/test_forgery.py",  # 10 s
    "tests/test_decks_service.py",  # 9 s
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The files in LONGEST_FIRST first, in its order; every other file after, as collected (a stable
    sort, so the tests within a file keep their order). Needs xdist's --no-loadscope-reorder."""
    rank = {path: place for place, path in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::", 1)[0], len(rank)))


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session: pytest.Session) -> None:
    """In xdist's controller, before it starts the workers (its own hook runs last): fill the caches."""
    config = session.config
    if hasattr(config, "workerinput") or not config.pluginmanager.hasplugin("dsession"):
        return
    tests = Path(config.rootpath, "tests")
    files = sorted(tests.rglob("test_*.py"))
    cold = files if not _compiled("discord") else [f for f in files if not _rewritten(f)]
    if len(cold) < 8:  # a few new or edited files: the workers rewrite them in no time
        return
    command = [sys.executable, "-m", "pytest", "--collect-only", "-q", "-n", "0", "-p", "no:cacheprovider"]
    runs = [
        subprocess.Popen([*command, *map(str, half)], cwd=config.rootpath, stdout=subprocess.DEVNULL)
        for half in (cold[0::2], cold[1::2])
    ]
    for run in runs:
        run.wait()  # a failure to collect is the workers' to report, with its reason


def _rewritten(test_file: Path) -> bool:
    """Whether pytest's assert-rewritten bytecode of the file is in its __pycache__ and up to date."""
    tag = f"{sys.implementation.cache_tag}-pytest-{pytest.__version__}"
    cached = test_file.parent / "__pycache__" / f"{test_file.stem}.{tag}.pyc"
    return cached.exists() and cached.stat().st_mtime >= test_file.stat().st_mtime


def _compiled(package: str) -> bool:
    """Whether an installed package's __init__ has its bytecode (uv installs compile none)."""
    spec = importlib.util.find_spec(package)
    if spec is None or spec.origin is None:
        return True
    return Path(importlib.util.cache_from_source(spec.origin)).exists()
