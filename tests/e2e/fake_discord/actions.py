"""What members do, sent to the bot as Discord would: slash commands, autocomplete, clicks, modals."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from tests.e2e.fake_discord.commands import MESSAGE_COMMAND, CommandError, fill_options, nest_options
from tests.e2e.fake_discord.interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    AUTOCOMPLETE_RESULT,
    MESSAGE_COMPONENT,
    MODAL,
    MODAL_SUBMIT,
    FakeInteraction,
    interaction_payload,
    modal_submission,
)
from tests.e2e.fake_discord.messages import STRING_SELECT, FakeMessage, walk_components
from tests.e2e.fake_discord.models import Channel, DMChannel, Member, User
from tests.e2e.fake_discord.spec import request_schemas

if TYPE_CHECKING:
    from tests.e2e.fake_discord.commands import CommandStore
    from tests.e2e.fake_discord.faults import Faults
    from tests.e2e.fake_discord.gateway import Gateway
    from tests.e2e.fake_discord.models import Directory

T = TypeVar("T")


class NotConnected(RuntimeError):
    """No bot is on the gateway to receive the interaction."""


class ComponentError(LookupError):
    """The member could not use that component in Discord's client (disabled, not theirs, a link...)."""


class Actions:
    """Mixed into FakeDiscord: each method dispatches one INTERACTION_CREATE and returns its handle."""

    if TYPE_CHECKING:
        directory: Directory
        gateway: Gateway
        command_store: CommandStore
        application_id: int
        interactions: dict[int, FakeInteraction]
        interactions_by_token: dict[str, FakeInteraction]
        faults: Faults

        def loop_time(self) -> float: ...

        def message_payload(self, message: FakeMessage) -> dict[str, Any]: ...

        async def wait_until(
            self, probe: Callable[[], T | None], timeout: float, describe: Callable[[], str]
        ) -> T: ...

    async def slash(
        self, channel: Channel | DMChannel, member: Member | User, command: str, /, **options: Any
    ) -> FakeInteraction:
        """Run `/command` ("quiz start": subcommands by space), options typed as the synced command says.

        In a server's channel, a DM with the bot (`fake.dm(user)`), or a server without the bot: only
        where Discord's client offers the command (its contexts and integration types).
        """
        return await self._slash(channel, member, command, options, check_place=True)

    async def forge_slash(
        self, channel: Channel | DMChannel, member: Member | User, command: str, /, **options: Any
    ) -> FakeInteraction:
        """`/command` where the client should not offer it, as one with a stale list of commands may send."""
        return await self._slash(channel, member, command, options, check_place=False)

    async def _slash(
        self,
        channel: Channel | DMChannel,
        member: Member | User,
        command: str,
        options: dict[str, Any],
        *,
        check_place: bool,
    ) -> FakeInteraction:
        who = _member_of(channel, member)
        synced, subs, definitions = self.command_store.resolve(
            channel.guild, command, check_place=check_place
        )
        filled = fill_options(definitions, options, who)
        data = self._command_data(synced, nest_options(subs, filled.options, synced))
        if filled.resolved:
            data["resolved"] = filled.resolved
        return await self._dispatch(APPLICATION_COMMAND, channel, who, data)

    async def message_command(
        self, target: FakeMessage, member: Member | User, name: str, /, *, check_place: bool = True
    ) -> FakeInteraction:
        """`member` right-clicks `target` and picks the bot's message command `name` (Apps menu): Discord
        sends type 2 with command type 3, the message's id as `target_id` and the message in `resolved`.

        Only where the client offers the command, unless `check_place` is False (a stale client)."""
        channel = target.channel
        who = _member_of(channel, member)
        synced = self.command_store.resolve_menu(
            channel.guild, name, MESSAGE_COMMAND, check_place=check_place
        )
        shown = self.message_payload(target)
        schemas = request_schemas()
        problems = schemas.schema_errors("MessageResponse", shown) if schemas is not None else []
        if problems:
            raise AssertionError(f"the fake's resolved message breaks Discord's MessageResponse: {problems}")
        data = self._command_data(synced, [])
        data.update(
            type=MESSAGE_COMMAND, target_id=str(target.id), resolved={"messages": {str(target.id): shown}}
        )
        return await self._dispatch(APPLICATION_COMMAND, channel, who, data)

    async def autocomplete(
        self,
        channel: Channel | DMChannel,
        member: Member | User,
        command: str,
        /,
        *,
        focused: str,
        value: str = "",
        timeout: float = 5.0,
        **options: Any,
    ) -> list[dict[str, Any]]:
        """Type `value` into option `focused` (others already filled); the choices the bot offered."""
        who = _member_of(channel, member)
        synced, subs, definitions = self.command_store.resolve(channel.guild, command)
        definition = next((d for d in definitions if d["name"] == focused), None)
        if definition is None or not definition.get("autocomplete"):
            raise CommandError(f"/{command} has no autocompleted option {focused!r}")
        filled = fill_options(definitions, {**options, focused: value}, who, focused=focused)
        data = self._command_data(synced, nest_options(subs, filled.options, synced))
        interaction = await self._dispatch(AUTOCOMPLETE, channel, who, data)
        answer = await interaction.response(timeout)
        if answer.type != AUTOCOMPLETE_RESULT:
            raise AssertionError(f"autocomplete was answered with callback type {answer.type}, not 8")
        return answer.choices

    async def click(
        self,
        message: FakeMessage,
        member: Member | User,
        *,
        label: str | None = None,
        custom_id: str | None = None,
    ) -> FakeInteraction:
        """Press a button of the message (by label, or its leading word such as "B", or by custom_id)."""
        if (label is None) == (custom_id is None):
            raise TypeError("click needs a label or a custom_id")
        who = self._may_use(message, member)
        button = message.button(label=label, custom_id=custom_id)
        if button.get("disabled"):
            raise ComponentError(f"button {button.get('label')!r} of message {message.id} is disabled")
        if "custom_id" not in button:
            raise ComponentError(
                f"button {button.get('label')!r} is a link; clicking it sends the bot nothing"
            )
        data = {"custom_id": button["custom_id"], "component_type": 2}
        return await self._dispatch(MESSAGE_COMPONENT, message.channel, who, data, message)

    async def forge_click(
        self, message: FakeMessage, member: Member | User, custom_id: str
    ) -> FakeInteraction:
        """A click carrying any custom_id, as a modified client could send: the message need not have it."""
        who = self._may_use(message, member)
        return await self._dispatch(
            MESSAGE_COMPONENT, message.channel, who, {"custom_id": custom_id, "component_type": 2}, message
        )

    async def raw_interaction(
        self,
        kind: int,
        channel: Channel,
        member: Member | User,
        data: dict[str, Any],
        message: FakeMessage | None = None,
    ) -> FakeInteraction:
        """An interaction with any `data`, unchecked: what a buggy or hostile client could make Discord send."""
        return await self._dispatch(kind, channel, _member_of(channel, member), data, message)

    async def select(
        self, message: FakeMessage, member: Member | User, values: list[str], *, custom_id: str | None = None
    ) -> FakeInteraction:
        """Pick options of a string select of the message (the only one, or the one with that custom_id)."""
        who = self._may_use(message, member)
        selects = [c for c in walk_components(message.components) if c.get("type") == STRING_SELECT]
        chosen = [s for s in selects if custom_id is None or s.get("custom_id") == custom_id]
        if len(chosen) != 1:
            raise ComponentError(f"message {message.id} has {len(chosen)} selects matching {custom_id!r}")
        menu = chosen[0]
        offered = [o["value"] for o in menu.get("options", [])]
        if not set(values) <= set(offered) or not menu["min_values"] <= len(values) <= menu["max_values"]:
            raise ComponentError(
                f"cannot pick {values} from {offered} ({menu['min_values']}-{menu['max_values']})"
            )
        if menu.get("disabled"):
            raise ComponentError(f"select {menu['custom_id']!r} is disabled")
        data = {"custom_id": menu["custom_id"], "component_type": STRING_SELECT, "values": list(values)}
        return await self._dispatch(MESSAGE_COMPONENT, message.channel, who, data, message)

    async def submit_modal(
        self, source: FakeInteraction, values: dict[str, Any], *, member: Member | User | None = None
    ) -> FakeInteraction:
        """Fill in and submit the modal the bot answered `source` with; values by input custom_id."""
        answer = source.first_response
        if answer is None or answer.type != MODAL:
            raise AssertionError(
                f"{source.describe()} was not answered with a modal (got {answer and answer.type})"
            )
        modal = answer.modal
        data = {"custom_id": modal.custom_id, "components": modal_submission(modal, values)}
        who = _member_of(source.channel, member or source.member)
        interaction = await self._dispatch(MODAL_SUBMIT, source.channel, who, data, source.message)
        interaction.modal = modal
        return interaction

    def _command_data(self, synced: dict[str, Any], options: list[dict[str, Any]]) -> dict[str, Any]:
        data: dict[str, Any] = {"id": synced["id"], "name": synced["name"], "type": 1}
        if options:
            data["options"] = options
        if "guild_id" in synced:
            data["guild_id"] = synced["guild_id"]
        return data

    def _may_use(self, message: FakeMessage, member: Member | User) -> Member | User:
        who = _member_of(message.channel, member)
        if message.deleted:
            raise ComponentError(f"message {message.id} was deleted")
        if message.ephemeral and message.interaction_user_id != who.id:
            raise ComponentError(
                f"message {message.id} is ephemeral; only its recipient sees it, not {who.name}"
            )
        return who

    async def _dispatch(
        self,
        kind: int,
        channel: Channel | DMChannel,
        member: Member | User,
        data: dict[str, Any],
        message: FakeMessage | None = None,
    ) -> FakeInteraction:
        # Discord sends what happens in DMs to shard 0.
        session = self.gateway.session_for(channel.guild.id if channel.guild is not None else 0)
        if session is None:
            raise NotConnected(
                "no bot is connected to the fake gateway (not started yet, or its client stopped)"
            )
        interaction = FakeInteraction(
            id=self.directory.new_id(),
            type=kind,
            channel=channel,
            member=member,
            data=data,
            message=message,
            dispatched_at=self.loop_time(),
            waiter=self.wait_until,
        )
        self.interactions[interaction.id] = interaction
        self.interactions_by_token[interaction.token] = interaction
        shown = self.message_payload(message) if message is not None else None
        payload = interaction_payload(
            interaction,
            application_id=self.application_id,
            message_payload=shown,
            minimal=getattr(self, "minimal_interactions", False),
        )
        session.dispatch("INTERACTION_CREATE", self.faults.tampered(payload))
        await asyncio.sleep(0)  # let the frame go out before the test goes on
        return interaction


def _member_of(channel: Channel | DMChannel, who: Member | User) -> Member | User:
    """Who acts in the channel: their membership of its server, or the user themselves in their DM."""
    if isinstance(channel, DMChannel):
        user = who.user if isinstance(who, Member) else who
        if user.id != channel.recipient.id:
            raise LookupError(f"{user!r} cannot act in the DM of {channel.recipient!r}")
        return user
    guild = channel.guild
    member = guild.member(who)
    if member is None:
        raise LookupError(f"{who!r} is not a member of {guild.name}; add them with Guild.add_member")
    return member
