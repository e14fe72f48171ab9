"""bot/discord/internals.py against the installed discord.py: an upgrade that moves a private part fails here.

Each check fails with one sentence naming the installed discord.py and the part that moved, so whoever
upgrades knows which function of bot/discord/internals.py to look at, instead of reading a traceback from
deep inside a round.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import tomllib
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
import pytest
import yarl

from bot.discord.ended_clicks import EndedClicks
from bot.discord.internals import (
    TESTED_WITH,
    HeldInteractions,
    discord_addresses,
    dispatch_dynamic_items_lightly,
    dynamic_item_template,
    point_discord_at,
    read_clicks_lightly,
    read_events_with_zlib,
    tolerate_malformed_events,
)
from bot.discord.zlib_events import ZlibEvents

ROOT = Path(__file__).resolve().parents[1]


@contextlib.contextmanager
def relied_on(what: str) -> Iterator[None]:
    try:
        yield
    except (AttributeError, KeyError, TypeError, AssertionError) as exc:
        pytest.fail(
            f"discord.py {discord.__version__} no longer offers {what} the way bot/discord/internals.py "
            f"uses it (checked with discord.py {TESTED_WITH}): {exc!r}",
            pytrace=False,
        )


def test_the_installed_discord_py_is_the_one_the_internals_were_checked_with() -> None:
    installed = ".".join(discord.__version__.split(".")[:2])
    assert installed == TESTED_WITH, (
        f"bot/discord/internals.py was checked with discord.py {TESTED_WITH}, but {discord.__version__} is "
        "installed: re-check each function there, then update TESTED_WITH and the range in pyproject.toml"
    )
    dependencies = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    pinned = next(d for d in dependencies if d.startswith("discord.py"))
    major, minor = TESTED_WITH.split(".")
    # The range admits no minor version these were not checked with.
    assert pinned.startswith(f"discord.py>={TESTED_WITH}") and pinned.endswith(f",<{major}.{int(minor) + 1}")


def test_rest_calls_and_the_gateway_go_where_they_are_pointed() -> None:
    before = discord_addresses()
    try:
        point_discord_at("http://127.0.0.1:9/api/v10", "ws://127.0.0.1:9/")
        with relied_on("Route.BASE as the start of every REST URL"):
            assert discord.http.Route("GET", "/users/@me").url == "http://127.0.0.1:9/api/v10/users/@me"
        with relied_on("DiscordWebSocket.DEFAULT_GATEWAY as the gateway's address"):
            assert yarl.URL("ws://127.0.0.1:9/") == discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
        assert discord_addresses() == ("http://127.0.0.1:9/api/v10", "ws://127.0.0.1:9/")
    finally:
        point_discord_at(*before)
    assert discord_addresses() == before


async def test_the_gateway_asks_for_zlib_packed_events_and_reads_them() -> None:
    chosen = discord.utils._ActiveDecompressionContext
    try:
        with relied_on("discord.utils._ActiveDecompressionContext and DiscordWebSocket._decompressor"):
            read_events_with_zlib()
            # What DiscordWebSocket.from_client names in the gateway URL's `compress`.
            assert discord.utils._ActiveDecompressionContext.COMPRESSION_TYPE == "zlib-stream"
            socket = discord.gateway.DiscordWebSocket(None, loop=asyncio.get_running_loop())
            reader = socket._decompressor
            assert isinstance(reader, ZlibEvents)
    finally:
        discord.utils._ActiveDecompressionContext = chosen
    # A zlib stream as the gateway sends it: each event ends in a sync flush, the second in two frames.
    packer = zlib.compressobj()
    first = packer.compress(b'{"op":10}') + packer.flush(zlib.Z_SYNC_FLUSH)
    second = packer.compress('{"t":"READY","d":"Mhoro, é"}'.encode()) + packer.flush(zlib.Z_SYNC_FLUSH)
    assert reader.decompress(first) == '{"op":10}'
    assert reader.decompress(second[:5]) is None
    assert reader.decompress(second[5:]) == '{"t":"READY","d":"Mhoro, é"}'


def test_a_malformed_event_is_dropped_with_a_warning(caplog: pytest.LogCaptureFixture) -> None:
    client = discord.Client(intents=discord.Intents.none())
    with relied_on("the connection state's `parsers` dict of gateway event parsers"):
        parse = client._connection.parsers["INTERACTION_CREATE"]
        with pytest.raises(KeyError):
            parse({})  # unguarded, discord.py's own parser raises on a payload without fields
    tolerate_malformed_events(client)
    with caplog.at_level(logging.WARNING, logger="bot.discord.internals"):
        client._connection.parsers["INTERACTION_CREATE"]({})
    assert [r.getMessage() for r in caplog.records if r.name == "bot.discord.internals"] == [
        "dropped a malformed INTERACTION_CREATE event from the gateway"
    ]


class Numbered(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"test:n:(?P<n>\d+)"):
    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=str(n), custom_id=f"test:n:{n}"))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Numbered:
        return cls(int(match["n"]))


async def test_a_dynamic_items_template_is_read_from_its_class() -> None:
    with relied_on("DynamicItem.__discord_ui_compiled_template__ on the class"):
        template = dynamic_item_template(Numbered)
        assert template.pattern == r"test:n:(?P<n>\d+)"
        assert template is Numbered(7).template  # the public, per-instance property agrees


def interaction_event(
    number: int, kind: int, data: dict[str, Any], message_id: int | None = None
) -> dict[str, Any]:
    """An INTERACTION_CREATE payload with what discord.py's parser reads."""
    event: dict[str, Any] = {
        "id": str(number),
        "application_id": "1",
        "type": kind,
        "token": "t",
        "version": 1,
        "attachment_size_limit": 8388608,
        "data": data,
        "channel_id": "5",
        "user": {"id": "7", "username": "alice", "discriminator": "0", "avatar": None},
    }
    if message_id is not None:
        message = {"id": str(message_id), "channel_id": "5", "content": "", "components": []}
        author = {"id": "1", "username": "bvunzo", "discriminator": "0", "avatar": None}
        event["message"] = {**message, "author": author, "attachments": [], "embeds": [], "mentions": []}
        event["message"].update(mention_roles=[], pinned=False, mention_everyone=False, tts=False)
        event["message"].update(timestamp="2026-01-01T00:00:00+00:00", edited_timestamp=None, type=0)
    return event


