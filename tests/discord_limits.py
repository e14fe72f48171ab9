"""Checkers of Discord's limits (../shared/discord-api/LIMITS.md) for what bot/ui renders.

Each raises AssertionError naming the part that is too long, so a failure in one language says where.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import discord

CONTENT = 2000
EMBEDS = 10
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FIELDS = 25
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER = 2048
AUTHOR = 256
EMBED_TOTAL = 6000
ACTION_ROWS = 5
ROW_COMPONENTS = 5
BUTTON_LABEL = 80
CUSTOM_ID = 100
SELECT_OPTIONS = 25
OPTION_TEXT = 100  # an option's label, value and description
PLACEHOLDER = 150  # a select's
MODAL_TITLE = 45
INPUT_LABEL = 45  # a text input's label, and a modal Label's text
LABEL_DESCRIPTION = 100
INPUT_PLACEHOLDER = 100
TEXT_INPUT = 4000
V2_TEXT = 4000  # all text displays of a components-v2 message together
V2_COMPONENTS = 40  # counted nested
SECTION_TEXTS = 3
GALLERY_ITEMS = 10
CHOICE_NAME = 100
AUTOCOMPLETE_CHOICES = 25


def _fits(what: str, text: str | None, limit: int, *, least: int = 0) -> None:
    size = len(text or "")
    assert least <= size <= limit, f"{what}: {size} characters (limit {least}-{limit}): {text!r}"


def embed_size(embed: discord.Embed) -> int:
    data = embed.to_dict()
    size = len(data.get("title", "")) + len(data.get("description", ""))
    size += len(data.get("footer", {}).get("text", "")) + len(data.get("author", {}).get("name", ""))
    size += sum(len(f["name"]) + len(f["value"]) for f in data.get("fields", []))
    return size


def check_embed_dict(data: Mapping[str, Any]) -> int:
    """One embed as Discord receives it (Embed.to_dict()); its size toward the message's 6000."""
    _fits("embed title", data.get("title"), EMBED_TITLE)
    _fits("embed description", data.get("description"), EMBED_DESCRIPTION)
    fields = data.get("fields", [])
    assert len(fields) <= EMBED_FIELDS, f"{len(fields)} embed fields"
    for field in fields:
        _fits("field name", field["name"], FIELD_NAME, least=1)
        _fits("field value", field["value"], FIELD_VALUE, least=1)
    _fits("footer", data.get("footer", {}).get("text"), FOOTER)
    _fits("author name", data.get("author", {}).get("name"), AUTHOR)
    size = len(data.get("title", "")) + len(data.get("description", ""))
    size += len(data.get("footer", {}).get("text", "")) + len(data.get("author", {}).get("name", ""))
    size += sum(len(f["name"]) + len(f["value"]) for f in fields)
    assert size <= EMBED_TOTAL, f"embed of {size} characters (limit {EMBED_TOTAL})"
    return size


def check_embed(embed: discord.Embed) -> None:
    check_embed_dict(embed.to_dict())


def check_embeds(embeds: Iterable[discord.Embed]) -> None:
    """The embeds of one message: each within its limits, all together within 6000."""
    shown = list(embeds)
    assert len(shown) <= EMBEDS
    total = sum(check_embed_dict(embed.to_dict()) for embed in shown)
    assert total <= EMBED_TOTAL, f"embeds of {total} characters together (limit {EMBED_TOTAL})"


def check_content(text: str) -> None:
    _fits("message content", text, CONTENT)


