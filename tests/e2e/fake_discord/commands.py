"""Application commands the bot synced, and the options a member fills in to invoke one."""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from tests.e2e.fake_discord.messages import FakeAttachment
from tests.e2e.fake_discord.models import Channel, Guild, Member, Role, User

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
# The application command type of a message's context menu (1 is a slash command, 2 a user's menu).
MESSAGE_COMMAND = 3
# Interaction contexts (where a command is used) and integration types (who installed the app).
GUILD_CONTEXT, BOT_DM_CONTEXT, PRIVATE_CHANNEL_CONTEXT = 0, 1, 2
GUILD_INSTALL, USER_INSTALL = 0, 1
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = 3, 4, 5, 6, 7, 8, 9, 10, 11


class CommandError(LookupError):
    """The test asked for a command or option the bot never synced, or a value Discord would refuse."""


class CommandStore:
    """Global and per-server commands, as a bulk overwrite (PUT) left them; ids survive re-syncs."""

    def __init__(self, application_id: int, new_id: Callable[[], int]) -> None:
        self.application_id = application_id
        self._new_id = new_id
        self._scopes: dict[int | None, list[dict[str, Any]]] = {}

    def listing(self, guild_id: int | None) -> list[dict[str, Any]]:
        return self._scopes.get(guild_id, [])

    def replace(self, guild_id: int | None, bodies: list[dict[str, Any]]) -> list[dict[str, Any]]:
        previous = {(c["name"], c["type"]): c for c in self.listing(guild_id)}
        stored = []
        for body in bodies:
            old = previous.get((body.get("name"), body.get("type", 1)))
            stored.append(self._stored(guild_id, body, old))
        self._scopes[guild_id] = stored
        return stored

    def upsert(self, guild_id: int | None, body: dict[str, Any]) -> dict[str, Any]:
        scope = self._scopes.setdefault(guild_id, [])
        for i, old in enumerate(scope):
            if (old["name"], old["type"]) == (body.get("name"), body.get("type", 1)):
                scope[i] = self._stored(guild_id, body, old)
                return scope[i]
        scope.append(self._stored(guild_id, body, None))
        return scope[-1]

    def patch(self, guild_id: int | None, command_id: str, changes: dict[str, Any]) -> dict[str, Any] | None:
        scope = self._scopes.get(guild_id, [])
        for i, old in enumerate(scope):
            if old["id"] == command_id:
                scope[i] = self._stored(guild_id, {**old, **changes}, old)
                return scope[i]
        return None

    def find(self, guild_id: int | None, command_id: str) -> dict[str, Any] | None:
        return next((c for c in self.listing(guild_id) if c["id"] == command_id), None)

    def delete(self, guild_id: int | None, command_id: str) -> bool:
        before = self.listing(guild_id)
        self._scopes[guild_id] = [c for c in before if c["id"] != command_id]
        return len(before) != len(self._scopes[guild_id])

    def _stored(
        self, guild_id: int | None, body: dict[str, Any], old: dict[str, Any] | None
    ) -> dict[str, Any]:
        command = {k: v for k, v in copy.deepcopy(body).items() if v is not None}
        command.update(
            id=old["id"] if old else str(self._new_id()),
            application_id=str(self.application_id),
            version=str(self._new_id()),
            type=body.get("type", 1),
            description=body.get("description", ""),
            default_member_permissions=body.get("default_member_permissions"),
        )
        # Where it may be used, as Discord fills it in: installs default to the server's; the old
        # dm_permission false means servers only; otherwise, no contexts means every context.
        command["integration_types"] = body.get("integration_types") or [GUILD_INSTALL]
        if body.get("contexts") is None and body.get("dm_permission") is False:
            command["contexts"] = [GUILD_CONTEXT]
        if guild_id is not None:
            command["guild_id"] = str(guild_id)
        return command

    def resolve(
        self, guild: Guild | None, path: str, *, check_place: bool = True
    ) -> tuple[dict[str, Any], list[str], list[dict[str, Any]]]:
        """("quiz start") -> (command, ["start"], the leaf's option definitions); the server's own first.

        `guild` None: a DM with the bot. Unless `check_place` is False (a client with a stale list of
        commands), a command is found only where Discord's client would offer it (`usable_in`).
        """
        name, *subs = path.split()
        own = self.listing(guild.id) if guild is not None and guild.has_bot else []
        command = next((c for c in own if c["name"] == name and c["type"] == 1), None)
        command = command or next(
            (c for c in self.listing(None) if c["name"] == name and c["type"] == 1), None
        )
        if command is None:
            known = sorted({c["name"] for c in own + self.listing(None)})
            where = "a DM" if guild is None else guild.name
            raise CommandError(f"/{name} was never synced (globally or to {where}); synced: {known}")
        refusal = usable_in(command, guild)
        if check_place and refusal:
            raise CommandError(f"/{name} {refusal}")
        options: list[dict[str, Any]] = command.get("options", [])
        for sub in subs:
            groups = [o for o in options if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
            found = next((o for o in groups if o["name"] == sub), None)
            if found is None:
                raise CommandError(f"/{path}: no subcommand {sub!r}; there are {[o['name'] for o in groups]}")
            options = found.get("options", [])
        if any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in options):
            raise CommandError(f"/{path} needs a subcommand: {[o['name'] for o in options]}")
        return command, subs, options

    def resolve_menu(
        self, guild: Guild | None, name: str, kind: int, *, check_place: bool = True
    ) -> dict[str, Any]:
        """The context menu of type `kind` (MESSAGE_COMMAND, say) called `name`, the server's own first,
        where Discord's client would offer it (anywhere, unless `check_place`: a stale client)."""
        own = self.listing(guild.id) if guild is not None and guild.has_bot else []
        found = next((c for c in own + self.listing(None) if c["name"] == name and c["type"] == kind), None)
        if found is None:
            menus = sorted(c["name"] for c in own + self.listing(None) if c["type"] == kind)
            raise CommandError(f"no context menu {name!r} of type {kind} was synced; synced: {menus}")
        refusal = usable_in(found, guild)
        if check_place and refusal:
            raise CommandError(f"{name!r} {refusal}")
        return found


