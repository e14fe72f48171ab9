"""Messages the bot posted, kept in their current state (edits applied), and attachments on either side."""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from tests.e2e.fake_discord.models import Channel, DMChannel, User, iso, now

EPHEMERAL = 1 << 6
LOADING = 1 << 7
COMPONENTS_V2 = 1 << 15
BUTTON = 2
STRING_SELECT = 3
TEXT_DISPLAY = 10
MEDIA_GALLERY = 12


@dataclass(eq=False)
class FakeAttachment:
    """A file, uploaded by a member (an attachment option) or by the bot (files[n]); served by the fake."""

    id: int
    filename: str
    data: bytes
    content_type: str | None = None
    base_url: str = ""  # the fake's http://127.0.0.1:PORT, filled in when it is known

    @property
    def url(self) -> str:
        return f"{self.base_url}/attachments/{self.id}/{self.filename}"

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": self.url,
            "proxy_url": self.url,
        }
        if self.content_type is not None:
            data["content_type"] = self.content_type
        return data


def _without_nones(value: Any) -> Any:
    """Discord leaves unset fields out of what it returns; discord.py sends many of them as null."""
    if isinstance(value, dict):
        return {k: _without_nones(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_without_nones(v) for v in value]
    return value


def stored_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Components as Discord returns them: numbered (`id`), nulls dropped, select defaults filled in."""
    result: list[dict[str, Any]] = _without_nones(copy.deepcopy(components))
    taken = {c["id"] for c in walk_components(result) if "id" in c}
    number = 0
    for component in walk_components(result):
        if "id" not in component:
            number += 1
            while number in taken:
                number += 1
            component["id"] = number
        if component.get("type") == STRING_SELECT:
            component.setdefault("min_values", 1)
            component.setdefault("max_values", 1)
    return result


def stored_embeds(embeds: list[dict[str, Any]]) -> list[dict[str, Any]]:
    result: list[dict[str, Any]] = _without_nones(copy.deepcopy(embeds))
    for embed in result:
        embed.setdefault("type", "rich")
    return result


def walk_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every component, depth first: rows, their buttons, containers, sections, label children."""
    found: list[dict[str, Any]] = []
    for component in components:
        found.append(component)
        found.extend(walk_components(component.get("components", [])))
        for key in ("component", "accessory"):
            if isinstance(component.get(key), dict):
                found.extend(walk_components([component[key]]))
    return found


def text_of(content: str, embeds: list[dict[str, Any]], components: list[dict[str, Any]]) -> str:
    """A message's words, one part a line: its content, every embed's words, every card's text displays."""
    parts = [content]
    for embed in embeds:
        parts += [
            embed.get("author", {}).get("name", ""),
            embed.get("title", ""),
            embed.get("description", ""),
        ]
        for embed_field in embed.get("fields", []):
            parts += [embed_field.get("name", ""), embed_field.get("value", "")]
        parts.append(embed.get("footer", {}).get("text", ""))
    for component in walk_components(components):
        if component.get("type") == TEXT_DISPLAY:  # components v2
            parts.append(component.get("content", ""))
    return "\n".join(part for part in parts if part)


@dataclass(eq=False)
class FakeMessage:
    """A message in its current state. `edit_times` holds the loop time of every later edit."""

    id: int
    channel: Channel | DMChannel
    author: User
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[FakeAttachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0  # 0 default, 20 the answer to a slash command, 19 a reply
    allowed_mentions: dict[str, Any] | None = None
    created_at: datetime = field(default_factory=now)
    edited_at: datetime | None = None
    edit_times: list[float] = field(default_factory=list)
    deleted: bool = False
    webhook_id: int | None = None  # messages sent through an interaction are the application's webhook's
    interaction_metadata: dict[str, Any] | None = None
    interaction_user_id: int | None = None  # whose interaction made it (who can see it, when ephemeral)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """A deferred answer's "thinking..." placeholder, not yet edited."""
        return bool(self.flags & LOADING)

    @property
    def text(self) -> str:
        """Content and the words of every embed or card, one per line: what a member reads, for `in` checks."""
        return text_of(self.content, self.embeds, self.components)

    @property
    def title(self) -> str:
        """The heading a member reads first: the first embed's title, or a card's first heading line."""
        if self.embeds:
            return str(self.embeds[0].get("title", ""))
        for component in walk_components(self.components):
            if component.get("type") == TEXT_DISPLAY:
                first = str(component.get("content", "")).split("\n", 1)[0]
                return first.removeprefix("### ") if first.startswith("### ") else ""
        return ""

    @property
    def pictures(self) -> list[str]:
        """The pictures shown, in order: each embed's image, or the items of a card's media galleries."""
        urls = [embed["image"]["url"] for embed in self.embeds if "image" in embed]
        for component in walk_components(self.components):
            if component.get("type") == MEDIA_GALLERY:
                urls += [item["media"]["url"] for item in component.get("items", [])]
        return urls

    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in walk_components(self.components) if c.get("type") == BUTTON]

    def button(self, *, label: str | None = None, custom_id: str | None = None) -> dict[str, Any]:
        """The button with this exact label (or custom_id); a label may also match its leading word."""
        buttons = self.buttons()
        for button in buttons:
            if custom_id is not None and button.get("custom_id") == custom_id:
                return button
            if label is not None and button.get("label") == label:
                return button
        if label is not None:
            # Answer buttons may read "A", "A. Paris" or "A) Paris": match the leading word.
            for button in buttons:
                if re.split(r"[\s.):]", str(button.get("label", "")), maxsplit=1)[0] == label:
                    return button
        shown = [(b.get("label"), b.get("custom_id")) for b in buttons]
        raise LookupError(f"message {self.id} has no button {label or custom_id!r}; its buttons: {shown}")

    def apply(self, body: dict[str, Any], uploads: list[FakeAttachment]) -> None:
        """Set the fields a create or edit body carries; absent fields are left as they are."""
        if "content" in body:
            self.content = body["content"] or ""
        if "embeds" in body:
            self.embeds = stored_embeds(body["embeds"] or [])
        if "components" in body:
            self.components = stored_components(body["components"] or [])
        if body.get("flags") is not None:
            # Ephemeral and loading stay as the message was created; the rest comes from the body.
            self.flags = (self.flags & (EPHEMERAL | LOADING)) | (int(body["flags"]) & ~(EPHEMERAL | LOADING))
        if "allowed_mentions" in body:
            self.allowed_mentions = body["allowed_mentions"]
        if "attachments" in body and body["attachments"] is not None:
            kept = {str(a.get("id")) for a in body["attachments"]}
            self.attachments = [a for a in self.attachments if str(a.id) in kept]
        self.attachments += uploads

    def mark_edited(self, loop_time: float) -> None:
        self.flags &= ~LOADING
        self.edited_at = now()
        self.edit_times.append(loop_time)

    def payload(self, users: dict[int, User]) -> dict[str, Any]:
        mentioned = [users[uid] for uid in _mentioned_ids(self.content, "@") if uid in users]
        # Without allowed_mentions Discord parses every mention; with it, only the listed kinds.
        parse = ["everyone"] if self.allowed_mentions is None else self.allowed_mentions.get("parse") or []
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "channel_id": str(self.channel.id),
            "author": self.author.payload(),
            "content": self.content,
            "embeds": self.embeds,
            "components": self.components,
            "attachments": [a.payload() for a in self.attachments],
            "mentions": [u.payload() for u in mentioned],
            "mention_roles": [str(rid) for rid in _mentioned_ids(self.content, "@&")],
            "mention_everyone": "@everyone" in self.content and "everyone" in parse,
            "pinned": False,
            "tts": False,
            "timestamp": iso(self.created_at),
            "edited_timestamp": iso(self.edited_at) if self.edited_at else None,
            "flags": self.flags,
        }
        if self.channel.guild is not None:  # a direct message has none
            data["guild_id"] = str(self.channel.guild.id)
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
            data["application_id"] = str(self.webhook_id)
        if self.interaction_metadata is not None:
            data["interaction_metadata"] = self.interaction_metadata
        return data

    def __repr__(self) -> str:
        return f"<FakeMessage {self.id} in #{self.channel.name}: {self.text[:60]!r}>"


def _mentioned_ids(content: str, prefix: str) -> list[int]:
    pattern = r"<@!?(\d+)>" if prefix == "@" else r"<@&(\d+)>"
    return [int(found) for found in re.findall(pattern, content)]