def check_component(component: Mapping[str, Any]) -> int:
    """One component (and what it holds); the characters of text it displays (components v2)."""
    kind = component["type"]
    shown = 0
    if kind == 1:  # action row
        inner = component.get("components", [])
        assert 1 <= len(inner) <= ROW_COMPONENTS, f"a row of {len(inner)} components"
        for item in inner:
            shown += check_component(item)
    elif kind == 2:  # button
        _fits("button label", component.get("label"), BUTTON_LABEL)
        if "url" not in component:
            _fits("button custom_id", component.get("custom_id"), CUSTOM_ID, least=1)
    elif kind in (3, 5, 6, 7, 8):  # selects
        _fits("select custom_id", component.get("custom_id"), CUSTOM_ID, least=1)
        _fits("select placeholder", component.get("placeholder"), PLACEHOLDER)
        options = component.get("options", [])
        assert len(options) <= SELECT_OPTIONS, f"a select of {len(options)} options"
        for option in options:
            _fits("option label", option.get("label"), OPTION_TEXT, least=1)
            _fits("option value", option.get("value"), OPTION_TEXT, least=1)
            _fits("option description", option.get("description"), OPTION_TEXT)
    elif kind == 4:  # text input
        _fits("text input custom_id", component.get("custom_id"), CUSTOM_ID, least=1)
        _fits("text input label", component.get("label"), INPUT_LABEL)
        _fits("text input placeholder", component.get("placeholder"), INPUT_PLACEHOLDER)
        _fits("text input value", component.get("value"), TEXT_INPUT)
        assert component.get("max_length", 0) <= TEXT_INPUT
        # Discord refuses a form whose filled-in value is longer than its input takes.
        _fits("text input value", component.get("value"), component.get("max_length", TEXT_INPUT))
    elif kind == 10:  # text display
        shown += len(component.get("content", ""))
    elif kind == 9:  # section: 1-3 texts beside one accessory (a button or a thumbnail)
        inner = component.get("components", [])
        assert 1 <= len(inner) <= SECTION_TEXTS, f"a section of {len(inner)} texts"
        shown += sum(check_component(item) for item in inner) + check_component(component["accessory"])
    elif kind == 12:  # media gallery
        assert 1 <= len(component.get("items", [])) <= GALLERY_ITEMS
    elif kind == 18:  # a modal's label around one component
        _fits("label", component.get("label"), INPUT_LABEL, least=1)
        _fits("label description", component.get("description"), LABEL_DESCRIPTION)
        shown += check_component(component["component"])
    else:
        for item in component.get("components", []):
            shown += check_component(item)
    return shown


def _count(components: Iterable[Mapping[str, Any]]) -> int:
    """Components counted as Discord counts them toward 40: nested ones too (a section's texts and its
    accessory, a row's buttons, a label's component)."""
    total = 0
    for component in components:
        total += 1 + _count(component.get("components", []))
        for key in ("component", "accessory"):
            if key in component:
                total += _count([component[key]])
    return total


def check_view(view: discord.ui.View | discord.ui.LayoutView) -> None:
    """A message's components: 5 rows of 5 (classic), or 40 components and 4000 characters (v2)."""
    rows = view.to_components()
    if isinstance(view, discord.ui.LayoutView):
        assert _count(rows) <= V2_COMPONENTS, f"{_count(rows)} components"
        shown = sum(check_component(row) for row in rows)
        assert shown <= V2_TEXT, f"components v2 text of {shown} characters (limit {V2_TEXT})"
        return
    assert len(rows) <= ACTION_ROWS, f"{len(rows)} action rows"
    for row in rows:
        check_component(row)


def check_modal(modal: discord.ui.Modal) -> None:
    data = modal.to_dict()
    _fits("modal title", data.get("title"), MODAL_TITLE, least=1)
    _fits("modal custom_id", data.get("custom_id"), CUSTOM_ID, least=1)
    components = data.get("components", [])
    assert 1 <= len(components) <= ACTION_ROWS, f"a modal of {len(components)} components"
    for component in components:
        check_component(component)


def check_message(message: Mapping[str, Any]) -> None:
    """Keyword arguments of a send or an edit: content, embed(s), view (a Components V2 one alone)."""
    if isinstance(message.get("view"), discord.ui.LayoutView):
        assert message.get("content") is None and not message.get("embeds") and message.get("embed") is None
    if message.get("content") is not None:
        check_content(message["content"])
    embeds = list(message.get("embeds", []))
    if message.get("embed") is not None:
        embeds.append(message["embed"])
    check_embeds(embeds)
    if message.get("view") is not None:
        check_view(message["view"])


def check_choice_name(name: str) -> None:
    _fits("choice name", name, CHOICE_NAME, least=1)
