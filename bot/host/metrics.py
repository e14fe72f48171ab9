"""The counters /metrics exposes, in a Prometheus registry: made only for a bot that serves them (BVUNZO_HTTP)."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

# Discord fails an interaction not acknowledged within 3 s of its creation; the buckets straddle that.
ACK_BUCKETS = (0.05, 0.1, 0.25, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 5.0, 10.0)


class Metrics:
    """One bot's metrics, in a registry of its own, so two bots in one test never mix."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.answers = self._counter(
            "bvunzo_answers_recorded",
            "Answers stored: kind=round (buttons and typed answers in rounds) or practice.",
            "kind",
        )
        self.rounds_ended = self._counter(
            "bvunzo_rounds_ended", "Rounds ended, by how: finished or stopped.", "status"
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
        self.deck_changes = self._counter(
            "bvunzo_deck_changes",
            "Servers' decks changed, by how: imported, replaced, edited, extended (an approved suggestion), "
            "created, copied, renamed or deleted.",
            "change",
        )
        self.discord_errors = self._counter(
            "bvunzo_discord_errors",
            "Discord's error answers to the bot's HTTP requests, by status (429 included; "
            "'none' when no answer came at all).",
            "status",
        )

    def _counter(self, name: str, documentation: str, label: str) -> Counter:
        """A counter in this registry, counted apart by one label (its values say how or what)."""
        return Counter(name, documentation, [label], registry=self.registry)

    def exposition(self, *, gateway_latency: float | None, rounds_running: int | None) -> bytes:
        """The Prometheus text format, with the gauges read at this moment (None: leave as it was)."""
        if gateway_latency is not None:
            self.gateway_latency.set(gateway_latency)
        if rounds_running is not None:
            self.rounds_running.set(rounds_running)
        return generate_latest(self.registry)
