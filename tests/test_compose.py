"""docker-compose.yml is configuration: parsed here (Docker cannot run in the tests), its services checked."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
import yaml

from bot.host.config import Settings
from tests.test_config import TOKEN

ROOT = Path(__file__).resolve().parents[1]
# Compose's ${NAME}, ${NAME:-default} and ${NAME:?error} interpolation, for the values the test supplies.
_VARIABLE = re.compile(r"\$\{(?P<name>\w+)(?::(?P<how>[-?])(?P<rest>[^}]*))?\}")


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    loaded = yaml.safe_load((ROOT / "docker-compose.yml").read_text(encoding="utf-8"))
    assert isinstance(loaded, dict)
    return loaded


def interpolate(value: str, env: dict[str, str]) -> str:
    def one(found: re.Match[str]) -> str:
        name, how, rest = found["name"], found["how"], found["rest"]
        if name in env:
            return env[name]
        if how == "-":
            return rest
        raise AssertionError(f"${{{name}}} has no default and the test did not set it ({rest})")

    return _VARIABLE.sub(one, value)


def bot_services(compose: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {name: s for name, s in compose["services"].items() if "BVUNZO_SHARDS" in s.get("environment", {})}


def test_postgresql_and_two_shard_processes(compose: dict[str, Any]) -> None:
    assert set(compose["services"]) == {"db", "shard-0", "shard-1"}
    assert set(bot_services(compose)) == {"shard-0", "shard-1"}
    for service in bot_services(compose).values():
        assert service["build"] == "."
        assert service["depends_on"] == {"db": {"condition": "service_healthy"}}
        assert service["restart"] == "unless-stopped"
    assert (ROOT / "Dockerfile").is_file()


def test_the_database_lives_on_a_named_volume(compose: dict[str, Any]) -> None:
    db = compose["services"]["db"]
    assert db["image"].startswith("postgres:")
    assert db["volumes"] == ["bvunzo-db:/var/lib/postgresql/data"]
    assert compose["volumes"] == {"bvunzo-db": None}
    assert "pg_isready" in " ".join(db["healthcheck"]["test"])


def test_the_shards_cover_discords_count_once_each(compose: dict[str, Any]) -> None:
    plans = [Settings.from_env(shard_env(s)).shards for s in bot_services(compose).values()]
    assert {plan.count for plan in plans} == {2}
    held = sorted(shard for plan in plans for shard in plan.ids or ())
    assert held == [0, 1]
    assert [plan.syncs_commands for plan in plans].count(True) == 1


def test_every_shard_uses_the_compose_database(compose: dict[str, Any]) -> None:
    db_env = compose["services"]["db"]["environment"]
    for name, service in bot_services(compose).items():
        settings = Settings.from_env(shard_env(service, POSTGRES_PASSWORD="s3cret"))
        assert settings.token == TOKEN, name
        url = urlparse(str(settings.db_path))
        assert url.scheme == "postgresql" and url.hostname == "db" and url.port == 5432
        assert url.username == db_env["POSTGRES_USER"] and url.password == "s3cret"
        assert url.path == "/" + db_env["POSTGRES_DB"]
    assert interpolate(db_env["POSTGRES_PASSWORD"], {}) == "bvunzo"  # the default both sides share


def test_the_token_must_be_given(compose: dict[str, Any]) -> None:
    service = compose["services"]["shard-1"]
    with pytest.raises(AssertionError, match="set DISCORD_TOKEN"):
        interpolate(service["environment"]["DISCORD_TOKEN"], {})


def shard_env(service: dict[str, Any], **host: str) -> dict[str, str]:
    """The environment the container gets, with the host's variables; the image sets BVUNZO_QUESTIONS."""
    given = {"DISCORD_TOKEN": TOKEN, **host}
    env = {key: interpolate(str(value), given) for key, value in service["environment"].items()}
    return {**env, "BVUNZO_QUESTIONS": str(ROOT / "questions")}
