"""Running a discord.py client against the fake Discord in a test: start, wait until ready, stop cleanly."""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from typing import TypeVar

import discord

from bot.discord.internals import discord_addresses, point_discord_at
from tests.e2e.fake_discord import FakeDiscord

ClientT = TypeVar("ClientT", bound=discord.Client)
T = TypeVar("T")

# How long a test waits for something that must happen (a process to exit, say) before calling it hung.
# A guard against a hang, generous on a loaded machine; never a claim about speed (bench/ measures that).
HANG_GUARD = 60.0

# How long on_ready waits after the last GUILD_CREATE: discord.py's 2 s default is dead time in a test,
# since the fake sends every server at once.
FAST_GUILD_READY_TIMEOUT = 0.05


class ClientCrashed(AssertionError):
    """client.start() ended with an error while the test ran."""


class ClientLoggedErrors(AssertionError):
    """The client (or the bot on it) logged errors: an exception in a command, a view, an event..."""


@contextlib.contextmanager
def discord_py_pointed_at(fake: FakeDiscord) -> Iterator[None]:
    """Send discord.py's REST calls and gateway connection to the fake, as the bot does from its settings.

    The addresses are process-wide (bot/discord/internals.py says why); restored on exit.
    """
    before = discord_addresses()
    point_discord_at(fake.api_base, fake.gateway_url)
    try:
        yield
    finally:
        point_discord_at(*before)


class _ErrorRecords(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def report(self) -> str:
        formatter = logging.Formatter("%(name)s: %(message)s")
        return "\n".join(formatter.format(record) for record in self.records)


@contextlib.asynccontextmanager
async def running_client(
    client: ClientT,
    fake: FakeDiscord,
    token: str | None = None,
    *,
    ready_timeout: float = 10.0,
    guild_ready_timeout: float | None = FAST_GUILD_READY_TIMEOUT,
    allow_logged_errors: bool = False,
) -> AsyncIterator[ClientT]:
    """Run `client.start(token)` as a task until the block ends; enter once the client is ready.

    guild_ready_timeout (None: leave the client's own) shortens discord.py's wait after the last
    GUILD_CREATE, through the client's connection state: the one private attribute touched here.
    On exit the client is closed; a crash of its task is raised, and so are errors it logged
    (tracebacks from commands, views, events) unless allow_logged_errors.
    """
    if guild_ready_timeout is not None:
        client._connection.guild_ready_timeout = guild_ready_timeout
    errors = _ErrorRecords()
    logging.getLogger().addHandler(errors)
    task = asyncio.create_task(
        client.start(token if token is not None else fake.token), name="discord-client"
    )
    try:
        await _until_ready(client, task, ready_timeout)
        yield client
    except BaseException as exc:
        crash = await _stop(client, task)
        if crash is not None and crash is not exc:
            exc.add_note(f"the client task had ended with {crash!r}")
        raise
    else:
        crash = await _stop(client, task)
        if crash is not None:
            raise ClientCrashed(f"the client stopped with {crash!r}") from crash
        if errors.records and not allow_logged_errors:
            raise ClientLoggedErrors(f"errors were logged while the client ran:\n{errors.report()}")
    finally:
        logging.getLogger().removeHandler(errors)


async def _until_ready(client: discord.Client, task: asyncio.Task[None], timeout: float) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not client.is_ready():
        if task.done():
            if task.cancelled():
                raise ClientCrashed("the client task was cancelled before it was ready")
            exc = task.exception()
            if exc is not None:
                raise exc  # as it is, so that pytest.raises(discord.LoginFailure) works
            raise ClientCrashed("client.start() returned before the client was ready")
        if loop.time() > deadline:
            raise ClientCrashed(f"the client was not ready within {timeout:g} s")
        await asyncio.wait({task}, timeout=0.01)


async def _stop(client: discord.Client, task: asyncio.Task[None]) -> BaseException | None:
    """Close the client and wait for its task; what the task ended with, if it was an error."""
    if not client.is_closed():
        await asyncio.wait_for(client.close(), timeout=10)
    try:
        await asyncio.wait_for(task, timeout=10)
    except asyncio.CancelledError:
        return None
    except Exception as exc:
        return exc
    return None


async def wait_until(
    condition: Callable[[], T | Awaitable[T]],
    *,
    timeout: float = 5.0,
    what: str = "the condition",
    interval: float = 0.02,
) -> T:
    """Poll `condition` (plain or async) until truthy, and return it; else AssertionError with `what`."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        value = condition()
        if inspect.isawaitable(value):
            value = await value
        if value:
            return value
        if loop.time() > deadline:
            raise AssertionError(f"timed out after {timeout:g} s waiting for {what} (last value: {value!r})")
        await asyncio.sleep(interval)
