"""Discord's documented limits (shared/discord-api/LIMITS.md) that the laxer OpenAPI spec does not enforce."""

from __future__ import annotations

import re
from typing import Any

from tests.e2e.fake_discord.messages import BUTTON, COMPONENTS_V2, EPHEMERAL, STRING_SELECT, walk_components

CONTENT = 2000
EMBEDS = 10
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FIELDS = 25
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER = 2048
AUTHOR = 256
EMBEDS_TOTAL = 6000
ACTION_ROWS = 5
BUTTONS_PER_ROW = 5
BUTTON_LABEL = 80
CUSTOM_ID = 100
SELECT_OPTIONS = 25
SELECT_OPTION_TEXT = 100
COMMAND_NAME = 32
COMMAND_DESCRIPTION = 100
COMMAND_OPTIONS = 25
CHOICES = 25
CHOICE_NAME = 100
COMMAND_TOTAL = 8000
GLOBAL_CHAT_COMMANDS = 100
AUTOCOMPLETE_CHOICES = 25
V2_COMPONENTS = 40  # every component of a Components V2 message, nested ones too
V2_TEXT = 4000  # the text of all its text displays together
SECTION_TEXTS = 3

_COMMAND_NAME = re.compile(r"^[-_'\w]{1,32}$")


def _too_long(what: str, text: Any, limit: int) -> list[str]:
    if isinstance(text, str) and len(text) > limit:
        return [f"{what} is {len(text)} characters; Discord allows {limit}"]
    return []


def message_problems(body: dict[str, Any]) -> list[str]:
    """Limits on a message create/edit body (channel message, interaction answer, follow-up)."""
    problems = _too_long("content", body.get("content"), CONTENT)
    embeds = body.get("embeds") or []
    if (body.get("flags") or 0) & COMPONENTS_V2 and (body.get("content") or embeds):
        problems.append("a Components V2 message has no content and no embeds; Discord refuses them")
    if len(embeds) > EMBEDS:
        problems.append(f"{len(embeds)} embeds; Discord allows {EMBEDS}")
    total = 0
    for i, embed in enumerate(embeds):
        parts = {
            "title": (embed.get("title"), EMBED_TITLE),
            "description": (embed.get("description"), EMBED_DESCRIPTION),
            "footer text": ((embed.get("footer") or {}).get("text"), FOOTER),
            "author name": ((embed.get("author") or {}).get("name"), AUTHOR),
        }
        fields = embed.get("fields") or []
        if len(fields) > EMBED_FIELDS:
            problems.append(f"embed {i} has {len(fields)} fields; Discord allows {EMBED_FIELDS}")
        for j, field in enumerate(fields):
            parts[f"field {j} name"] = (field.get("name"), FIELD_NAME)
            parts[f"field {j} value"] = (field.get("value"), FIELD_VALUE)
        for what, (text, limit) in parts.items():
            problems += _too_long(f"embed {i} {what}", text, limit)
            total += len(text) if isinstance(text, str) else 0
    if total > EMBEDS_TOTAL:
        problems.append(f"the embeds hold {total} characters together; Discord allows {EMBEDS_TOTAL}")
    problems += _component_problems(
        body.get("components") or [], v2=bool((body.get("flags") or 0) & COMPONENTS_V2)
    )
    return problems


def _component_problems(components: list[dict[str, Any]], *, v2: bool) -> list[str]:
    problems = _layout_problems(components) if v2 else []
    every = walk_components(components)
    rows = [c for c in (every if v2 else components) if c.get("type") == 1]
    if not v2 and len(components) > ACTION_ROWS:
        problems.append(f"{len(components)} action rows; Discord allows {ACTION_ROWS}")
    for r, row in enumerate(rows):
        children = row.get("components") or []
        buttons = [c for c in children if c.get("type") == BUTTON]
        if len(buttons) > BUTTONS_PER_ROW:
            problems.append(f"row {r} has {len(buttons)} buttons; Discord allows {BUTTONS_PER_ROW}")
        for child in children:
            problems += _item_problems(child)
    return problems


def _layout_problems(components: list[dict[str, Any]]) -> list[str]:
    """A Components V2 message's own limits: 40 components counted nested, 4,000 characters of text,
    a section's 1 to 3 texts beside its one accessory."""
    problems = []
    every = walk_components(components)
    if len(every) > V2_COMPONENTS:
        problems.append(f"{len(every)} components counted nested; Discord allows {V2_COMPONENTS}")
    text = sum(len(c.get("content") or "") for c in every if c.get("type") == 10)
    if text > V2_TEXT:
        problems.append(f"text displays of {text} characters together; Discord allows {V2_TEXT}")
    for section in (c for c in every if c.get("type") == 9):
        texts = section.get("components") or []
        if not 1 <= len(texts) <= SECTION_TEXTS or "accessory" not in section:
            problems.append(
                f"a section of {len(texts)} texts; Discord wants 1-{SECTION_TEXTS} and an accessory"
            )
    return problems


def _item_problems(item: dict[str, Any]) -> list[str]:
    kind = "button" if item.get("type") == BUTTON else "component"
    name = f"{kind} {item.get('custom_id') or item.get('label')!r}"
    problems = _too_long(f"{name} label", item.get("label"), BUTTON_LABEL)
    custom_id = item.get("custom_id")
    if custom_id is not None and not 1 <= len(custom_id) <= CUSTOM_ID:
        problems.append(f"{name} custom_id is {len(custom_id)} characters; Discord allows 1 to {CUSTOM_ID}")
    if item.get("type") == STRING_SELECT:
        options = item.get("options") or []
        if len(options) > SELECT_OPTIONS:
            problems.append(f"{name} has {len(options)} options; Discord allows {SELECT_OPTIONS}")
        for k, option in enumerate(options):
            for key in ("label", "value", "description"):
                problems += _too_long(f"{name} option {k} {key}", option.get(key), SELECT_OPTION_TEXT)
    return problems


