"""The dashboard as a running server: `bvunzo web` (its own process) or BVUNZO_WEB inside the bot's."""

from __future__ import annotations

import asyncio
import gc
import logging
import signal
import socket
import sys
from typing import TYPE_CHECKING

from aiohttp import web

from bot.decks.server_decks import ServerDecks
from bot.host.config import ConfigError, HttpAddress, WebSettings
from bot.web.app import make_app
from bot.web.context import Clock, WebContext, item_worker, load_decks, utcnow
from bot.web.discord_api import DiscordApi

if TYPE_CHECKING:
    from bot.store import Store

log = logging.getLogger(__name__)

EXIT_BAD_SETTING = 2


class WebServer:
    """The app on its address; start() binds it (OSError when the address is taken), stop() lets go."""

    def __init__(self, context: WebContext) -> None:
        self.context = context
        self._runner: web.AppRunner | None = None
        self.port = 0

    async def start(self, sock: socket.socket | None = None) -> None:
        """Listen on BVUNZO_WEB's address, or on `sock` when given (a test's socket, bound beforehand)."""
        app = await make_app(self.context)
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None, shutdown_timeout=2.0)
        await self._runner.setup()
        listen = self.context.settings.listen
        site: web.BaseSite = (
            web.SockSite(self._runner, sock)
            if sock is not None
            else web.TCPSite(self._runner, listen.host, listen.port)
        )
        try:
            await site.start()
        except OSError:
            await self._runner.cleanup()
            self._runner = None
            raise
        self.port = int(self._runner.addresses[0][1])
        self.context.item_worker.start()
        log.info("web dashboard at %s (listening on %s)", self.context.settings.public_url, self.address.url)

    @property
    def address(self) -> HttpAddress:
        return HttpAddress(self.context.settings.listen.host, self.port)

    async def stop(self) -> None:
        await self.context.item_worker.stop()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        await self.context.discord.close()


def run_web() -> int:
    """`bvunzo web`: serve the dashboard until SIGTERM or SIGINT."""
    from bot.host.logs import configure_logging

    try:
        settings = WebSettings.from_env()
    except ConfigError as exc:
        print(f"bvunzo: {exc}", file=sys.stderr)
        return EXIT_BAD_SETTING
    configure_logging(
        settings.log_level_number, settings.log_format, secrets=[settings.token, settings.client_secret]
    )
    try:
        return asyncio.run(_serve(settings))
    except KeyboardInterrupt:
        return 0


async def _serve(settings: WebSettings) -> int:
    from bot.store import StoreError, open_store

    try:
        store = await open_store(settings.db_path)
    except StoreError as exc:
        print(f"bvunzo: {exc}", file=sys.stderr)
        return EXIT_BAD_SETTING
    try:
        server = await in_process(settings, store)
        try:
            await server.start()
        except OSError as exc:
            print(f"bvunzo: BVUNZO_WEB: {exc}", file=sys.stderr)  # i18n: not shown
            return EXIT_BAD_SETTING
        # What was made so far (decks, templates, modules) lives as long as the process: out of the garbage
        # collector's generations (as the bot does), so a full collection, which the item figures' worker
        # sets off as it reads tens of thousands of first tries, does not walk it while holding the loop.
        gc.freeze()
        stopping = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, stopping.set)
        await stopping.wait()
        await server.stop()
        return 0
    finally:
        await store.close()


async def in_process(
    settings: WebSettings,
    store: Store,
    *,
    decks: ServerDecks | None = None,
    clock: Clock = utcnow,
) -> WebServer:
    """A dashboard on an open store; inside the bot it shares the bot's store and `decks` (its bank,
    versions and parsed decks), so a change made on a page is the bot's at once and parsed once."""
    server_decks = decks if decks is not None else await load_decks(settings, store, clock)
    context = WebContext(
        settings=settings,
        store=store,
        decks=server_decks,
        discord=DiscordApi(settings),
        item_worker=item_worker(store, server_decks, clock),
        clock=clock,
    )
    return WebServer(context)
