"""The only places Bvunzo touches discord.py's private parts: each has no public way in discord.py 2.7.

Every function here names what it reaches and why. tests/test_discord_internals.py checks each against the
installed discord.py and fails with a sentence naming the version when an upgrade moves something; the
discord.py range in pyproject.toml stays within the minor version these were checked with.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord
import yarl
from discord.ui.select import BaseSelect

from bot.discord.ended_clicks import EndedClicks
from bot.discord.zlib_events import ZlibEvents

log = logging.getLogger(__name__)

TESTED_WITH = "2.7"


def discord_addresses() -> tuple[str, str]:
    """Where discord.py sends REST calls and opens the gateway now (for a test to restore afterwards)."""
    return discord.http.Route.BASE, str(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)


def point_discord_at(api_base: str, gateway_url: str) -> None:
    """Send REST calls and the gateway connection to the given addresses (a proxy, an emulator, the tests).

    discord.py has no option for either address: every Route joins its path to the class attribute
    Route.BASE, and the gateway falls back to DiscordWebSocket.DEFAULT_GATEWAY. Both are process-wide.
    """
    discord.http.Route.BASE = api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)


def read_events_with_zlib() -> None:
    """Ask the gateway for zlib-packed events and read them with bot/discord/zlib_events.py, not zstd's.

    discord.py picks zstd whenever zstandard is installed and has no setting for it: each gateway connection
    makes its decompressor from `discord.utils._ActiveDecompressionContext`, and names that class's
    COMPRESSION_TYPE in the URL's `compress`, at connect time.
    """
    discord.utils._ActiveDecompressionContext = ZlibEvents


def tolerate_malformed_events(client: discord.Client) -> None:
    """Drop a gateway event discord.py cannot parse, instead of letting it end the connection loop.

    discord.py runs its parsers inside the gateway's read loop and does not catch what they raise (on_error
    only sees errors of event handlers), so one malformed INTERACTION_CREATE from a buggy proxy or emulator
    would stop the bot. The parsers live in the connection state's `parsers` dict, which has no public door.
    """
    parsers: dict[str, Callable[[Any], None]] = client._connection.parsers

    def tolerant(event: str, parse: Callable[[Any], None]) -> Callable[[Any], None]:
        def guarded(data: Any) -> None:
            try:
                parse(data)
            except Exception:
                log.warning("dropped a malformed %s event from the gateway", event, exc_info=True)

        return guarded

    for event, parse in list(parsers.items()):
        parsers[event] = tolerant(event, parse)


def dynamic_item_template(item: type[discord.ui.DynamicItem[Any]]) -> re.Pattern[str]:
    """The compiled custom_id template of a DynamicItem class.

    The public `DynamicItem.template` is a property of instances only; the class keeps the pattern it was
    declared with in `__discord_ui_compiled_template__`, which discord.py's own view store reads.
    """
    return item.__discord_ui_compiled_template__


class HeldInteractions:
    """Which interactions a view or form held in memory took, decided when discord.py routed them.

    discord.py hands a click to a view (or a form's submission to a modal) in its view store, then
    dispatches `on_interaction` as a separate task. By the time on_interaction runs, a view whose callback
    called `stop()` has already left the store, so asking the store then would call a handled click
    unknown. So the answer is taken at routing time: the store's `dispatch_view` and `dispatch_modal`
    (no public hook) are wrapped on this client's store to note each interaction something took.
    A view with a timeout is known only to the store, keyed by message id (None: any message) then
    (component type, custom_id); a form by its custom_id.
    """

    # on_interaction asks about every component and form it sees, so the notes stay few; the bound is
    # a guard against a listener that never ran.
    LIMIT = 1000

    def __init__(self, client: discord.Client) -> None:
        self._taken: dict[int, None] = {}
        store: Any = client._connection._view_store  # replaced below: typed loosely on purpose
        dispatch_view, dispatch_modal = store.dispatch_view, store.dispatch_modal

        def routed_view(component_type: int, custom_id: str, interaction: discord.Interaction) -> None:
            message_id = interaction.message.id if interaction.message is not None else None
            key = (component_type, custom_id)
            views: dict[int | None, dict[tuple[int, str], Any]] = store._views
            item = views.get(message_id, {}).get(key) if message_id is not None else None
            if item is None:  # discord.py's order: the message's views, then those listening anywhere
                item = views.get(None, {}).get(key)
            if item is not None and item.view is not None:
                self._note(interaction.id)
            dispatch_view(component_type, custom_id, interaction)

        def routed_modal(custom_id: str, interaction: discord.Interaction, *args: Any) -> None:
            if custom_id in store._modals:
                self._note(interaction.id)
            dispatch_modal(custom_id, interaction, *args)

        store.dispatch_view = routed_view
        store.dispatch_modal = routed_modal

    def _note(self, interaction_id: int) -> None:
        self._taken[interaction_id] = None
        while len(self._taken) > self.LIMIT:
            del self._taken[next(iter(self._taken))]

    def took(self, interaction_id: int) -> bool:
        """Whether a view or form in memory took this interaction (asked once: the note is dropped)."""
        if interaction_id not in self._taken:
            return False
        del self._taken[interaction_id]
        return True


async def recommended_shard_count(client: discord.Client) -> int:
    """How many shards Discord recommends for the bot (GET /gateway/bot), without its gateway address.

    AutoShardedClient asks this itself when no shard count is given, but then connects to the address in
    the same answer, passing over DiscordWebSocket.DEFAULT_GATEWAY (point_discord_at). The request goes
    through the client's HTTP session (`Client.http`, undocumented), which holds the token.
    """
    count, _url, _limit = await client.http.get_bot_gateway()
    return int(count)


async def upload_global_commands(
    tree: discord.app_commands.CommandTree[Any], payload: list[dict[str, Any]]
) -> list[Any]:
    """Overwrite the application's global commands with a payload already translated (PUT, in bulk).

    CommandTree.sync takes no payload: it asks the translator for every string in every locale again,
    after the bot did so to hash the tree (tens of thousands of questions at each start). This sends the
    hashed payload through the call sync makes, `bulk_upsert_global_commands` of the client's HTTP session
    (`Client.http`, undocumented), and turns Discord's 400 "invalid form body" into the CommandSyncFailure
    sync raises. Returns the commands Discord stored, as it sent them.
    """
    client = tree.client
    if client.application_id is None:
        raise discord.app_commands.MissingApplicationID
    try:
        stored: list[Any] = await client.http.bulk_upsert_global_commands(
            client.application_id, payload=payload
        )
    except discord.HTTPException as exc:
        if exc.status == 400 and exc.code == 50035:
            raise discord.app_commands.CommandSyncFailure(exc, tree.get_commands()) from None
        raise
    return stored


def gateway_sockets(client: discord.Client) -> list[discord.gateway.DiscordWebSocket]:
    """The gateway connection of each shard the client runs (a plain Client's one), once connected.

    A Client keeps its connection in `Client.ws`; an AutoShardedClient leaves that unset and keeps one per
    shard, reachable only through its `_get_websocket(shard_id=...)`.
    """
    if isinstance(client, discord.AutoShardedClient):
        return [client._get_websocket(shard_id=shard_id) for shard_id in client.shards]
    return [client.ws] if client.ws is not None else []


def read_clicks_lightly(client: discord.Client) -> None:
    """Keep, of a clicked message's components, only the clicked one and what holds it, before discord.py
    parses the click.

    discord.py's INTERACTION_CREATE parser turns every component of the clicked message into an object
    (`Interaction.message`), though only the clicked button or menu is ever read: by the view store, by
    `dispatch_dynamic_items_lightly` and by the bot's check that a click is on its message. A question card
    has some 17 components against a classic message's 7, so that parse was what a card's click still cost
    more (bench/README.md, Clicks). The parser lives in the connection state's `parsers` dict (no public
    door); the click's payload is left whole when the clicked component is not found on its message.
    """
    parsers: dict[str, Callable[[Any], None]] = client._connection.parsers
    parse = parsers["INTERACTION_CREATE"]

    def lightly(data: Any) -> None:
        message = data.get("message") if data.get("type") == 3 else None  # a component's click
        if message is not None:
            inner = data["data"]
            kept = _only_clicked(message.get("components", []), inner["component_type"], inner["custom_id"])
            if kept is not None:
                data["message"] = {**message, "components": kept}
        parse(data)

    parsers["INTERACTION_CREATE"] = lightly


def _only_clicked(components: list[Any], component_type: int, custom_id: str) -> list[Any] | None:
    """The payload of the clicked component among `components`, inside the rows, containers or section
    that hold it; None when it is not there."""
    for component in components:
        if component.get("type") == component_type and component.get("custom_id") == custom_id:
            return [component]
        accessory = component.get("accessory")  # a section's button: the section is kept whole
        if isinstance(accessory, dict) and (accessory.get("type"), accessory.get("custom_id")) == (
            component_type,
            custom_id,
        ):
            return [component]
        inside = _only_clicked(component.get("components") or [], component_type, custom_id)
        if inside is not None:
            return [{**component, "components": inside}]
    return None


def dispatch_dynamic_items_lightly(client: discord.Client, ended: EndedClicks | None = None) -> None:
    """Hand a click to its DynamicItem without first rebuilding the clicked message's whole view.

    For every click that matches a DynamicItem template, discord.py's view store turns the message's every
    component into a ui item (`View.from_message`, or `LayoutView.from_message` for a Components V2 card),
    only to find the one clicked and swap the DynamicItem in. A question card has three times a classic
    message's components, so that rebuild was most of what a card's click cost more (bench/README.md,
    Clicks). Bvunzo's DynamicItems never read their view, so the store's `schedule_dynamic_item_call`
    (no public hook) is replaced on this client's store: it makes a ui item of the clicked button or
    menu alone, then asks `from_custom_id`, `interaction_check` and `callback` in discord.py's order.
    Any other component falls back to discord.py's own way; `ended` counts each click once it is done.
    """
    store: Any = client._connection._view_store  # replaced below: typed loosely on purpose
    rebuilding = store.schedule_dynamic_item_call

    async def lightly(
        component_type: int, factory: Any, interaction: discord.Interaction, custom_id: str, match: Any
    ) -> None:
        message = interaction.message
        clicked = None if message is None else _clicked(message.components, component_type, custom_id)
        if clicked is None:
            return await rebuilding(component_type, factory, interaction, custom_id, match)
        try:
            item = await factory.from_custom_id(interaction, clicked, match)
        except Exception:
            log.exception("Ignoring exception in dynamic item creation for %r", factory)
            return None
        item._refresh_state(interaction, interaction.data)  # a menu's picked values
        try:
            allow = await item.interaction_check(interaction)
        except Exception:
            allow = False
        if allow:
            try:
                await item.callback(interaction)
            except Exception:
                log.exception("Ignoring exception in dynamic item callback for %r", item)
        return None

    store.schedule_dynamic_item_call = lightly if ended is None else _counted_in(ended, lightly)


def _counted_in(ended: EndedClicks, call: Callable[..., Awaitable[None]]) -> Callable[..., Awaitable[None]]:
    """`call`, each of its clicks counted in `ended` once it is done."""

    async def counted(*args: Any) -> None:
        try:
            await call(*args)
        finally:
            ended.ended()

    return counted


def _clicked(components: list[Any], component_type: int, custom_id: str) -> discord.ui.Item[Any] | None:
    """The clicked button or menu among a message's components (in rows, sections, containers), as a ui
    item; None when it is not found or is of another kind."""
    for component in components:
        if isinstance(component, discord.ActionRow | discord.components.Container):
            found = _clicked(component.children, component_type, custom_id)
        elif isinstance(component, discord.components.SectionComponent):
            found = _clicked([component.accessory], component_type, custom_id)
        elif component.type.value != component_type or getattr(component, "custom_id", None) != custom_id:
            continue
        elif isinstance(component, discord.Button):
            return discord.ui.Button.from_component(component)
        elif isinstance(component, discord.SelectMenu):
            return BaseSelect.from_component(component)
        else:
            return None
        if found is not None:
            return found
    return None
