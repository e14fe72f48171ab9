"""Log lines for hosts: plain text or one JSON object per line, with ids attached and secrets blanked."""

from __future__ import annotations

import json
import logging
import re
import sys
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any, TextIO

# Attributes a log call may attach with `extra=where(...)`: shown as `server=… channel=…` in text and as
# keys in JSON, so a collector can filter one server's or one channel's lines.
CONTEXT = (("guild_id", "server"), ("channel_id", "channel"), ("round_id", "round"), ("deck_id", "deck"))

# Interaction and webhook tokens sit in REST paths that aiohttp and discord.py put in exception texts;
# they are secrets for 15 minutes, so they are blanked like the bot's own token.
_URL_TOKEN = re.compile(r"(/(?:webhooks|interactions)/\d+/)[A-Za-z0-9_\-.]{20,}")
BLANK = "[hidden]"

TEXT_FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"


def where(
    guild_id: int | None = None,
    channel_id: int | None = None,
    *,
    round_id: int | None = None,
    deck_id: str | None = None,
) -> dict[str, Any]:
    """The `extra=` of a log call about something in a server and channel."""
    found = {"guild_id": guild_id, "channel_id": channel_id, "round_id": round_id, "deck_id": deck_id}
    return {key: value for key, value in found.items() if value is not None}


class _Blanking:
    """Removes the given secrets (and interaction tokens in URLs) from finished log lines."""

    def __init__(self, secrets: Iterable[str]) -> None:
        # Short strings would blank ordinary words; a real token is over 50 characters.
        self.secrets = tuple(s for s in secrets if len(s) >= 8)

    def __call__(self, line: str) -> str:
        for secret in self.secrets:
            line = line.replace(secret, BLANK)
        return _URL_TOKEN.sub(rf"\g<1>{BLANK}", line)


class TextFormatter(logging.Formatter):
    def __init__(self, secrets: Iterable[str] = ()) -> None:
        super().__init__(TEXT_FORMAT)
        self.blank = _Blanking(secrets)

    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        context = " ".join(
            f"{label}={getattr(record, key)}"
            for key, label in CONTEXT
            if getattr(record, key, None) is not None
        )
        if context:
            head, newline, rest = line.partition("\n")  # after the message, before any traceback
            line = f"{head} [{context}]{newline}{rest}"
        return self.blank(line)


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message, the context ids, and any traceback."""

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        super().__init__()
        self.blank = _Blanking(secrets)

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": self.blank(record.getMessage()),
        }
        for key, _label in CONTEXT:
            value = getattr(record, key, None)
            if value is not None:
                entry[key] = value
        if record.exc_info:
            entry["exception"] = self.blank(self.formatException(record.exc_info))
        elif record.stack_info:
            entry["stack"] = self.blank(self.formatStack(record.stack_info))
        # The secrets are blanked field by field above; json.dumps escapes nothing a token contains.
        return json.dumps(entry, ensure_ascii=False, default=str)


def configure_logging(
    level: int, log_format: str = "text", *, secrets: Iterable[str] = (), stream: TextIO | None = None
) -> logging.Handler:
    """Send every log line to stderr (or `stream`) in the chosen format; returns the handler installed."""
    secrets = tuple(secrets)
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(JsonFormatter(secrets) if log_format == "json" else TextFormatter(secrets))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)
    # The gateway's INFO lines (connected, resumed) repeat all day; keep its warnings.
    logging.getLogger("discord.gateway").setLevel(max(level, logging.WARNING))
    return handler
