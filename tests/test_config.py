"""Settings from the environment: defaults, and one clear line for each mistake."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.host.config import ConfigError, Settings

ROOT = Path(__file__).resolve().parents[1]
TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789"


def env(**extra: str) -> dict[str, str]:
    return {"DISCORD_TOKEN": TOKEN, "BVUNZO_QUESTIONS": str(ROOT / "questions"), **extra}


def test_defaults() -> None:
    settings = Settings.from_env(env())
    assert settings.token == TOKEN
    assert settings.db_path == Path("data/bvunzo.db")
    assert settings.sync_guild is None
    assert settings.log_level == "INFO"
    assert settings.api_base == "https://discord.com/api/v10"
    assert settings.gateway_url == "wss://gateway.discord.gg/"


def test_every_setting_is_read() -> None:
    settings = Settings.from_env(
        env(
            BVUNZO_DB="/tmp/x.db",
            BVUNZO_SYNC_GUILD="123456789012345678",
            BVUNZO_LOG_LEVEL="debug",
            DISCORD_API_BASE="http://127.0.0.1:9999/api/v10/",
            DISCORD_GATEWAY_URL="ws://127.0.0.1:9999/",
        )
    )
    assert settings.db_path == Path("/tmp/x.db")
    assert settings.sync_guild == 123456789012345678
    assert settings.log_level == "DEBUG"
    assert settings.api_base == "http://127.0.0.1:9999/api/v10"
    assert settings.gateway_url == "ws://127.0.0.1:9999/"


def test_a_database_url_is_kept_as_written() -> None:
    url = "postgresql://bvunzo:secret@db.example:5432/bvunzo"
    assert Settings.from_env(env(BVUNZO_DB=url)).db_path == url
    assert Settings.from_env(env(BVUNZO_DB="sqlite:///data/b.db")).db_path == "sqlite:///data/b.db"


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"DISCORD_TOKEN": ""}, "DISCORD_TOKEN is not set"),
        ({"DISCORD_TOKEN": "not-a-token"}, "does not look like a bot token"),
        ({"BVUNZO_SYNC_GUILD": "general"}, "BVUNZO_SYNC_GUILD='general' is not a server id"),
        ({"BVUNZO_LOG_LEVEL": "loud"}, "BVUNZO_LOG_LEVEL='loud' is not one of"),
        ({"DISCORD_API_BASE": "discord.com"}, "DISCORD_API_BASE='discord.com' is not a http or https URL"),
        ({"DISCORD_GATEWAY_URL": "http://x"}, "is not a ws or wss URL"),
        ({"BVUNZO_QUESTIONS": "/nonexistent/decks"}, "is not a folder of decks"),
    ],
)
def test_mistakes_are_one_sentence(changes: dict[str, str], words: str) -> None:
    with pytest.raises(ConfigError) as caught:
        Settings.from_env(env(**changes))
    assert words in str(caught.value)
    assert "\n" not in str(caught.value)


def run_module(*args: str, **extra: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "BVUNZO_"))}
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=ROOT,
        env={**clean, **extra},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_no_token_is_one_line_and_exit_2() -> None:
    done = run_module()
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("bvunzo: DISCORD_TOKEN is not set")


def test_bad_setting_is_one_line_and_exit_2() -> None:
    done = run_module(DISCORD_TOKEN=TOKEN, BVUNZO_LOG_LEVEL="chatty")
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "bvunzo: BVUNZO_LOG_LEVEL='chatty' is not one of DEBUG, INFO, WARNING, ERROR, CRITICAL."
    ]
