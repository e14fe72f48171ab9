"""Interactions the fake dispatched (slash commands, clicks, autocomplete, modals) and their answers."""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import discord

from tests.e2e.fake_discord.commands import BOT_DM_CONTEXT, GUILD_CONTEXT
from tests.e2e.fake_discord.messages import EPHEMERAL, STRING_SELECT, FakeMessage, walk_components
from tests.e2e.fake_discord.models import Channel, DMChannel, Member, User

PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5
# Callback types (the bot's answer), and which answers each interaction type allows.
PONG, CHANNEL_MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE = 1, 4, 5, 6
UPDATE_MESSAGE, AUTOCOMPLETE_RESULT, MODAL = 7, 8, 9
ALLOWED_CALLBACKS = {
    PING: {PONG},
    APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_MESSAGE, MODAL},
    MESSAGE_COMPONENT: {CHANNEL_MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, MODAL},
    AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
    MODAL_SUBMIT: {CHANNEL_MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE},
}
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
# Modal components a member fills in (a Label, type 18, wraps one of them).
TEXT_INPUT, RADIO_GROUP, CHECKBOX_GROUP, CHECKBOX, LABEL = 4, 21, 22, 23, 18


@dataclass
class Modal:
    """A form the bot opened (callback type 9)."""

    custom_id: str
    title: str
    components: list[dict[str, Any]]

    def inputs(self) -> list[dict[str, Any]]:
        """The fields a member fills in (text inputs, selects), each with the label it is shown under."""
        fields = []
        for top in self.components:
            for component in walk_components([top]):
                if component.get("custom_id") is not None:
                    label = top.get("label") if top.get("type") == LABEL else component.get("label")
                    fields.append({**component, "label": label})
        return fields


@dataclass
class Response:
    """The first answer to an interaction, with the message it produced as it was at that moment."""

    type: int
    data: dict[str, Any]  # the callback's `data`, as the bot sent it
    seconds: float  # from dispatch to the callback
    message: FakeMessage | None = None  # live: later edits show here
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    flags: int = 0
    text: str = ""  # content and embed words at answer time (see FakeMessage.text)

    @classmethod
    def snapshot(
        cls, kind: int, data: dict[str, Any], seconds: float, message: FakeMessage | None
    ) -> Response:
        if message is None:
            return cls(kind, data, seconds)
        return cls(
            kind,
            data,
            seconds,
            message,
            content=message.content,
            embeds=list(message.embeds),
            components=list(message.components),
            flags=message.flags,
            text=message.text,
        )

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def choices(self) -> list[dict[str, Any]]:
        """An autocomplete answer's choices ({"name", "value"})."""
        return list(self.data.get("choices", []))

    @property
    def modal(self) -> Modal:
        if self.type != MODAL:
            raise AssertionError(f"the answer was callback type {self.type}, not a modal (9)")
        return Modal(self.data["custom_id"], self.data["title"], self.data["components"])


class FakeInteraction:
    """One interaction sent to the bot; await its answer, read its follow-ups."""

    def __init__(
        self,
        *,
        id: int,
        type: int,
        channel: Channel | DMChannel,
        member: Member | User,
        data: dict[str, Any],
        message: FakeMessage | None,
        dispatched_at: float,
        waiter: Callable[[Callable[[], Any], float, Callable[[], str]], Awaitable[Any]],
    ) -> None:
        self.id = id
        self.token = "aW50ZXJhY3Rpb24" + secrets.token_urlsafe(48)
        self.type = type
        self.channel = channel
        self.member = member
        self.data = data
        self.message = message  # the message whose component was used, for clicks (and their modals)
        self.dispatched_at = dispatched_at
        self.first_response: Response | None = None
        self.original: FakeMessage | None = None  # what @original designates
        self.followups: list[FakeMessage] = []
        self.modal: Modal | None = None  # set when this is a submit of a modal the bot opened
        self.reported_unanswered = False
        self._wait = waiter

    @property
    def user(self) -> User:
        """Who acted: the member's user in a server, the user themselves in a DM."""
        return self.member.user if isinstance(self.member, Member) else self.member

    @property
    def responded(self) -> bool:
        return self.first_response is not None

    async def response(self, timeout: float = 5.0) -> Response:
        """The bot's first answer (the callback), waiting for it."""
        found: Response = await self._wait(
            lambda: self.first_response, timeout, lambda: f"the bot to answer {self.describe()}"
        )
        return found

    async def wait_original(
        self, predicate: Callable[[FakeMessage], bool] | None = None, timeout: float = 5.0
    ) -> FakeMessage:
        """The @original message once it exists and matches (for a deferred answer: once edited)."""

        def probe() -> FakeMessage | None:
            message = self.original
            if message is None or message.loading:
                return None
            return message if predicate is None or predicate(message) else None

        found: FakeMessage = await self._wait(
            probe, timeout, lambda: f"the original answer to {self.describe()} (now {self.original!r})"
        )
        return found

    async def wait_followup(
        self, predicate: Callable[[FakeMessage], bool] | None = None, timeout: float = 5.0
    ) -> FakeMessage:
        """The first follow-up that matches (in its current state)."""

        def probe() -> FakeMessage | None:
            return next((m for m in self.followups if predicate is None or predicate(m)), None)

        found: FakeMessage = await self._wait(
            probe, timeout, lambda: f"a follow-up to {self.describe()} (so far {self.followups!r})"
        )
        return found

    def describe(self) -> str:
        kind = {APPLICATION_COMMAND: "/", MESSAGE_COMPONENT: "click ", AUTOCOMPLETE: "autocomplete /"}
        what = self.data.get("name") or self.data.get("custom_id")
        return f"{kind.get(self.type, 'modal ')}{what} by {self.member.name} in #{self.channel.name}"

    def __repr__(self) -> str:
        return f"<FakeInteraction {self.id} {self.describe()}>"