async def test_a_view_or_form_in_memory_is_known_to_have_taken_its_interaction() -> None:
    client = discord.Client(intents=discord.Intents.none())
    held = HeldInteractions(client)
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="Go", custom_id="test:go"))
    client.add_view(view, message_id=1234)
    modal = discord.ui.Modal(title="Form", custom_id="test:form", timeout=None)
    modal.add_item(discord.ui.TextInput(label="Text", custom_id="text"))
    parse = client._connection.parse_interaction_create
    with relied_on("the view store's dispatch_view/dispatch_modal, `_views` by message id and `_modals`"):
        client._connection._view_store.add_view(modal)
        parse(interaction_event(1, 3, {"custom_id": "test:go", "component_type": 2}, message_id=1234))
        parse(interaction_event(2, 3, {"custom_id": "test:go", "component_type": 2}, message_id=1235))
        parse(interaction_event(3, 3, {"custom_id": "test:stop", "component_type": 2}, message_id=1234))
        parse(interaction_event(4, 3, {"custom_id": "test:go", "component_type": 3}, message_id=1234))
        parse(interaction_event(5, 5, {"custom_id": "test:form", "components": []}))
        parse(interaction_event(6, 5, {"custom_id": "test:other", "components": []}))
    assert held.took(1)
    assert not held.took(1)  # asked once
    assert not held.took(2)  # another message
    assert not held.took(3)  # another button
    assert not held.took(4)  # a select with that id
    assert held.took(5)
    assert not held.took(6)  # a form nobody opened
    view.stop()
    modal.stop()
    await asyncio.sleep(0)  # let the tasks discord.py started for the view and the form run


CLICKED: list[tuple[str, str, list[str]]] = []
MESSAGES: list[list[Any]] = []  # the components of each clicked message, as discord.py parsed them


class Recorded(discord.ui.DynamicItem[discord.ui.Item[Any]], template=r"test:r:(?P<n>\d+)"):
    """Notes each click it takes: its item's kind, custom_id and (a menu's) values."""

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Recorded:
        return cls(item)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        item: Any = self.item
        CLICKED.append((type(item).__name__, item.custom_id, list(getattr(item, "values", []))))
        MESSAGES.append(interaction.message.components if interaction.message else [])


