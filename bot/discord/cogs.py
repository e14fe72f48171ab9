"""Cogs and extensions on discord.py's own client: what the bot used of discord.ext.commands, without it.

The bot has app commands only (no message content, so no prefix commands), and discord.ext.commands
(its prefix commands, converters, help and hybrid commands, loaded whole) cost about 1.4 MB at start
for its Cog and its extension loading. `Cog` collects a class's app commands and listeners as
commands.Cog does and binds them to each instance; `CogHost`, mixed into the client, adds and removes
cogs, loads, unloads and reloads extensions (a module with an async `setup(bot)` and an optional async
`teardown(bot)`), and dispatches the cogs' listeners with the client's own events.
"""

from __future__ import annotations

import importlib.util
import logging
import sys
from collections.abc import Callable, Coroutine, Mapping
from types import MappingProxyType, ModuleType
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

import discord
from discord import app_commands

if TYPE_CHECKING:
    from importlib.abc import Loader  # importlib.abc loads importlib.resources: for the checker alone

    # discord.py types a command's binding as a Group or a commands.Cog: for the type checker alone, a cog
    # here is one (at run time nothing of discord.ext.commands is imported).
    from discord.ext.commands import Cog as _Binding

    Listener = Callable[..., Coroutine[Any, Any, Any]]
    AppCommand = app_commands.Command[Any, ..., Any] | app_commands.Group
else:
    _Binding = object

log = logging.getLogger(__name__)
F = TypeVar("F", bound=Callable[..., Any])


class ExtensionError(discord.ClientException):
    """An extension could not be loaded, unloaded or reloaded (the cause chained, when there is one)."""


# The extensions' modules of clients this process closed, by name: set up again as they are by the next
# client's load_extension (while sys.modules still holds the same module).
_set_down: dict[str, ModuleType] = {}


def _module_for(name: str) -> tuple[ModuleType, Loader | None]:
    """The extension's module, and the loader to run it with when it is new (None: set up again as it is)."""
    kept = _set_down.pop(name, None)
    if kept is not None and sys.modules.get(name) is kept:
        return kept, None
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None:
        raise ExtensionError(f"extension {name!r} could not be found")  # i18n: not shown (a host's log)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    return module, spec.loader


def _within(package: str, module: str) -> bool:
    return module == package or module.startswith(package + ".")


