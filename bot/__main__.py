"""`python -m bot` and the `bvunzo` command: run the bot; validate, import and export decks; play in a terminal; host tools; copy a database."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from bot.host import event_loop
from bot.host.config import ConfigError, Settings, WebSettings, web_address
from bot.host.logs import configure_logging

if TYPE_CHECKING:
    import argparse

    from bot.discord.client import BvunzoBot
    from bot.web.server import WebServer

log = logging.getLogger("bot")

EXIT_BAD_SETTING = 2


def main(argv: Sequence[str] | None = None) -> int:
    if list(sys.argv[1:] if argv is None else argv) in ([], ["run"]):
        # The bot itself: the verbs' parsers would load every importer (and their libraries) for nothing.
        return _run()
    args = _parser().parse_args(argv)
    if args.verb not in (None, "run", "web"):
        # A deck author's tools (validate, import, play) speak the terminal's language, as `bvunzo play`
        # does; the bot and the dashboard choose a language per member instead.
        from bot import locales
        from bot.cli.play import catalog_of_terminal

        locales.use(catalog_of_terminal())
    if getattr(args, "handler", None) is not None:
        return int(args.handler(args))
    return _run_verb(args)


def _parser() -> argparse.ArgumentParser:
    import argparse  # the verbs' parsers, which the bot itself never builds

    from bot.cli.catalog_tools import add_locales_verb
    from bot.cli.deck_tools import add_deck_verbs
    from bot.cli.play import add_play_arguments

    parser = argparse.ArgumentParser(
        prog="bvunzo", description="Bvunzo, a Discord quiz bot for study groups."
    )
    verbs = parser.add_subparsers(dest="verb")
    verbs.add_parser(
        "run", help="run the bot (the same as `python -m bot`); settings come from the environment"
    )
    validate = verbs.add_parser("validate", help="check decks and print every problem as file:line: message")
    validate.add_argument("paths", nargs="*", type=Path, default=[Path("questions")], metavar="PATH")
    _add_host_verbs(verbs)
    add_play_arguments(verbs.add_parser("play", help="play a deck in this terminal, without Discord"))
    add_deck_verbs(verbs)
    add_locales_verb(verbs)
    return parser


def _add_host_verbs(verbs: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """A host's verbs: copy-db, health, web, backup and results."""
    copy_db = verbs.add_parser(
        "copy-db", help="copy a whole database to another (SQLite file or postgresql:// URL), then check it"
    )
    copy_db.add_argument("source", metavar="FROM", help="a SQLite path, sqlite:///path or postgresql:// URL")
    copy_db.add_argument("target", metavar="TO", help="where to copy it; must hold no Bvunzo data")
    copy_db.add_argument("--force", action="store_true", help="delete everything in TO before copying")
    verbs.add_parser(
        "health", help="ask the running bot's /healthz (at BVUNZO_HTTP): exit 0 if healthy, 1 if not"
    )
    verbs.add_parser(
        "web", help="serve the web dashboard (Discord login, reports, decks, settings) at BVUNZO_WEB"
    )
    backup = verbs.add_parser("backup", help="copy the database (BVUNZO_DB) to PATH while the bot runs")
    backup.add_argument("path", type=Path, metavar="PATH", help="a file, or a folder to put a dated copy in")
    results = verbs.add_parser(
        "results", help="write a round's (or an assignment's) results as CSV and JSON, from BVUNZO_DB"
    )
    results.add_argument("round", nargs="?", type=int, metavar="ROUND", help="the round's number")
    results.add_argument("--assignment", type=int, metavar="ID", help="an assignment's number instead")
    results.add_argument(
        "--out", type=Path, default=Path("."), metavar="FOLDER", help="where to write (default: here)"
    )


def _run_verb(args: argparse.Namespace) -> int:
    """The verbs with no handler of their own; no verb at all runs the bot."""
    if args.verb == "validate":
        return _validate(args.paths)
    if args.verb == "copy-db":
        return _copy_db(args.source, args.target, force=args.force)
    if args.verb == "play":
        from bot.cli.play import run

        return run(args)
    if args.verb == "web":
        from bot.web.server import run_web

        return run_web()
    if args.verb in {"results", "health", "backup"}:
        from bot.cli import host_commands

        verb = {
            "results": host_commands.results,
            "health": host_commands.health,
            "backup": host_commands.backup,
        }
        return verb[args.verb](args)
    return _run()


def _validate(paths: list[Path]) -> int:
    from bot.bank.loader import validate_paths
    from bot.locales import _, n_

    problems = validate_paths(paths)
    for problem in problems:
        print(problem)
    if problems:
        print(n_("{n} problem found.", "{n} problems found.", len(problems)), file=sys.stderr)
        return 1
    print(_("All decks are valid."))
    return 0


def _copy_db(source: str, target: str, *, force: bool) -> int:
    from bot.store import StoreError
    from bot.store.copydb import copy_database

    try:
        report = asyncio.run(copy_database(source, target, force=force))
    except StoreError as exc:
        print(f"bvunzo: {exc}", file=sys.stderr)
        return 1
    for table, count in report.rows.items():
        print(f"{table}: {count} rows")
    print(f"Copied {report.source} to {report.target}; row counts and board totals match.")
    return 0


