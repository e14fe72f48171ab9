"""A host's tools against the real bot on the fake Discord: /healthz, /metrics, `bvunzo health`, logs, /about."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import discord
import pytest
import pytest_asyncio
from prometheus_client.parser import text_string_to_metric_families

from bot.discord.client import BvunzoBot
from bot.discord.health import HealthServer
from bot.host.config import HttpAddress
from bot.store.backup import back_up
from tests.e2e.conftest import World
from tests.e2e.harness import wait_until
from tests.e2e.rounds import DECKS, click, open_question, right_letter, start

ROOT = Path(__file__).resolve().parents[2]
DECK = DECKS["gradient-checkpointing"]


@pytest_asyncio.fixture
async def bot(world: World) -> AsyncIterator[BvunzoBot]:
    # BVUNZO_HTTP set, as for every bot serving /metrics: it counts from its start, Discord's answers too.
    async with world.running(world.bot(http=HttpAddress("127.0.0.1", 0))) as running:
        yield running


@pytest_asyncio.fixture
async def endpoint(bot: BvunzoBot) -> AsyncIterator[str]:
    server = HealthServer(bot)
    url = await server.start(HttpAddress("127.0.0.1", 0))
    try:
        yield url
    finally:
        await server.stop()


async def get(url: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as http, http.get(url) as response:
        return response.status, await response.text()


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of a /metrics page, by name and labels."""
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


async def _status(url: str) -> bool:
    status, _ = await get(f"{url}/healthz")
    return status == 200


async def health_command(url: str) -> tuple[int, str]:
    env = {**{k: v for k, v in os.environ.items() if not k.startswith("BVUNZO_")}, "BVUNZO_HTTP": url[7:]}
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "health", cwd=ROOT, env=env, stdout=-1, stderr=-1
    )
    out, err = await asyncio.wait_for(process.communicate(), timeout=60)
    assert process.returncode is not None
    return process.returncode, (out + err).decode().strip()


async def test_healthy_bot_and_metrics_after_a_click(world: World, bot: BvunzoBot, endpoint: str) -> None:
    status, body = await get(f"{endpoint}/healthz")
    assert status == 200, body
    health = json.loads(body)
    assert health["status"] == "ok" and health["failed"] == []
    assert health["checks"]["gateway"]["detail"] == "connected"
    code, said = await health_command(endpoint)
    assert code == 0, said
    assert said.startswith("healthy: gateway connected, heartbeat acknowledged ")

    await start(world, world.general, world.moderator, questions=2, seconds=60)
    question = await open_question(world, world.general, 1)
    said = await click(world, question, world.members[0], right_letter(question, DECK))
    assert said.startswith("Locked in")
    with pytest.raises(discord.NotFound):
        await bot.fetch_channel(4242)  # a channel that does not exist: Discord answers 404

    status, text = await get(f"{endpoint}/metrics")
    assert status == 200
    found = samples(text)
    assert found[("bvunzo_answers_recorded_total", (("kind", "round"),))] == 1.0
    assert found[("bvunzo_rounds_running", ())] == 1.0
    assert found[("bvunzo_discord_errors_total", (("status", "404"),))] == 1.0
    # Two acknowledgements so far: /quiz start's reply and the click's "Locked in".
    assert found[("bvunzo_interaction_ack_seconds_count", ())] == 2.0
    assert found[("bvunzo_interaction_ack_seconds_bucket", (("le", "+Inf"),))] == 2.0
    assert 0 <= found[("bvunzo_gateway_latency_seconds", ())] < 5

    await (await world.fake.slash(world.general, world.moderator, "quiz stop")).response()
    await world.fake.wait_for_message(world.general, lambda m: "Round over" in m.text)
    _, text = await get(f"{endpoint}/metrics")
    found = samples(text)
    assert found[("bvunzo_rounds_running", ())] == 0.0
    assert found[("bvunzo_rounds_ended_total", (("status", "stopped"),))] == 1.0


async def test_a_bot_that_serves_no_metrics_traces_none_of_its_requests(world: World) -> None:
    # Without BVUNZO_HTTP nothing counts Discord's answers: no request builds a trace's contexts.
    async with world.running() as quiet:
        assert quiet.telemetry.metrics is None and quiet.http.http_trace is None