class Cog(_Binding):
    """A group of app commands and listeners, added to the bot as one; `name=` in the class line names it."""

    _cog_name: ClassVar[str]
    _cog_definitions: ClassVar[tuple[AppCommand, ...]]
    _cog_listened: ClassVar[tuple[tuple[str, str], ...]]  # (event, attribute)
    cog_commands: tuple[AppCommand, ...]  # the instance's own copies, bound to it

    def __init_subclass__(cls, *, name: str | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._cog_name = name or cls.__name__
        commands: dict[str, AppCommand] = {}
        listeners: dict[str, Any] = {}
        for base in reversed(cls.__mro__):
            for attribute, value in vars(base).items():
                commands.pop(attribute, None)  # a subclass's attribute hides its base's
                listeners.pop(attribute, None)
                if isinstance(value, app_commands.Command | app_commands.Group) and value.parent is None:
                    commands[attribute] = value
                elif hasattr(value, "__cog_listener_names__"):
                    listeners[attribute] = value
        cls._cog_definitions = tuple(commands.values())
        cls._cog_listened = tuple(
            (event, attribute) for attribute, f in listeners.items() for event in f.__cog_listener_names__
        )

    def __new__(cls, *args: Any, **kwargs: Any) -> Any:
        self = super().__new__(cls)
        # Each instance gets its own copies, bound to it: the callbacks receive the cog as `self`.
        bound = []
        for command in cls._cog_definitions:
            copy = command._copy_with(parent=None, binding=self)
            if copy._attr:
                setattr(self, copy._attr, copy)
            bound.append(copy)
        self.cog_commands = tuple(bound)
        return self

    @property
    def qualified_name(self) -> str:
        return self._cog_name

    @classmethod
    def listener(cls, name: str | None = None) -> Callable[[F], F]:
        """Mark a coroutine method as a listener of the event `name` (by default the method's name)."""

        def mark(function: F) -> F:
            names = getattr(function, "__cog_listener_names__", [])
            function.__cog_listener_names__ = [*names, name or function.__name__]  # type: ignore[attr-defined]
            return function

        return mark

    async def cog_load(self) -> None:
        """Called when the cog is added, before its commands and listeners are."""

    async def cog_unload(self) -> None:
        """Called when the cog is removed (its extension unloaded, or the bot closing)."""


class CogHost:
    """The client's side of cogs and extensions; mixed in before discord.AutoShardedClient."""

    tree: app_commands.CommandTree[Any]

    def _host_cogs(self) -> None:
        self._cogs: dict[str, Cog] = {}
        self._extensions: dict[str, ModuleType] = {}
        self._cog_listeners: dict[str, list[Listener]] = {}

    @property
    def cogs(self) -> Mapping[str, Cog]:
        return MappingProxyType(self._cogs)

    @property
    def extensions(self) -> Mapping[str, ModuleType]:
        return MappingProxyType(self._extensions)

    def add_listener(self, listener: Listener, name: str) -> None:
        self._cog_listeners.setdefault(name, []).append(listener)

    def remove_listener(self, listener: Listener, name: str) -> None:
        if listener in self._cog_listeners.get(name, ()):
            self._cog_listeners[name].remove(listener)

    def dispatch(self, event_name: str, /, *args: Any, **kwargs: Any) -> None:
        super().dispatch(event_name, *args, **kwargs)  # type: ignore[misc]
        event = "on_" + event_name
        for listener in self._cog_listeners.get(event, ()):
            self._schedule_event(listener, event, *args, **kwargs)  # type: ignore[attr-defined]

    async def add_cog(self, cog: Cog, *, override: bool = False) -> None:
        """Add the cog: its cog_load, then its app commands to the tree and its listeners."""
        if not isinstance(cog, Cog):
            raise TypeError("cogs must derive from bot.discord.cogs.Cog")
        if cog.qualified_name in self._cogs:
            if not override:
                taken = f"Cog named {cog.qualified_name!r} already loaded"  # i18n: not shown (a log)
                raise discord.ClientException(taken)
            await self.remove_cog(cog.qualified_name)
        await cog.cog_load()
        for command in cog.cog_commands:
            self.tree.add_command(command, override=override)
        for event, attribute in cog._cog_listened:
            self.add_listener(getattr(cog, attribute), event)
        self._cogs[cog.qualified_name] = cog

    async def remove_cog(self, name: str) -> Cog | None:
        """Remove the cog named `name` (its commands and listeners, then its cog_unload); None if absent."""
        cog = self._cogs.pop(name, None)
        if cog is None:
            return None
        try:
            for command in cog.cog_commands:
                self.tree.remove_command(command.name)
            for event, attribute in cog._cog_listened:
                self.remove_listener(getattr(cog, attribute), event)
        finally:
            try:
                await cog.cog_unload()
            except Exception:
                log.exception("ignoring an exception in cog %s's unload", name)
        return cog

    async def load_extension(self, name: str) -> None:
        """Await the module's `setup(bot)`; ExtensionError (its cause chained) if it fails.

        The module is imported afresh, unless this process holds it already from a client that was
        closed (close() sets its extensions down and keeps their modules: a process that starts clients
        one after another, as the tests do, runs each cog module's code once). unload_extension forgets
        a module, so a load after it, or a reload, reads the file again.
        """
        if name in self._extensions:
            raise ExtensionError(f"extension {name!r} is already loaded")  # i18n: not shown (a host's log)
        module, loader = _module_for(name)
        try:
            if loader is not None:
                loader.exec_module(module)
            setup = getattr(module, "setup", None)
            if setup is None:
                raise ExtensionError(f"extension {name!r} has no setup")  # i18n: not shown (a log)
            await setup(self)
        except Exception as exc:
            sys.modules.pop(name, None)
            await self._forget_module(name)
            await self._finalize(module, name)
            if isinstance(exc, ExtensionError):
                raise
            failed = f"extension {name!r} raised an error: {exc!r}"  # i18n: not shown (a host's log)
            raise ExtensionError(failed) from exc
        self._extensions[name] = module

    async def unload_extension(self, name: str) -> None:
        """Remove what the extension added, await its `teardown(bot)` if it has one, forget its modules."""
        module = self._extensions.get(name)
        if module is None:
            raise ExtensionError(f"extension {name!r} has not been loaded")  # i18n: not shown (a host's log)
        await self._forget_module(module.__name__)
        await self._finalize(module, name)

    async def _teardown(self, module: ModuleType, name: str) -> None:
        """Await the module's `teardown(bot)` if it has one (an exception in it is logged)."""
        try:
            teardown = getattr(module, "teardown", None)
            if teardown is not None:
                await teardown(self)
        except Exception:
            log.exception("ignoring an exception in extension %s's teardown", name)

    async def _finalize(self, module: ModuleType, name: str) -> None:
        """Await the module's `teardown(bot)` if it has one, then forget it and its submodules."""
        try:
            await self._teardown(module, name)
        finally:
            _set_down.pop(name, None)
            self._extensions.pop(name, None)
            sys.modules.pop(name, None)
            for loaded in [m for m in sys.modules if _within(module.__name__, m)]:
                del sys.modules[loaded]

    async def reload_extension(self, name: str) -> None:
        """Unload then load the extension; the old modules are put back if the new ones fail to load."""
        module = self._extensions.get(name)
        if module is None:
            raise ExtensionError(f"extension {name!r} has not been loaded")  # i18n: not shown (a host's log)
        kept = {m: sys.modules[m] for m in sys.modules if _within(module.__name__, m)}
        try:
            await self.unload_extension(name)
            await self.load_extension(name)
        except Exception:
            await module.setup(self)
            self._extensions[name] = module
            sys.modules.update(kept)
            raise

    async def _forget_module(self, name: str) -> None:
        """Remove the cogs, listeners and app commands that came from the module `name` or its submodules."""
        for cog_name, cog in list(self._cogs.items()):
            if _within(name, type(cog).__module__):
                await self.remove_cog(cog_name)
        for listeners in self._cog_listeners.values():
            listeners[:] = [f for f in listeners if not _within(name, getattr(f, "__module__", "") or "")]
        self.tree._remove_with_module(name)

    async def close(self) -> None:
        # Each extension set down: its cogs, listeners and commands removed and its teardown awaited, as
        # an unload does, but its modules kept for a client this process starts next (load_extension).
        for name, module in tuple(self._extensions.items()):
            try:
                await self._forget_module(module.__name__)
                await self._teardown(module, name)
            except Exception:
                log.exception("extension %s did not unload cleanly", name)
            finally:
                self._extensions.pop(name, None)
                if sys.modules.get(name) is module:
                    _set_down[name] = module
        for cog_name in tuple(self._cogs):
            await self.remove_cog(cog_name)
        await super().close()  # type: ignore[misc]
