"""/healthz and /metrics over real HTTP on 127.0.0.1, BVUNZO_HTTP's checks, and `bvunzo health`."""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest
import pytest_asyncio
from prometheus_client.parser import text_string_to_metric_families

from bot.discord.client import BvunzoBot
from bot.discord.health import HealthServer
from bot.host.config import ConfigError, HttpAddress, Settings, http_address

ROOT = Path(__file__).resolve().parents[1]
TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789"


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("127.0.0.1:8080", HttpAddress("127.0.0.1", 8080)),
        ("localhost:9100", HttpAddress("127.0.0.1", 9100)),
        ("[::1]:8080", HttpAddress("::1", 8080)),
        ("127.0.0.1:0", HttpAddress("127.0.0.1", 0)),
    ],
)
def test_loopback_addresses(value: str, expected: HttpAddress) -> None:
    assert http_address({"BVUNZO_HTTP": value}) == expected


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("8080", "BVUNZO_HTTP='8080' is not host:port (for example 127.0.0.1:8080)."),
        ("127.0.0.1:http", "is not host:port"),
        ("127.0.0.1:70000", "is not host:port"),
        ("metrics.example:8080", "the host must be an IP address such as 127.0.0.1, not a name."),
        (
            "0.0.0.0:8080",
            "would serve /metrics beyond this machine; use 127.0.0.1, or set BVUNZO_HTTP_PUBLIC=1",
        ),
    ],
)
def test_bad_or_public_addresses_are_refused(value: str, words: str) -> None:
    with pytest.raises(ConfigError) as raised:
        http_address({"BVUNZO_HTTP": value})
    assert words in str(raised.value)


def test_a_public_address_when_meant() -> None:
    assert http_address({"BVUNZO_HTTP": "0.0.0.0:9100", "BVUNZO_HTTP_PUBLIC": "1"}) == HttpAddress(
        "0.0.0.0", 9100
    )
    assert http_address({}) is None
    settings = Settings.from_env(
        {"DISCORD_TOKEN": TOKEN, "BVUNZO_QUESTIONS": str(ROOT / "questions"), "BVUNZO_HTTP": "127.0.0.1:8080"}
    )
    assert settings.http == HttpAddress("127.0.0.1", 8080)


@pytest_asyncio.fixture
async def offline(tmp_path: Path) -> AsyncIterator[tuple[BvunzoBot, str]]:
    """A real bot that never connected (its store not opened either), with its endpoint on a free port."""
    bot = BvunzoBot(Settings(token=TOKEN, db_path=tmp_path / "b.db", questions_path=ROOT / "questions"))
    server = HealthServer(bot)
    url = await server.start(HttpAddress("127.0.0.1", 0))
    try:
        yield bot, url
    finally:
        await server.stop()
        await bot.close()


async def test_healthz_says_what_failed(offline: tuple[BvunzoBot, str]) -> None:
    _bot, url = offline
    assert url.startswith("http://127.0.0.1:") and not url.endswith(":0")
    async with aiohttp.ClientSession() as http, http.get(f"{url}/healthz") as response:
        assert response.status == 503
        body = await response.json()
    assert body["status"] == "fail"
    assert body["failed"] == ["gateway", "heartbeat", "store"]
    assert body["checks"]["gateway"] == {"ok": False, "detail": "not connected to Discord's gateway"}
    assert body["checks"]["store"] == {"ok": False, "detail": "the store is not open yet"}