def interaction_payload(
    interaction: FakeInteraction,
    *,
    application_id: int,
    message_payload: dict[str, Any] | None,
    minimal: bool = False,
) -> dict[str, Any]:
    """INTERACTION_CREATE as Discord sends it: in a server's channel (with the bot or without it), or in a
    DM with the bot, where a user, not a member, acts."""
    channel, guild = interaction.channel, interaction.channel.guild
    data: dict[str, Any] = {
        "id": str(interaction.id),
        "application_id": str(application_id),
        "type": interaction.type,
        "token": interaction.token,
        "version": 1,
        "data": interaction.data,
        "channel_id": str(channel.id),
        "channel": channel.payload(),
        "app_permissions": str(USER_INSTALL_PERMISSIONS),
        "locale": interaction.user.locale,
        "entitlements": [],
        "entitlement_sku_ids": [],
        "authorizing_integration_owners": integration_owners(interaction),
        "context": context_of(channel),
        "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
    }
    if message_payload is not None:
        data["message"] = message_payload
    if guild is None:
        data["user"] = interaction.user.payload()
        return data
    assert isinstance(interaction.member, Member)
    data.update(
        guild_id=str(guild.id),
        guild={"id": str(guild.id), "locale": guild.locale, "features": []},
        guild_locale=guild.locale,
        member=interaction.member.payload(with_permissions=True),
        channel=channel.payload(permissions=interaction.member.permissions),
    )
    if guild.has_bot:
        data["app_permissions"] = str(guild.permissions_of(guild.bot_member))
    if minimal:
        # Only what discord.py cannot do without (LIMITS.md): how a sparse emulator or proxy may look.
        for key in (
            "app_permissions",
            "locale",
            "guild_locale",
            "entitlements",
            "entitlement_sku_ids",
            "authorizing_integration_owners",
            "context",
            "guild",
        ):
            data.pop(key, None)
        data["member"].pop("permissions", None)
        data["channel"].pop("permissions", None)
    return data


# What a user-installed app may do where its bot is not (Discord's app_permissions there): answer with
# messages, embeds and files through the interaction, never manage anything.
USER_INSTALL_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
    use_external_emojis=True,
    use_application_commands=True,
).value


def integration_owners(interaction: FakeInteraction) -> dict[str, str]:
    """Who authorised the app for this interaction: the server (0) where the bot is, else the user (1)."""
    guild = interaction.channel.guild
    if guild is not None and guild.has_bot:
        return {"0": str(guild.id)}
    return {"1": str(interaction.user.id)}


def context_of(channel: Channel | DMChannel) -> int:
    """The interaction context: 0 a server's channel, 1 a DM with the bot."""
    return GUILD_CONTEXT if channel.guild is not None else BOT_DM_CONTEXT


def interaction_metadata(interaction: FakeInteraction) -> dict[str, Any]:
    """What a message made by an interaction says about it."""
    data: dict[str, Any] = {
        "id": str(interaction.id),
        "type": interaction.type,
        "user": interaction.user.payload(),
        "authorizing_integration_owners": integration_owners(interaction),
    }
    if interaction.type == APPLICATION_COMMAND:
        data["name"] = interaction.data.get("name", "")
        data["command_type"] = 1
    if interaction.message is not None:
        data["interacted_message_id"] = str(interaction.message.id)
    return data


def modal_submission(modal: Modal, values: dict[str, Any]) -> list[dict[str, Any]]:
    """The `components` of a MODAL_SUBMIT: the form's layout echoed with what the member entered."""
    fields = {f["custom_id"]: f for f in modal.inputs()}
    unknown = set(values) - set(fields)
    if unknown:
        raise LookupError(
            f"modal {modal.custom_id!r} has no inputs {sorted(unknown)}; it has {sorted(fields)}"
        )

    def answered(component: dict[str, Any]) -> dict[str, Any]:
        custom_id, kind = component["custom_id"], component["type"]
        echo = {"type": kind, "id": component.get("id"), "custom_id": custom_id}
        if kind == TEXT_INPUT:
            value = str(values.get(custom_id, component.get("value") or ""))
            if component.get("required", True) and not value:
                raise ValueError(f"modal input {custom_id!r} is required; Discord's client would not submit")
            return {**echo, "value": value}
        if kind in (STRING_SELECT, CHECKBOX_GROUP):
            return {**echo, "values": list(values.get(custom_id, []))}
        if kind == RADIO_GROUP:
            return {**echo, "value": values.get(custom_id)}
        if kind == CHECKBOX:
            return {**echo, "value": bool(values.get(custom_id, False))}
        raise NotImplementedError(f"the fake cannot fill modal component type {kind}")

    submitted = []
    for top in modal.components:
        if top.get("type") == 1:
            submitted.append(
                {"type": 1, "id": top.get("id"), "components": [answered(c) for c in top["components"]]}
            )
        elif top.get("type") == LABEL:
            submitted.append({"type": 18, "id": top.get("id"), "component": answered(top["component"])})
        else:
            submitted.append({"type": top.get("type"), "id": top.get("id")})
    return submitted
