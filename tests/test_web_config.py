"""The web dashboard's settings: read from the environment, and one line with exit 2 for each mistake."""

from __future__ import annotations

import pytest

from bot.host.config import ConfigError, HttpAddress, WebSettings
from tests.test_config import ROOT, TOKEN, run_module

CLIENT_ID = "1234567890123456789"
SECRET = "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY"


def web_env(**extra: str) -> dict[str, str]:
    return {
        "DISCORD_TOKEN": TOKEN,
        "BVUNZO_QUESTIONS": str(ROOT / "questions"),
        "BVUNZO_WEB_URL": "https://quiz.example.org/",
        "DISCORD_CLIENT_ID": CLIENT_ID,
        "DISCORD_CLIENT_SECRET": SECRET,
        **extra,
    }


def test_every_web_setting_is_read() -> None:
    settings = WebSettings.from_env(
        web_env(
            BVUNZO_WEB="0.0.0.0:9000",
            DISCORD_OAUTH_URL="http://127.0.0.1:5000/oauth2/authorize",
            DISCORD_API_BASE="http://127.0.0.1:5000/api/v10/",
            BVUNZO_WEB_SECRET="s" * 40,
        )
    )
    assert settings.public_url == "https://quiz.example.org"
    assert settings.redirect_uri == "https://quiz.example.org/callback"
    assert settings.secure_cookies is True
    assert settings.listen == HttpAddress("0.0.0.0", 9000)
    assert settings.oauth_url == "http://127.0.0.1:5000/oauth2/authorize"
    assert settings.api_base == "http://127.0.0.1:5000/api/v10"
    assert settings.secret == "s" * 40
    assert (settings.client_id, settings.client_secret, settings.token) == (CLIENT_ID, SECRET, TOKEN)


def test_web_defaults() -> None:
    settings = WebSettings.from_env(web_env(BVUNZO_WEB_URL="http://127.0.0.1:8081"))
    assert settings.listen == HttpAddress("127.0.0.1", 8081)
    assert settings.oauth_url == "https://discord.com/oauth2/authorize"
    assert settings.api_base == "https://discord.com/api/v10"
    assert settings.secret is None  # kept in the store instead
    assert settings.secure_cookies is False


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"BVUNZO_WEB_URL": ""}, "BVUNZO_WEB_URL is not set"),
        ({"BVUNZO_WEB_URL": "quiz.example.org"}, "is not an http or https URL"),
        ({"BVUNZO_WEB_URL": "http://quiz.example.org"}, "use https for an address other browsers reach"),
        ({"DISCORD_CLIENT_ID": ""}, "DISCORD_CLIENT_ID is not set"),
        ({"DISCORD_CLIENT_ID": "my-app"}, "is not a Discord client id"),
        ({"DISCORD_CLIENT_SECRET": ""}, "DISCORD_CLIENT_SECRET is not set"),
        ({"DISCORD_CLIENT_SECRET": "short"}, "does not look like a client secret"),
        ({"DISCORD_CLIENT_SECRET": TOKEN}, "does not look like a client secret"),
        (
            {"DISCORD_OAUTH_URL": "discord.com/oauth2"},
            "DISCORD_OAUTH_URL='discord.com/oauth2' is not a http or https URL",
        ),
        ({"BVUNZO_WEB": "localhost"}, "is not an IP address and port"),
        ({"BVUNZO_WEB": "web.example:80"}, "is not an IP address and port"),
        ({"BVUNZO_WEB_SECRET": "too-short"}, "BVUNZO_WEB_SECRET must be at least 32"),
        ({"DISCORD_TOKEN": ""}, "DISCORD_TOKEN is not set"),
    ],
)
def test_each_web_mistake_is_one_sentence(changes: dict[str, str], words: str) -> None:
    with pytest.raises(ConfigError) as caught:
        WebSettings.from_env(web_env(**changes))
    assert words in str(caught.value)
    assert "\n" not in str(caught.value)


def test_bvunzo_web_with_a_missing_setting_is_one_line_and_exit_2() -> None:
    done = run_module("web", **{k: v for k, v in web_env().items() if k != "DISCORD_CLIENT_SECRET"})
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "bvunzo: DISCORD_CLIENT_SECRET is not set: copy it from the developer portal → OAuth2 → Client Secret."
    ]


def test_the_bot_with_bvunzo_web_checks_the_web_settings_at_start() -> None:
    done = run_module(**{**web_env(BVUNZO_WEB="127.0.0.1:0"), "BVUNZO_WEB_URL": ""})
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1
    assert done.stderr.startswith("bvunzo: BVUNZO_WEB_URL is not set")