def usable_in(command: dict[str, Any], guild: Guild | None) -> str | None:
    """Why Discord's client would not offer the command there (None: it would), from the command's
    `integration_types` (default: guild install only) and `contexts` (default: every context)."""
    installs = command.get("integration_types") or [GUILD_INSTALL]
    contexts = command.get("contexts")
    if contexts is None:
        contexts = [GUILD_CONTEXT, BOT_DM_CONTEXT, PRIVATE_CHANNEL_CONTEXT]
    if guild is None:
        if BOT_DM_CONTEXT not in contexts:
            return f"is not offered in DMs with the bot: its contexts are {contexts}"
        return None
    if GUILD_CONTEXT not in contexts:
        return f"is not offered in servers: its contexts are {contexts}"
    if not guild.has_bot and USER_INSTALL not in installs:
        return (
            f"is not offered in {guild.name}, a server without the bot: its integration_types are {installs}"
        )
    return None


@dataclass
class FilledOptions:
    """The `options` and `resolved` parts of an APPLICATION_COMMAND (or autocomplete) interaction."""

    options: list[dict[str, Any]]
    resolved: dict[str, dict[str, Any]]


def fill_options(
    definitions: list[dict[str, Any]],
    values: Mapping[str, Any],
    member: Member | User,
    *,
    focused: str | None = None,
) -> FilledOptions:
    """Check values the way Discord's client would, and shape them as Discord sends them to `member`'s bot."""
    by_name = {d["name"]: d for d in definitions}
    unknown = set(values) - set(by_name)
    if unknown:
        raise CommandError(f"unknown options {sorted(unknown)}; the command has {sorted(by_name)}")
    filled = FilledOptions(options=[], resolved={})
    for definition in definitions:
        name = definition["name"]
        if name not in values:
            if definition.get("required") and focused is None:
                raise CommandError(f"option {name!r} is required")
            continue
        if name == focused:
            # While typing, Discord sends the raw text, whatever the option's type.
            filled.options.append(
                {"name": name, "type": definition["type"], "value": str(values[name]), "focused": True}
            )
            continue
        value = _option_value(definition, values[name], member, filled.resolved)
        filled.options.append({"name": name, "type": definition["type"], "value": value})
    return filled


def _option_value(
    definition: dict[str, Any], value: Any, member: Member | User, resolved: dict[str, Any]
) -> Any:
    kind, name = definition["type"], definition["name"]
    guild = member.guild if isinstance(member, Member) else None
    if kind == STRING:
        value = str(value)
        if not definition.get("min_length", 0) <= len(value) <= definition.get("max_length", 6000):
            raise CommandError(f"option {name!r}: length {len(value)} is outside what the command allows")
    elif kind in (INTEGER, NUMBER):
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or (kind == INTEGER and value != int(value))
        ):
            raise CommandError(
                f"option {name!r} takes {'an integer' if kind == INTEGER else 'a number'}, not {value!r}"
            )
        value = int(value) if kind == INTEGER else float(value)
        low, high = definition.get("min_value"), definition.get("max_value")
        if (low is not None and value < low) or (high is not None and value > high):
            raise CommandError(f"option {name!r}: {value} is outside {low}..{high}")
    elif kind == BOOLEAN:
        value = bool(value)
    elif kind in (USER, MENTIONABLE) and isinstance(value, Member | User):
        return _resolve_user(value, guild, resolved)
    elif kind in (ROLE, MENTIONABLE) and isinstance(value, Role):
        resolved.setdefault("roles", {})[str(value.id)] = value.payload()
        return str(value.id)
    elif kind == CHANNEL and isinstance(value, Channel):
        resolved.setdefault("channels", {})[str(value.id)] = {
            k: v for k, v in value.payload().items() if k in ("id", "name", "type", "parent_id", "guild_id")
        } | {"permissions": str(member.permissions if isinstance(member, Member) else 0)}
        return str(value.id)
    elif kind == ATTACHMENT and isinstance(value, FakeAttachment):
        resolved.setdefault("attachments", {})[str(value.id)] = value.payload()
        return str(value.id)
    else:
        raise CommandError(f"option {name!r} (type {kind}) cannot take {value!r}")
    choices = definition.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        raise CommandError(f"option {name!r}: {value!r} is not one of {[c['value'] for c in choices]}")
    return value


def _resolve_user(who: Member | User, guild: Guild | None, resolved: dict[str, Any]) -> str:
    user = who.user if isinstance(who, Member) else who
    resolved.setdefault("users", {})[str(user.id)] = user.payload()
    member = guild.member(user) if guild is not None else None  # a DM resolves users only
    if member is not None:
        resolved.setdefault("members", {})[str(user.id)] = member.payload(
            with_user=False, with_permissions=True
        )
    return str(user.id)


def nest_options(
    subs: list[str], leaf: list[dict[str, Any]], command: dict[str, Any]
) -> list[dict[str, Any]]:
    """Wrap the leaf's options in their subcommand (and group), typed as the synced tree says."""
    levels: list[tuple[str, int]] = []
    options = command.get("options", [])
    for sub in subs:
        found = next(o for o in options if o["name"] == sub)
        levels.append((sub, found["type"]))
        options = found.get("options", [])
    nested = leaf
    for name, kind in reversed(levels):
        nested = [{"name": name, "type": kind, "options": nested}]
    return nested
