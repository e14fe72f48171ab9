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

from bot.host.logs import where

if TYPE_CHECKING:
    from bot.host.metrics import Metrics
    from bot.store import RoundRecord

log = logging.getLogger("bot.events")

_CALLBACK = re.compile(r"/interactions/(\d+)/[^/]+/callback$")

Clock = Callable[[], datetime]


def plural(n: int, word: str) -> str:
    """English only ("1 question", "2 questions"): the host's own words in logs, never a sentence for people
    (those count with the catalog, `n_`, so each language's plural rules apply)."""
    return f"{n} {word if n == 1 else word + 's'}"


def _utcnow() -> datetime:
    return datetime.now(UTC)


class Telemetry:
    """One bot's event lines, and its metrics when it serves them (bot/host/metrics.py)."""

    def __init__(self, clock: Clock = _utcnow, *, metrics: bool = False) -> None:
        self.clock = clock
        # Counted only for a bot that serves /metrics: prometheus_client stays unloaded otherwise.
        self.metrics: Metrics | None = None
        if metrics:
            self.enable_metrics()

    def enable_metrics(self) -> Metrics:
        """Start counting for /metrics (from now on); the same counters when called again."""
        if self.metrics is None:
            from bot.host.metrics import Metrics

            self.metrics = Metrics()
        return self.metrics

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
        if self.metrics is not None:
            self.metrics.rounds_ended.labels(status).inc()
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
        if self.metrics is not None:
            self.metrics.deck_changes.labels(change).inc()
        log.info(
            "deck %s %s (%s)",
            deck_id,
            change,
            plural(questions, "question"),
            extra=where(guild_id, deck_id=deck_id),
        )

    def answer_recorded(self, kind: str) -> None:
        if self.metrics is not None:
            self.metrics.answers.labels(kind).inc()

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
        metrics = self.metrics
        if metrics is None:
            return
        status = params.response.status
        if status >= 400:
            metrics.discord_errors.labels(str(status)).inc()
            return
        callback = _CALLBACK.search(params.url.path)
        if callback is not None:
            # Measured from the interaction id's own timestamp: that is where Discord's 3 s start.
            created = snowflake_time(int(callback.group(1)))
            metrics.ack_seconds.observe(max(0.0, (self.clock() - created).total_seconds()))

    async def _on_request_exception(
        self,
        session: aiohttp.ClientSession,
        context: SimpleNamespace,
        params: aiohttp.TraceRequestExceptionParams,
    ) -> None:
        if self.metrics is not None:
            self.metrics.discord_errors.labels("none").inc()
