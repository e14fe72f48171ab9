"""What the fake saw: every request the bot sent, and every rule of Discord's it broke."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

# Kinds of violation, so a test can pick out the ones it provoked on purpose.
SPEC = "spec"  # the body does not match Discord's OpenAPI request schema
LIMIT = "limit"  # a documented limit (LIMITS.md) the laxer spec does not enforce
PING = "ping"  # the message would notify @everyone, a role or a member
UNEXPECTED = "unexpected-request"  # a route the fake (and so the bot's design) does not expect
LATE = "late-response"  # an interaction answered after Discord's 3 seconds
UNANSWERED = "unanswered"  # an interaction never answered
PROTOCOL = "protocol"  # answered twice, wrong callback type, follow-up before the answer...
RATE = "rate-limit"  # more edits in a channel than Discord's bucket allows


@dataclass
class UploadedFile:
    """A file part of a multipart request (files[n])."""

    field: str
    filename: str
    content_type: str
    data: bytes


@dataclass
class RecordedRequest:
    """One HTTP request as the fake received it."""

    method: str
    path: str  # without the /api/v10 prefix, e.g. /channels/1/messages
    route: str  # the matched template, e.g. /channels/{channel_id}/messages ("" when unknown)
    query: dict[str, str]
    body: Any  # parsed JSON, or the payload_json part of a multipart body, or None
    files: list[UploadedFile]
    time: float  # loop time when received
    status: int = 0
    reply: Any = None  # the JSON the fake answered with, if any
    injected: bool = False  # answered or delayed by a fault rule (fake.faults)
    violations: list[Violation] = field(default_factory=list)

    @property
    def key(self) -> str:
        """`METHOD /template`, the handle tests filter requests by."""
        return f"{self.method} {self.route or self.path}"

    def __str__(self) -> str:
        return f"{self.method} {self.path}"


@dataclass
class Violation:
    """A rule of Discord's the bot broke; fails the test at teardown unless taken."""

    kind: str
    message: str
    request: RecordedRequest | None = None

    def describe(self) -> str:
        where = f" in {self.request}" if self.request is not None else ""
        text = f"[{self.kind}]{where}: {self.message}"
        if self.request is not None and self.request.body is not None:
            body = json.dumps(self.request.body, ensure_ascii=False)
            text += f"\n    body: {body[:600]}{'...' if len(body) > 600 else ''}"
        return text