def callback_problems(body: dict[str, Any]) -> list[str]:
    """Limits on an interaction callback body (its `data` depends on the type)."""
    data = body.get("data") or {}
    kind = body.get("type")
    if kind in (4, 7):
        return message_problems(data)
    if kind == 8:
        choices = data.get("choices") or []
        problems = []
        if len(choices) > AUTOCOMPLETE_CHOICES:
            problems.append(f"{len(choices)} autocomplete choices; Discord allows {AUTOCOMPLETE_CHOICES}")
        for choice in choices:
            name = choice.get("name", "")
            if not 1 <= len(name) <= CHOICE_NAME:
                problems.append(
                    f"autocomplete choice name {name[:40]!r} is {len(name)} characters (1-{CHOICE_NAME})"
                )
        return problems
    return []


def command_problems(commands: list[dict[str, Any]], *, global_scope: bool) -> list[str]:
    """Limits on a command list put with a bulk overwrite."""
    problems = []
    chat = [c for c in commands if c.get("type", 1) == 1]
    if global_scope and len(chat) > GLOBAL_CHAT_COMMANDS:
        problems.append(f"{len(chat)} global slash commands; Discord allows {GLOBAL_CHAT_COMMANDS}")
    for command in commands:
        problems += _command_problems(command)
    return problems


def _command_problems(command: dict[str, Any]) -> list[str]:
    name = str(command.get("name", ""))
    problems = _naming_problems(f"/{name}", command, slash=command.get("type", 1) == 1)
    problems += _options_problems(f"/{name}", command.get("options") or [])
    total = _command_characters(command)
    if total > COMMAND_TOTAL:
        problems.append(
            f"/{name} has {total} characters in names, descriptions and choices; Discord allows 8000"
        )
    return problems


def _naming_problems(where: str, item: dict[str, Any], *, slash: bool) -> list[str]:
    problems = []
    name = str(item.get("name", ""))
    if slash and (not _COMMAND_NAME.match(name) or name != name.lower()):
        problems.append(f"{where}: name {name!r} must be 1-{COMMAND_NAME} lower-case letters, digits, - or _")
    description = str(item.get("description", ""))
    if slash and not 1 <= len(description) <= COMMAND_DESCRIPTION:
        problems.append(f"{where}: description is {len(description)} characters (1-{COMMAND_DESCRIPTION})")
    return problems


def _options_problems(where: str, options: list[dict[str, Any]]) -> list[str]:
    problems = []
    if len(options) > COMMAND_OPTIONS:
        problems.append(f"{where} has {len(options)} options; Discord allows {COMMAND_OPTIONS}")
    for option in options:
        inner = f"{where} {option.get('name')}"
        problems += _naming_problems(inner, option, slash=True)
        choices = option.get("choices") or []
        if len(choices) > CHOICES:
            problems.append(f"{inner} has {len(choices)} choices; Discord allows {CHOICES}")
        for choice in choices:
            if not 1 <= len(str(choice.get("name", ""))) <= CHOICE_NAME:
                problems.append(
                    f"{inner}: choice name {choice.get('name')!r} must be 1-{CHOICE_NAME} characters"
                )
        problems += _options_problems(inner, option.get("options") or [])
    return problems


def _command_characters(item: dict[str, Any]) -> int:
    total = len(str(item.get("name", ""))) + len(str(item.get("description", "")))
    for choice in item.get("choices") or []:
        total += len(str(choice.get("name", ""))) + len(str(choice.get("value", "")))
    return total + sum(_command_characters(option) for option in item.get("options") or [])


_USER = re.compile(r"<@!?(\d+)>")
_ROLE = re.compile(r"<@&(\d+)>")


def ping_problems(body: dict[str, Any], wanted_roles: frozenset[int] = frozenset()) -> list[str]:
    """Who the content would notify given its allowed_mentions (absent: Discord notifies everyone named).

    `wanted_roles`: roles a moderator asked the bot to ping (a schedule's announcement), allowed when
    named one by one in allowed_mentions.roles, never through parse.
    """
    if (body.get("flags") or 0) & EPHEMERAL:
        return []  # an ephemeral message notifies no one
    content = body.get("content") or ""
    allowed = body.get("allowed_mentions")
    parse = set(allowed.get("parse") or []) if allowed is not None else {"everyone", "users", "roles"}
    problems = []
    for word in ("@everyone", "@here"):
        if word in content and "everyone" in parse:
            problems.append(f"content says {word} and allowed_mentions lets it ping")
    listed_users = {str(u) for u in (allowed or {}).get("users") or []}
    for user_id in _USER.findall(content):
        if "users" in parse or user_id in listed_users:
            problems.append(f"content mentions <@{user_id}> and allowed_mentions lets it ping them")
    listed_roles = {str(r) for r in (allowed or {}).get("roles") or []}
    for role_id in _ROLE.findall(content):
        if "roles" in parse or (role_id in listed_roles and int(role_id) not in wanted_roles):
            problems.append(f"content mentions role <@&{role_id}> and allowed_mentions lets it ping")
    return problems