async def test_healthz_names_a_closed_store(world: World, bot: BvunzoBot, endpoint: str) -> None:
    await bot.store.close()
    status, body = await get(f"{endpoint}/healthz")
    assert status == 503
    health = json.loads(body)
    assert health["failed"] == ["store"]
    assert health["checks"]["store"] == {"ok": False, "detail": "The store is closed."}
    code, said = await health_command(endpoint)
    assert (code, said) == (1, "unhealthy: store: The store is closed.")


async def test_about_shows_the_database_to_moderators(world: World, bot: BvunzoBot, tmp_path: Path) -> None:
    fake = world.fake
    about = await (await fake.slash(world.general, world.moderator, "about")).response()
    assert "Database (moderators)" in str(about.embeds)
    assert "last backup none recorded" in str(about.embeds)
    report = await asyncio.to_thread(back_up, world.db, tmp_path)
    about = await (await fake.slash(world.general, world.moderator, "about")).response()
    assert f"last backup <t:{int(report.finished_at.timestamp())}:R>" in str(about.embeds)
    assert re.search(r"\d+\.\d MiB", str(about.embeds))
    member = await (await fake.slash(world.general, world.members[0], "about")).response()
    assert "Version" in member.text
    assert "Database" not in str(member.embeds)


async def test_a_real_run_logs_json_with_ids_and_never_the_token(world: World) -> None:
    """`python -m bot` at DEBUG in JSON: its endpoint answers, rounds log their server, no token anywhere."""
    fake = world.fake
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("BVUNZO_", "DISCORD_"))},
        **fake.env(),
        "BVUNZO_DB": str(world.db),
        "BVUNZO_QUESTIONS": str(world.questions),
        "BVUNZO_LOG_LEVEL": "DEBUG",
        "BVUNZO_LOG_FORMAT": "json",
        "BVUNZO_HTTP": "127.0.0.1:0",
    }
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=ROOT, env=env, stdout=-1, stderr=-1
    )
    lines: list[str] = []

    async def read() -> None:
        assert process.stderr is not None
        async for raw in process.stderr:
            lines.append(raw.decode())

    reader = asyncio.create_task(read())
    try:
        announced = await wait_until(
            lambda: next(
                (m for line in lines if (m := re.search(r"at (http://127\.0\.0\.1:\d+)/healthz", line))), None
            ),
            timeout=20,
            what="the endpoint's address in the log",
        )
        url = announced.group(1)
        await fake.wait_for_bot(timeout=20)
        await wait_until(
            lambda: any('"message": "bank loaded' in line for line in lines), timeout=20, what="the bank"
        )
        asked = await fake.slash(
            world.general, world.moderator, "quiz start", deck=DECK.id, questions=1, seconds=30
        )
        assert (await asked.response(timeout=15)).ephemeral
        await (await fake.slash(world.general, world.moderator, "quiz stop")).response(timeout=15)
        await fake.wait_for_message(world.general, lambda m: "Round over" in m.text, timeout=15)
        # Healthy once discord.py has had every server (it waits 2 s after the last one).
        await wait_until(lambda: _status(url), timeout=20, what="/healthz to answer 200")
        code, said = await health_command(url)
        assert code == 0, said
        process.send_signal(signal.SIGTERM)
        await asyncio.wait_for(process.wait(), timeout=10)
        await reader
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    assert process.returncode == 0
    entries = [json.loads(line) for line in lines]  # every line is one JSON object
    assert any(e["level"] == "DEBUG" for e in entries)
    rounds = [e for e in entries if e["logger"] == "bot.events"]
    assert len(rounds) == 2
    assert (
        rounds[0]["message"]
        == "round 1 started: 1 question of gradient-checkpointing, 30 s each, standard mode"
    )
    # The stop may land before or after the first question was revealed.
    assert re.fullmatch(r"round 1 stopped after [01] of 1 question", rounds[1]["message"])
    assert {(e["guild_id"], e["channel_id"]) for e in rounds} == {(world.study.id, world.general.id)}
    logged = "".join(lines)
    assert fake.token not in logged
    # discord.py logs each interaction callback's URL at DEBUG; the interaction's token in it is blanked.
    tokens = {r.path.split("/")[3] for r in fake.requests if r.path.startswith("/interactions/")}
    assert len(tokens) == 2  # /quiz start and /quiz stop
    assert not any(token in logged for token in tokens)
    assert any("/interactions/" in line and "/[hidden]/callback" in line for line in lines)