def card_event(number: int, data: dict[str, Any]) -> dict[str, Any]:
    """A click on a Components V2 card: a button beside its text in a section, a menu in a row."""
    event = interaction_event(number, 3, data, message_id=1234)
    section = {
        "type": 9,
        "components": [{"type": 10, "content": "**A**  Harare"}],
        "accessory": {"type": 2, "style": 2, "label": "A", "custom_id": "test:r:1"},
    }
    options = [{"label": "A", "value": "0"}, {"label": "B", "value": "1"}]
    menu = {"type": 1, "components": [{"type": 3, "custom_id": "test:r:2", "options": options}]}
    texts = [{"type": 10, "content": f"line {n}"} for n in range(8)]  # the card's other parts
    event["message"]["components"] = [{"type": 17, "components": [*texts, section, menu]}]
    event["message"]["flags"] = 1 << 15  # IS_COMPONENTS_V2
    return event


async def test_a_click_on_a_card_reaches_its_dynamic_item_without_rebuilding_the_view(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    client = discord.Client(intents=discord.Intents.none())
    dispatch_dynamic_items_lightly(client)
    client.add_dynamic_items(Recorded)

    def rebuilt(*_args: Any, **_kwargs: Any) -> Any:
        raise AssertionError("the clicked message's whole view was rebuilt")

    monkeypatch.setattr(discord.ui.LayoutView, "from_message", classmethod(rebuilt))
    CLICKED.clear()
    with relied_on("the view store's schedule_dynamic_item_call, called by its dispatch_dynamic_items"):
        parse = client._connection.parse_interaction_create
        parse(card_event(1, {"custom_id": "test:r:1", "component_type": 2}))
        parse(card_event(2, {"custom_id": "test:r:2", "component_type": 3, "values": ["1"]}))
        for _ in range(5):
            await asyncio.sleep(0)  # the tasks discord.py started for each click
    assert CLICKED == [("Button", "test:r:1", []), ("Select", "test:r:2", ["1"])]


async def test_a_click_s_message_is_parsed_with_only_the_clicked_component_and_what_holds_it() -> None:
    client = discord.Client(intents=discord.Intents.none())
    read_clicks_lightly(client)
    client.add_dynamic_items(Recorded)
    MESSAGES.clear()
    with relied_on("the connection state's INTERACTION_CREATE parser in its parsers dict"):
        parse = client._connection.parsers["INTERACTION_CREATE"]
        parse(card_event(1, {"custom_id": "test:r:1", "component_type": 2}))
        parse(card_event(2, {"custom_id": "test:r:2", "component_type": 3, "values": ["1"]}))
        for _ in range(5):
            await asyncio.sleep(0)  # the tasks discord.py started for each click
    button, menu = ([type(c).__name__ for c in walk(components)] for components in MESSAGES)
    # The card's container, and in it the clicked button's section (its text kept) or the menu's row.
    assert button == ["Container", "SectionComponent", "TextDisplay", "Button"]
    assert menu == ["Container", "ActionRow", "SelectMenu"]


def walk(components: list[Any]) -> Iterator[Any]:
    for component in components:
        yield component
        yield from walk(getattr(component, "children", []))
        accessory = getattr(component, "accessory", None)
        if accessory is not None:
            yield accessory


async def test_a_click_is_counted_as_ended_once_its_dynamic_item_is_done(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    client = discord.Client(intents=discord.Intents.none())
    ended = EndedClicks()
    dispatch_dynamic_items_lightly(client, ended)
    client.add_dynamic_items(Recorded)
    seen: list[int] = []

    async def callback(self: Recorded, interaction: discord.Interaction[Any]) -> None:
        seen.append(ended.count)
        await asyncio.sleep(0)  # the other click starts meanwhile
        if interaction.id == 2:
            raise RuntimeError("a failing click ends too")

    monkeypatch.setattr(Recorded, "callback", callback)
    client._connection.parse_interaction_create(card_event(1, {"custom_id": "test:r:1", "component_type": 2}))
    client._connection.parse_interaction_create(card_event(2, {"custom_id": "test:r:1", "component_type": 2}))
    for _ in range(5):
        await asyncio.sleep(0)
    assert seen == [0, 0]  # neither had ended when both began
    assert ended.count == 2