async def test_metrics_is_prometheus_text(offline: tuple[BvunzoBot, str]) -> None:
    bot, url = offline
    bot.telemetry.answer_recorded("practice")
    bot.telemetry.answer_recorded("practice")
    async with aiohttp.ClientSession() as http, http.get(f"{url}/metrics") as response:
        assert response.status == 200
        assert response.headers["Content-Type"].startswith("text/plain; version=")
        text = await response.text()
    families = {family.name: family for family in text_string_to_metric_families(text)}
    assert {
        "bvunzo_answers_recorded",
        "bvunzo_rounds_ended",
        "bvunzo_rounds_running",
        "bvunzo_interaction_ack_seconds",
        "bvunzo_gateway_latency_seconds",
        "bvunzo_discord_errors",
    } <= set(families)
    answers = {
        s.labels["kind"]: s.value
        for s in families["bvunzo_answers_recorded"].samples
        if s.name.endswith("_total")
    }
    assert answers == {"practice": 2.0}


async def test_an_unknown_path_is_404(offline: tuple[BvunzoBot, str]) -> None:
    _bot, url = offline
    async with aiohttp.ClientSession() as http, http.get(f"{url}/") as response:
        assert response.status == 404


async def _health_command(port: int | None) -> tuple[int, str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("BVUNZO_")}
    if port is not None:
        env["BVUNZO_HTTP"] = f"127.0.0.1:{port}"
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "health", cwd=ROOT, env=env, stdout=-1, stderr=-1
    )
    out, err = await asyncio.wait_for(process.communicate(), timeout=60)
    assert process.returncode is not None
    return process.returncode, out.decode(), err.decode()


async def test_health_command_exits_1_when_unhealthy(offline: tuple[BvunzoBot, str]) -> None:
    _bot, url = offline
    code, out, err = await _health_command(int(url.rsplit(":", 1)[1]))
    assert code == 1
    assert out == ""
    assert err.strip() == (
        "unhealthy: gateway: not connected to Discord's gateway; heartbeat: no heartbeat yet; "
        "store: the store is not open yet"
    )


async def test_health_command_without_an_endpoint(unused_tcp_port: int) -> None:
    code, _out, err = await _health_command(None)
    assert code == 1
    assert err.strip() == "bvunzo: BVUNZO_HTTP is not set, so the bot serves no /healthz to ask."
    code, _out, err = await _health_command(unused_tcp_port)
    assert code == 1
    assert err.startswith(f"no answer from http://127.0.0.1:{unused_tcp_port}/healthz: ")


async def test_the_health_command_asks_without_the_bots_libraries(unused_tcp_port: int) -> None:
    # The container's HEALTHCHECK runs it every 30 s: importing discord.py and aiohttp for one GET
    # would cost more than the question.
    env = {k: v for k, v in os.environ.items() if not k.startswith("BVUNZO_")}
    env["BVUNZO_HTTP"] = f"127.0.0.1:{unused_tcp_port}"
    probe = (
        "import sys; from bot.__main__ import main; code = main(['health']); "
        "print(code, sorted(m for m in ('aiohttp', 'discord', 'prometheus_client') if m in sys.modules))"
    )
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-c", probe, cwd=ROOT, env=env, stdout=-1, stderr=-1
    )
    out, _err = await asyncio.wait_for(process.communicate(), timeout=60)
    assert out.decode().strip() == "1 []"


async def test_a_port_in_use_is_one_sentence(offline: tuple[BvunzoBot, str]) -> None:
    bot, url = offline
    port = int(url.rsplit(":", 1)[1])
    with pytest.raises(OSError, match=rf"^cannot listen on http://127.0.0.1:{port}: "):
        await HealthServer(bot).start(HttpAddress("127.0.0.1", port))


def test_the_docker_image_checks_its_own_health() -> None:
    text = (ROOT / "Dockerfile").read_text().replace("\\\n", " ")
    healthcheck = next(line for line in text.splitlines() if line.startswith("HEALTHCHECK "))
    assert healthcheck.endswith('CMD ["bvunzo", "health"]')
    env = " ".join(line for line in text.splitlines() if line.startswith("ENV "))
    assert "BVUNZO_HTTP=127.0.0.1:8080" in env
    assert http_address({"BVUNZO_HTTP": "127.0.0.1:8080"}) == HttpAddress("127.0.0.1", 8080)
