"""What a host watches: the log lines of events that matter and the counters /metrics exposes."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import TYPE_CHECKING

import aiohttp
from discord.utils import snowflake_time
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

from bot.host.logs import where
from bot.ui.text import plural

if TYPE_CHECKING:
    from bot.store import RoundRecord

log = logging.getLogger("bot.events")

# Discord fails an interaction not acknowledged within 3 s of its creation; the buckets straddle that.
ACK_BUCKETS = (0.05, 0.1, 0.25, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 5.0, 10.0)
_CALLBACK = re.compile(r"/interactions/(\d+)/[^/]+/callback$")

Clock = Callable[[], datetime]


def _utcnow() -> datetime:
    return datetime.now(UTC)


class Telemetry:
    """One bot's metrics (in a registry of its own, so two bots in one test never mix) and event lines."""

    def __init__(self, clock: Clock = _utcnow) -> None:
        self.clock = clock
        self.registry = CollectorRegistry()
        self.answers = Counter(
            "bvunzo_answers_recorded",
            "Answers stored: kind=round (buttons and typed answers in rounds) or practice.",
            ["kind"],
            registry=self.registry,
        )
        self.rounds_ended = Counter(
            "bvunzo_rounds_ended",
            "Rounds ended, by how: finished or stopped.",
            ["status"],
            registry=self.registry,
        )
        self.rounds_running = Gauge(
            "bvunzo_rounds_running", "Rounds running now, as the database has them.", registry=self.registry
        )
        self.ack_seconds = Histogram(
            "bvunzo_interaction_ack_seconds",
            "From an interaction's creation by Discord to the bot's acknowledgement (Discord allows 3 s).",
            buckets=ACK_BUCKETS,
            registry=self.registry,
        )
        self.gateway_latency = Gauge(
            "bvunzo_gateway_latency_seconds",
            "Time between the last gateway heartbeat and its acknowledgement.",
            registry=self.registry,
        )
        self.deck_changes = Counter(
            "bvunzo_deck_changes",
            "Servers' decks changed, by how: imported, replaced, extended (an approved suggestion) or deleted.",
            ["change"],
            registry=self.registry,
        )
        self.discord_errors = Counter(
            "bvunzo_discord_errors",
            "Discord's error answers to the bot's HTTP requests, by status (429 included; "
            "'none' when no answer came at all).",
            ["status"],
            registry=self.registry,
        )

    # -- events (one line each, with the server and channel) -----------------------------------------

    def round_started(self, record: RoundRecord, *, resumed: bool = False) -> None:
        log.info(
            "round %s %s: %s of %s, %d s each, %s mode",
            record.id,
            "resumed" if resumed else "started",
            plural(len(record.question_ids), "question"),
            record.deck_id,
            record.seconds,
            record.mode,
            extra=where(record.guild_id, record.channel_id, round_id=record.id, deck_id=record.deck_id),
        )

    def round_ended(self, record: RoundRecord, status: str, played: int) -> None:
        self.rounds_ended.labels(status).inc()
        log.info(
            "round %s %s after %d of %s",
            record.id,
            status,
            played,
            plural(len(record.question_ids), "question"),
            extra=where(record.guild_id, record.channel_id, round_id=record.id, deck_id=record.deck_id),
        )

    def deck_changed(self, guild_id: int | None, deck_id: str, change: str, questions: int = 0) -> None:
        """A server's deck was added, replaced or removed (`change` says which, in words)."""
        self.deck_changes.labels(change).inc()
        log.info(
            "deck %s %s (%s)",
            deck_id,
            change,
            plural(questions, "question"),
            extra=where(guild_id, deck_id=deck_id),
        )

    def answer_recorded(self, kind: str) -> None:
        self.answers.labels(kind).inc()

    # -- Discord's side, seen through discord.py's HTTP session ---------------------------------------

    def http_trace(self) -> aiohttp.TraceConfig:
        """For discord.py's `http_trace=`: every REST answer (interaction callbacks included) passes here."""
        trace = aiohttp.TraceConfig()
        trace.on_request_end.append(self._on_request_end)
        trace.on_request_exception.append(self._on_request_exception)
        return trace

    async def _on_request_end(
        self, session: aiohttp.ClientSession, context: SimpleNamespace, params: aiohttp.TraceRequestEndParams
    ) -> None:
        status = params.response.status
        if status >= 400:
            self.discord_errors.labels(str(status)).inc()
            return
        callback = _CALLBACK.search(params.url.path)
        if callback is not None:
            # Measured from the interaction id's own timestamp: that is where Discord's 3 s start.
            created = snowflake_time(int(callback.group(1)))
            self.ack_seconds.observe(max(0.0, (self.clock() - created).total_seconds()))

    async def _on_request_exception(
        self,
        session: aiohttp.ClientSession,
        context: SimpleNamespace,
        params: aiohttp.TraceRequestExceptionParams,
    ) -> None:
        self.discord_errors.labels("none").inc()

    # -- /metrics ------------------------------------------------------------------------------------

    def exposition(self, *, gateway_latency: float | None, rounds_running: int | None) -> bytes:
        """The Prometheus text format, with the gauges read at this moment (None: leave as it was)."""
        if gateway_latency is not None:
            self.gateway_latency.set(gateway_latency)
        if rounds_running is not None:
            self.rounds_running.set(rounds_running)
        return generate_latest(self.registry)