def _run() -> int:
    import os

    from bot.host import malloc

    try:
        malloc.limit_arenas(os.environ)  # before any thread allocates (aiosqlite's, the executor's)
        settings = Settings.from_env()
        web = _web_settings()
    except (ConfigError, malloc.BadArenas) as exc:
        print(f"bvunzo: {exc}", file=sys.stderr)
        return EXIT_BAD_SETTING
    secrets = [settings.token] + ([web.client_secret] if web is not None else [])
    configure_logging(settings.log_level_number, settings.log_format, secrets=secrets)
    try:
        return event_loop.run(_serve(settings, web), settings.event_loop)
    except event_loop.NoUvloop as exc:
        print(
            f"bvunzo: BVUNZO_EVENT_LOOP=uvloop, but {exc}; install it or set BVUNZO_EVENT_LOOP=auto.",
            file=sys.stderr,
        )
        return EXIT_BAD_SETTING
    except KeyboardInterrupt:
        return 0


def _web_settings() -> WebSettings | None:
    """BVUNZO_WEB: the dashboard served by the bot's own process too (its settings checked at start)."""
    import os

    listen = web_address(os.environ)
    return None if listen is None else WebSettings.from_env(listen=listen)


async def _serve_dashboard(bot: BvunzoBot, settings: WebSettings) -> WebServer | None:
    """Once the bot has its store and decks, serve the dashboard on them (a change there is the bot's at once)."""
    from bot.web.server import in_process

    await bot.wait_until_ready()
    server = await in_process(settings, bot.store, decks=bot.decks, clock=bot.clock)
    try:
        await server.start()
    except OSError as exc:
        log.error("BVUNZO_WEB: the dashboard could not listen: %s", exc)
        return None
    service = getattr(bot, "round_service", None)  # cogs.quiz sets it; absent if it failed to load
    if service is not None:
        service.when_ended(server.context.item_worker.round_ended)
    return server


def _dashboard_failed(task: asyncio.Task[WebServer | None]) -> None:
    """What stopped the in-process dashboard from starting is logged, not lost in its task."""
    if not task.cancelled() and (exc := task.exception()) is not None:
        log.error("BVUNZO_WEB: the dashboard did not start", exc_info=exc)


async def _serve(settings: Settings, web: WebSettings | None = None) -> int:
    from bot.discord.client import BvunzoBot

    bot = BvunzoBot(settings)
    endpoint = None
    if settings.http is not None:
        from bot.discord.health import HealthServer  # prometheus_client loads only for a bot serving /metrics

        endpoint = HealthServer(bot)
        try:
            await endpoint.start(settings.http)
        except OSError as exc:
            print(f"bvunzo: BVUNZO_HTTP: {exc}", file=sys.stderr)
            return EXIT_BAD_SETTING
    stopping = _stop_on_signals(asyncio.get_running_loop())
    runner = asyncio.create_task(bot.start(settings.token), name="bvunzo-bot")
    dashboard = (
        asyncio.create_task(_serve_dashboard(bot, web), name="bvunzo-web") if web is not None else None
    )
    if dashboard is not None:
        dashboard.add_done_callback(_dashboard_failed)
    waiter = asyncio.create_task(stopping.wait(), name="bvunzo-signal")
    await asyncio.wait({runner, waiter}, return_when=asyncio.FIRST_COMPLETED)
    try:
        return await _until_stopped(bot, runner)
    finally:
        waiter.cancel()
        if endpoint is not None:
            await endpoint.stop()
        if dashboard is not None:
            await _stop_dashboard(dashboard)
        if not bot.is_closed():
            await bot.close()
        if not runner.done():
            runner.cancel()


def _stop_on_signals(loop: asyncio.AbstractEventLoop) -> asyncio.Event:
    """An event set by the first SIGTERM or SIGINT, which the bot takes as: save rounds and close."""
    log.debug("event loop: %s", event_loop.loop_name(loop))
    stopping = asyncio.Event()

    def stop(signame: str) -> None:
        if not stopping.is_set():
            log.info("%s received: saving rounds and closing", signame)
            stopping.set()

    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop, sig.name)
    return stopping


async def _until_stopped(bot: BvunzoBot, runner: asyncio.Task[None]) -> int:
    """The exit code once the bot stopped on its own (what stopped it, re-raised) or was asked to close."""
    import discord

    from bot.store import StoreError

    try:
        if runner.done():
            runner.result()  # re-raise what stopped the bot on its own
            return 0
        await asyncio.wait_for(bot.close(), timeout=4.5)
        return 0
    except discord.LoginFailure:
        print(
            "bvunzo: Discord refused DISCORD_TOKEN: check the token in the developer portal.", file=sys.stderr
        )
        return EXIT_BAD_SETTING
    except discord.PrivilegedIntentsRequired:
        print("bvunzo: Discord refused an intent this bot asked for.", file=sys.stderr)
        return EXIT_BAD_SETTING
    except StoreError as exc:
        print(f"bvunzo: {exc}", file=sys.stderr)
        return EXIT_BAD_SETTING


async def _stop_dashboard(dashboard: asyncio.Task[WebServer | None]) -> None:
    if dashboard.done() and not dashboard.cancelled() and dashboard.exception() is None:
        served = dashboard.result()
        if served is not None:
            await served.stop()
    dashboard.cancel()


if __name__ == "__main__":
    sys.exit(main())
