"""What can be checked here of the Dockerfile, the CLI and the README's commands (Docker cannot run here)."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def dockerfile() -> list[tuple[str, str]]:
    text = (ROOT / "Dockerfile").read_text().replace("\\\n", " ")
    return [
        (line.split(None, 1)[0].upper(), line.split(None, 1)[1])
        for line in text.splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]


def test_dockerfile_copies_files_that_exist() -> None:
    copies = [args.split() for op, args in dockerfile() if op == "COPY"]
    assert copies
    for *sources, _target in copies:
        for source in sources:
            assert (ROOT / source).exists(), source


def test_dockerfile_runs_the_bot_as_a_user_with_data_on_a_volume() -> None:
    steps = dockerfile()
    cmd = next(args for op, args in steps if op == "CMD")
    assert json.loads(cmd) == ["python", "-m", "bot"]
    user = next(args for op, args in steps if op == "USER")
    assert user.strip() not in {"root", "0"}
    assert any(op == "VOLUME" and "/data" in args for op, args in steps)
    env = " ".join(args for op, args in steps if op == "ENV")
    assert "BVUNZO_DB=/data/bvunzo.db" in env


def test_readme_commands_match_ci_and_the_package() -> None:
    readme = (ROOT / "README.md").read_text()
    blocks = re.findall(r"```sh\n(.+?)\n```", readme, flags=re.S)
    run_bot, run_tests = blocks[0], blocks[1]
    assert "pip install ." in run_bot and run_bot.endswith("-m bot")
    ci = (ROOT / ".ci" / "run").read_text()
    assert run_tests in ci  # CI runs exactly the README's test command
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["scripts"]["bvunzo"] == "bot.__main__:main"
    for name in ("discord.py", "aiosqlite", "PyYAML"):
        assert any(dep.startswith(name) for dep in project["dependencies"])
    # The test command installs the test extra and runs pytest as CI does, without its cache.
    words = shlex.split(run_tests)
    assert "pytest" in words and "-p" in words and "no:cacheprovider" in words
    assert any(word.endswith(".[test,charts]") for word in words)


def _copied(steps: list[tuple[str, str]]) -> set[str]:
    """The sources the COPY steps among `steps` bring in (flags such as --chown left out)."""
    return {
        source.rstrip("/").removeprefix("./")
        for op, args in steps
        if op == "COPY"
        for source in args.split()[:-1]
        if not source.startswith("--")
    }


def test_dockerfile_installs_dependencies_before_the_source_arrives() -> None:
    """A code change must not re-run the dependency install: only the project's metadata comes before it."""
    steps = dockerfile()
    install = next(
        i
        for i, (op, args) in enumerate(steps)
        if op == "RUN" and "pip install" in args and "requirements" in args
    )
    assert _copied(steps[:install]) == {"pyproject.toml", "README.md"}
    assert {"bot", "cogs", "questions"} <= _copied(steps[install:])


def run_cli(*args: str, language: str = "C.UTF-8") -> subprocess.CompletedProcess[str]:
    """The command line as a terminal whose locale is `language` runs it (English: the C locale)."""
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={**os.environ, "LC_ALL": language, "LC_MESSAGES": "", "LANG": language},
    )


def test_validate_speaks_the_terminals_language(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("id: broken\ntitle: Broken\nquestions:\n  - id: q1\n    prompt: ''\n")
    shona = run_cli("validate", str(broken), language="sn_ZW.UTF-8")
    assert shona.returncode == 1
    assert f"{broken}:5: `prompt` haina chinhu" in shona.stdout.splitlines()
    french = run_cli("validate", "questions/", language="fr_FR.UTF-8")
    assert french.returncode == 0 and french.stdout.strip() == "Tous les paquets sont valides."


def test_validate_passes_on_what_we_ship() -> None:
    done = run_cli("validate", "questions/")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip() == "All decks are valid."


def test_validate_names_file_and_line(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text(
        "id: broken\ntitle: Broken\nquestions:\n  - id: q1\n    prompt: Two plus two?\n"
        "    choices: [three, four]\n    answer: 5\n"
    )
    done = run_cli("validate", str(broken), "questions/")
    assert done.returncode == 1
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"{broken}:7: ")
    assert "1 problem found." in done.stderr


def test_invite_link_asks_for_what_the_bot_uses() -> None:
    import discord

    setup = (ROOT / "docs" / "setup.md").read_text()  # the invite link moved there from the README
    asked = {int(n) for n in re.findall(r"permissions=(\d+)", setup)} | {
        int(n) for n in re.findall(r"permissions integer\s+`(\d+)`", setup)
    }
    needed = discord.Permissions(
        view_channel=True, send_messages=True, embed_links=True, attach_files=True, read_message_history=True
    )
    assert asked == {needed.value}
