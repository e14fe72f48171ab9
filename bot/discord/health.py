"""The host's HTTP endpoint: /healthz (is the bot well?) and /metrics (Prometheus text), and its client."""

from __future__ import annotations

import asyncio
import logging
import math
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST

from bot.discord.internals import gateway_sockets
from bot.host.config import HttpAddress

if TYPE_CHECKING:
    from bot.discord.client import BvunzoBot

log = logging.getLogger(__name__)

# The store must answer a one-row read within this; longer means a stuck disk or a lock held elsewhere.
STORE_PATIENCE = 2.0
# A heartbeat acknowledged within two intervals (plus slack for a slow loop) is recent; discord.py
# itself gives up on a silent connection only after a minute.
HEARTBEAT_SLACK = 10.0


@dataclass(frozen=True, slots=True)
class Check:
    ok: bool
    detail: str


def gateway_check(bot: BvunzoBot) -> Check:
    sockets = gateway_sockets(bot)  # one per shard this process runs
    if bot.is_closed() or not sockets or not all(ws.open for ws in sockets):
        return Check(False, "not connected to Discord's gateway")
    if not bot.is_ready():
        return Check(False, "connected, still receiving the servers")
    return Check(True, "connected")


def heartbeat_check(bot: BvunzoBot) -> Check:
    """Every shard's last heartbeat acknowledged recently; else the first shard's that was not."""
    checks = [_heartbeat(ws) for ws in gateway_sockets(bot)] or [_heartbeat(None)]
    return next((c for c in checks if not c.ok), checks[0])


def _heartbeat(ws: Any) -> Check:
    # discord.py keeps no public record of the last heartbeat's ACK; its keep-alive thread does.
    keep_alive = getattr(ws, "_keep_alive", None)
    last_ack = getattr(keep_alive, "_last_ack", None)
    interval = getattr(keep_alive, "interval", None)
    if ws is None or keep_alive is None or last_ack is None or not interval:
        return Check(False, "no heartbeat yet")
    age = time.perf_counter() - last_ack
    if age > 2 * interval + HEARTBEAT_SLACK:
        return Check(False, f"last heartbeat acknowledged {age:.0f} s ago (interval {interval:.0f} s)")
    return Check(True, f"acknowledged {age:.1f} s ago")


async def store_check(bot: BvunzoBot) -> Check:
    store = getattr(bot, "store", None)
    if store is None:
        return Check(False, "the store is not open yet")
    started = time.perf_counter()
    try:
        await asyncio.wait_for(store.get_meta("last_opened_by"), timeout=STORE_PATIENCE)
    except TimeoutError:
        return Check(False, f"no answer within {STORE_PATIENCE:g} s")
    except Exception as exc:
        return Check(False, str(exc) or type(exc).__name__)
    outage = store.outage
    if outage.down:
        # It reads (SQLite's readers pass another program's lock) but refuses or holds up writes.
        return Check(False, f"unavailable for writes: {outage.detail}")
    return Check(True, f"answered in {(time.perf_counter() - started) * 1000:.0f} ms")


async def health(bot: BvunzoBot) -> dict[str, Any]:
    """/healthz's body: each check, and which failed."""
    checks = {
        "gateway": gateway_check(bot),
        "heartbeat": heartbeat_check(bot),
        "store": await store_check(bot),
    }
    failed = [name for name, check in checks.items() if not check.ok]
    return {
        "status": "fail" if failed else "ok",
        "failed": failed,
        "checks": {name: {"ok": c.ok, "detail": c.detail} for name, c in checks.items()},
    }


class HealthServer:
    """/healthz and /metrics for one bot, on aiohttp (which discord.py already brings)."""

    def __init__(self, bot: BvunzoBot) -> None:
        self.bot = bot
        self.metrics = bot.telemetry.enable_metrics()
        app = web.Application()
        app.router.add_get("/healthz", self._healthz)
        app.router.add_get("/metrics", self._metrics)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        self.url = ""

    async def start(self, address: HttpAddress) -> str:
        """Listen; returns the base URL (with the real port when port 0 asked for any free one)."""
        await self._runner.setup()
        site = web.TCPSite(self._runner, address.host, address.port)
        try:
            await site.start()
        except OSError as exc:
            await self._runner.cleanup()
            raise OSError(f"cannot listen on {address.url}: {exc.strerror or exc}") from exc
        host, port = self._runner.addresses[0][:2]
        self.url = HttpAddress(host, port).url
        log.info("health and metrics at %s/healthz and %s/metrics", self.url, self.url)
        return self.url

    async def stop(self) -> None:
        await self._runner.cleanup()

    async def _healthz(self, request: web.Request) -> web.Response:
        body = await health(self.bot)
        return web.json_response(body, status=200 if body["status"] == "ok" else 503)

    async def _metrics(self, request: web.Request) -> web.Response:
        latency = self.bot.latency
        running: int | None = None
        store = getattr(self.bot, "store", None)
        if store is not None:
            try:
                rounds = await asyncio.wait_for(store.running_rounds(), timeout=STORE_PATIENCE)
                # Other processes' shards report their own servers' rounds.
                running = sum(1 for r in rounds if self.bot.holds_guild(r.guild_id))
            except Exception:
                log.warning("/metrics could not count the running rounds", exc_info=True)
        body = self.metrics.exposition(
            gateway_latency=latency if math.isfinite(latency) else None, rounds_running=running
        )
        response = web.Response(body=body)
        response.headers["Content-Type"] = CONTENT_TYPE_LATEST
        return response
