"""Log lines for hosts: text or JSON, the server and channel attached, the token and interaction tokens blanked."""

from __future__ import annotations

import io
import json
import logging
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.host.config import ConfigError, Settings
from bot.host.logs import configure_logging, where

ROOT = Path(__file__).resolve().parents[1]
TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789"
INTERACTION_TOKEN = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4OnNlY3JldA"


@pytest.fixture
def captured() -> Iterator[io.StringIO]:
    root = logging.getLogger()
    saved_handlers, saved_level = list(root.handlers), root.level
    stream = io.StringIO()
    yield stream
    for handler in list(root.handlers):
        root.removeHandler(handler)
    for handler in saved_handlers:
        root.addHandler(handler)
    root.setLevel(saved_level)


def test_json_lines_carry_the_server_and_channel(captured: io.StringIO) -> None:
    configure_logging(logging.INFO, "json", secrets=[TOKEN], stream=captured)
    log = logging.getLogger("bot.events")
    log.info("round %s started", 7, extra=where(111, 222, round_id=7, deck_id="algebra"))
    log.debug("not shown at INFO")
    lines = captured.getvalue().splitlines()
    assert len(lines) == 1
    entry = json.loads(lines[0])
    assert entry["level"] == "INFO"
    assert entry["logger"] == "bot.events"
    assert entry["message"] == "round 7 started"
    assert (entry["guild_id"], entry["channel_id"], entry["round_id"], entry["deck_id"]) == (
        111,
        222,
        7,
        "algebra",
    )
    assert entry["time"].endswith("+00:00")


def test_json_keeps_a_traceback_inside_its_one_line(captured: io.StringIO) -> None:
    configure_logging(logging.INFO, "json", stream=captured)
    try:
        raise ValueError("bad\nthing")
    except ValueError:
        logging.getLogger("bot").exception("it failed", extra=where(5, 6))
    lines = captured.getvalue().splitlines()
    assert len(lines) == 1
    entry = json.loads(lines[0])
    assert entry["message"] == "it failed"
    assert "ValueError: bad" in entry["exception"]
    assert entry["guild_id"] == 5


def test_text_lines_end_with_the_ids(captured: io.StringIO) -> None:
    configure_logging(logging.INFO, "text", stream=captured)
    logging.getLogger("bot.events").info("round 3 stopped", extra=where(111, 222, round_id=3))
    logging.getLogger("bot").info("bank loaded")
    first, second = captured.getvalue().splitlines()
    assert first.endswith("bot.events: round 3 stopped [server=111 channel=222 round=3]")
    assert second.endswith("bot: bank loaded")


@pytest.mark.parametrize("log_format", ["text", "json"])
def test_the_token_never_reaches_the_log(captured: io.StringIO, log_format: str) -> None:
    configure_logging(logging.DEBUG, log_format, secrets=[TOKEN], stream=captured)
    log = logging.getLogger("discord.http")
    log.debug("sending Authorization: Bot %s", TOKEN)
    log.warning(
        "POST https://discord.com/api/v10/interactions/1234567890/%s/callback failed", INTERACTION_TOKEN
    )
    log.warning("webhook /webhooks/42/%s/messages/@original gone", INTERACTION_TOKEN)
    try:
        raise RuntimeError(f"login with {TOKEN} refused")
    except RuntimeError:
        log.exception("failure")
    text = captured.getvalue()
    assert TOKEN not in text
    assert INTERACTION_TOKEN not in text
    assert text.count("[hidden]") == 4
    assert "/interactions/1234567890/[hidden]/callback" in text


def test_a_bad_log_format_is_refused() -> None:
    env = {"DISCORD_TOKEN": TOKEN, "BVUNZO_QUESTIONS": str(ROOT / "questions")}
    assert Settings.from_env(env).log_format == "text"
    assert Settings.from_env({**env, "BVUNZO_LOG_FORMAT": "JSON"}).log_format == "json"
    with pytest.raises(ConfigError, match=r"^BVUNZO_LOG_FORMAT='xml' is not one of text, json\.$"):
        Settings.from_env({**env, "BVUNZO_LOG_FORMAT": "xml"})


def test_a_bad_log_format_is_one_line_and_exit_2() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=ROOT,
        env={"DISCORD_TOKEN": TOKEN, "BVUNZO_LOG_FORMAT": "yaml", "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == ["bvunzo: BVUNZO_LOG_FORMAT='yaml' is not one of text, json."]


def test_deck_changes_are_one_line_each(captured: io.StringIO) -> None:
    from bot.host.telemetry import Telemetry

    configure_logging(logging.INFO, "json", stream=captured)
    telemetry = Telemetry()
    telemetry.deck_changed(111, "algebra", "imported", 12)
    telemetry.deck_changed(111, "algebra", "deleted", 1)
    entries = [json.loads(line) for line in captured.getvalue().splitlines()]
    assert [(e["message"], e["guild_id"], e["deck_id"]) for e in entries] == [
        ("deck algebra imported (12 questions)", 111, "algebra"),
        ("deck algebra deleted (1 question)", 111, "algebra"),
    ]
