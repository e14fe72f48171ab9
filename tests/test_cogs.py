"""Cogs and extensions on discord.py's own client (bot/discord/cogs.py), with no discord.ext.commands."""

from __future__ import annotations

import asyncio
import sys
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.discord.cogs import Cog, CogHost, ExtensionError

BROKEN = "tests.e2e.extensions.broken"  # one cog with /boom
UNLOADABLE = "tests.e2e.extensions.unloadable"  # its setup raises


class Host(CogHost, discord.Client):
    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.none())
        self.tree = app_commands.CommandTree(self)
        self._host_cogs()


class Study(Cog, name="Study"):
    group = app_commands.Group(name="study", description="Study commands")

    def __init__(self, seen: list[str]) -> None:
        self.seen = seen

    @app_commands.command(name="hello", description="Says hello")
    async def hello(self, interaction: discord.Interaction[Any]) -> None:
        self.seen.append("hello")

    @group.command(name="plan", description="Plans")
    async def plan(self, interaction: discord.Interaction[Any]) -> None:
        self.seen.append("plan")

    @Cog.listener()
    async def on_ready(self) -> None:
        self.seen.append("ready")

    @Cog.listener("on_guild_remove")
    async def left(self, guild: object) -> None:
        self.seen.append(f"left {guild}")

    async def cog_load(self) -> None:
        self.seen.append("load")

    async def cog_unload(self) -> None:
        self.seen.append("unload")


async def test_a_cogs_commands_are_bound_to_it_and_its_listeners_hear_the_events() -> None:
    seen: list[str] = []
    async with Host() as host:  # the client's loop, which its events are scheduled on
        await _listened(host, seen)


async def _listened(host: Host, seen: list[str]) -> None:
    cog = Study(seen)
    await host.add_cog(cog)
    assert host.cogs == {"Study": cog}  # no get_cog: desks find their owners (tests/test_owners.py)
    assert sorted(c.name for c in host.tree.get_commands()) == ["hello", "study"]
    hello = host.tree.get_command("hello")
    assert isinstance(hello, app_commands.Command) and hello.binding is cog
    group = host.tree.get_command("study")
    assert isinstance(group, app_commands.Group) and group.get_command("plan").binding is cog  # type: ignore[union-attr]
    await hello.callback(cog, None)  # type: ignore[arg-type]
    host.dispatch("ready")
    host.dispatch("guild_remove", "Harare")
    await asyncio.sleep(0)  # the listeners run as tasks, as discord.py's own events do
    await asyncio.sleep(0)
    assert seen == ["load", "hello", "ready", "left Harare"]
    assert await host.remove_cog("Study") is cog
    host.dispatch("ready")
    await asyncio.sleep(0)
    assert seen[-1] == "unload" and host.tree.get_commands() == [] and host.cogs == {}
    with pytest.raises(TypeError):
        await host.add_cog(object())  # type: ignore[arg-type]


async def test_a_second_cog_of_a_name_is_refused_unless_it_overrides() -> None:
    host, seen = Host(), list[str]()
    await host.add_cog(Study(seen))
    with pytest.raises(discord.ClientException):
        await host.add_cog(Study(seen))
    await host.add_cog(Study(seen), override=True)
    assert seen == ["load", "unload", "load"]  # the second refused before its cog_load


async def test_extensions_load_unload_and_reload() -> None:
    host = Host()
    await host.load_extension(BROKEN)
    assert list(host.extensions) == [BROKEN] and [c.name for c in host.tree.get_commands()] == ["boom"]
    with pytest.raises(ExtensionError):
        await host.load_extension(BROKEN)
    await host.reload_extension(BROKEN)
    assert [c.name for c in host.tree.get_commands()] == ["boom"]
    await host.unload_extension(BROKEN)
    assert host.extensions == {} and host.cogs == {} and host.tree.get_commands() == []
    assert BROKEN not in sys.modules


async def test_an_extension_that_fails_leaves_nothing_behind() -> None:
    host = Host()
    with pytest.raises(ExtensionError) as failed:
        await host.load_extension(UNLOADABLE)
    assert isinstance(failed.value.__cause__, RuntimeError)
    assert UNLOADABLE not in sys.modules and host.extensions == {}
    with pytest.raises(ExtensionError):
        await host.load_extension("tests.e2e.extensions.no_such_extension")
    with pytest.raises(ExtensionError):
        await host.unload_extension(UNLOADABLE)


async def test_closing_removes_every_cog() -> None:
    seen: list[str] = []
    async with Host() as host:
        await host.add_cog(Study(seen))
    assert seen == ["load", "unload"] and host.cogs == {}


async def test_a_client_started_after_another_closed_sets_its_extensions_up_without_importing_them_again() -> (
    None
):
    async with Host() as first:
        await first.load_extension(BROKEN)
        module = sys.modules[BROKEN]
    assert first.extensions == {} and first.tree.get_commands() == []  # set down with the client
    module.ran = "once"  # type: ignore[attr-defined]
    async with Host() as second:
        await second.load_extension(BROKEN)
        assert second.extensions[BROKEN] is module and module.ran == "once"  # type: ignore[attr-defined]
        assert [c.name for c in second.tree.get_commands()] == ["boom"]
        await second.unload_extension(BROKEN)  # an unload forgets the module: the next load reads the file
        assert BROKEN not in sys.modules
        await second.load_extension(BROKEN)
        assert sys.modules[BROKEN] is not module and not hasattr(sys.modules[BROKEN], "ran")
        assert [c.name for c in second.tree.get_commands()] == ["boom"]
