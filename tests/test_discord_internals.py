"""bot/discord_internals.py against the installed discord.py: an upgrade that moves a private part fails here.

Each check fails with one sentence naming the installed discord.py and the part that moved, so whoever
upgrades knows which function of bot/discord_internals.py to look at, instead of reading a traceback from
deep inside a round.
"""

from __future__ import annotations

import contextlib
import logging
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
import pytest
import yarl

from bot.discord_internals import (
    TESTED_WITH,
    discord_addresses,
    dynamic_item_template,
    point_discord_at,
    tolerate_malformed_events,
    view_listens_for,
)

ROOT = Path(__file__).resolve().parents[1]


@contextlib.contextmanager
def relied_on(what: str) -> Iterator[None]:
    try:
        yield
    except (AttributeError, KeyError, TypeError, AssertionError) as exc:
        pytest.fail(
            f"discord.py {discord.__version__} no longer offers {what} the way bot/discord_internals.py "
            f"uses it (checked with discord.py {TESTED_WITH}): {exc!r}",
            pytrace=False,
        )


def test_the_installed_discord_py_is_the_one_the_internals_were_checked_with() -> None:
    installed = ".".join(discord.__version__.split(".")[:2])
    assert installed == TESTED_WITH, (
        f"bot/discord_internals.py was checked with discord.py {TESTED_WITH}, but {discord.__version__} is "
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


def test_a_malformed_event_is_dropped_with_a_warning(caplog: pytest.LogCaptureFixture) -> None:
    client = discord.Client(intents=discord.Intents.none())
    with relied_on("the connection state's `parsers` dict of gateway event parsers"):
        parse = client._connection.parsers["INTERACTION_CREATE"]
        with pytest.raises(KeyError):
            parse({})  # unguarded, discord.py's own parser raises on a payload without fields
    tolerate_malformed_events(client)
    with caplog.at_level(logging.WARNING, logger="bot.discord_internals"):
        client._connection.parsers["INTERACTION_CREATE"]({})
    assert [r.getMessage() for r in caplog.records if r.name == "bot.discord_internals"] == [
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


async def test_a_view_held_in_memory_is_known_by_message_and_custom_id() -> None:
    client = discord.Client(intents=discord.Intents.none())
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="Go", custom_id="test:go"))
    client.add_view(view, message_id=1234)
    with relied_on("the view store's `_views` map of (component type, custom_id) by message id"):
        assert view_listens_for(client, 1234, 2, "test:go")
        assert not view_listens_for(client, 1235, 2, "test:go")  # another message
        assert not view_listens_for(client, 1234, 2, "test:stop")  # another button
        assert not view_listens_for(client, 1234, 3, "test:go")  # a select with that id
