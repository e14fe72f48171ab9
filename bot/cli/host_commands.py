"""The host's verbs: `bvunzo health` (for a container's HEALTHCHECK) and `bvunzo backup PATH`.

Their words are for the host's terminal, not a study group: English, as the host's other tools (the
lint's HOST_ONLY modules); each line says so with `# i18n: not shown`.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import urllib.error
import urllib.request
from typing import Any

from bot.host.config import ConfigError, HttpAddress, db_path, http_address

EXIT_UNHEALTHY = 1
EXIT_BAD_SETTING = 2


def health(args: argparse.Namespace) -> int:
    """0 when the running bot's /healthz says healthy, 1 otherwise (a missing setting included).

    Docker reads 1 as unhealthy and reserves 2, so a bad BVUNZO_HTTP is 1 here too.
    """
    try:
        address = http_address(os.environ)
    except ConfigError as exc:
        print(f"bvunzo: {exc}", file=sys.stderr)
        return EXIT_UNHEALTHY
    if address is None:
        unset = "bvunzo: BVUNZO_HTTP is not set, so the bot serves no /healthz to ask."  # i18n: not shown
        print(unset, file=sys.stderr)
        return EXIT_UNHEALTHY
    if address.port == 0:
        zero = "bvunzo: BVUNZO_HTTP has port 0; give the port the bot listens on."  # i18n: not shown
        print(zero, file=sys.stderr)
        return EXIT_UNHEALTHY
    healthy, line = check_endpoint(address)
    print(line, file=sys.stdout if healthy else sys.stderr)
    return 0 if healthy else EXIT_UNHEALTHY


def check_endpoint(address: HttpAddress, timeout: float = 5.0) -> tuple[bool, str]:
    """Ask a running bot's /healthz (bot/discord/health.py serves it); (healthy, one line saying why).

    Plain urllib: a container runs this every half minute, and the bot's libraries (discord.py, aiohttp)
    would take longer to import than the question takes to answer.
    """
    url = f"{address.url}/healthz"
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            body = json.loads(response.read())
    except urllib.error.HTTPError as exc:
        try:
            body = json.loads(exc.read())
        except ValueError:
            return False, f"{url} answered {exc.code}"  # i18n: not shown
        return False, "unhealthy: " + _failures(body)
    except (OSError, ValueError) as exc:
        reason = getattr(exc, "reason", exc)
        return False, f"no answer from {url}: {reason}"  # i18n: not shown
    return True, "healthy: " + ", ".join(
        f"{name} {check['detail']}" for name, check in body.get("checks", {}).items()
    )


def _failures(body: dict[str, Any]) -> str:
    checks = body.get("checks", {})
    return "; ".join(
        f"{name}: {checks.get(name, {}).get('detail', 'failed')}" for name in body.get("failed", [])
    )


def backup(args: argparse.Namespace) -> int:
    from bot.store import StoreError
    from bot.store.backup import back_up

    raw = os.environ.get("BVUNZO_DB", "").strip()
    if raw.startswith(("postgres://", "postgresql://")):
        print(
            "bvunzo: BVUNZO_DB is a PostgreSQL database: back it up with pg_dump "  # i18n: not shown
            '(e.g. `pg_dump --format=custom -f bvunzo.dump "$BVUNZO_DB"`).',
            file=sys.stderr,
        )
        return EXIT_BAD_SETTING
    try:
        report = back_up(db_path(os.environ), args.path)
    except StoreError as exc:
        print(f"bvunzo: {exc}", file=sys.stderr)
        return 1
    print(
        f"Backed up to {report.path} ({report.size / 1_048_576:.1f} MiB, "  # i18n: not shown
        f"{report.answers} round answers) at {report.finished_at:%Y-%m-%d %H:%M:%S} UTC."
    )
    return 0


def results(args: argparse.Namespace) -> int:
    """`bvunzo results ROUND` or `bvunzo results --assignment ID`: the CSV and JSON files, from the database."""
    from bot.cli.results_files import write_results

    try:
        written = write_results(
            os.environ, round_id=args.round, assignment_id=args.assignment, folder=args.out
        )
    except (LookupError, ValueError) as exc:
        print(f"bvunzo: {exc}", file=sys.stderr)
        return 1
    for path in written:
        print(path)
    return 0
