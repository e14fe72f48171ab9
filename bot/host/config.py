"""Settings read from the environment once, validated with one clear sentence per mistake."""

from __future__ import annotations

import ipaddress
import logging
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlparse

from bot.host.event_loop import EVENT_LOOPS
from bot.host.shards import ALL_SHARDS, ShardPlan, parse_shards

DEFAULT_API_BASE = "https://discord.com/api/v10"
DEFAULT_GATEWAY_URL = "wss://gateway.discord.gg/"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
LOG_FORMATS = ("text", "json")
DEFAULT_DB = "data/bvunzo.db"
DEFAULT_OAUTH_URL = "https://discord.com/oauth2/authorize"
# Discord's client ids are snowflakes; a secret is a 32-character token (longer ones are accepted).
_CLIENT_ID_SHAPE = re.compile(r"^\d{15,21}$")
_CLIENT_SECRET_SHAPE = re.compile(r"^[A-Za-z0-9_\-]{16,128}$")
# An explicit BVUNZO_WEB_SECRET: at least 32 bytes of key material, as urlsafe base64 or hex text.
MIN_SECRET_LENGTH = 32

# A bot token is three base64url parts joined by dots; checking the shape catches a pasted client
# secret or a stray quote before Discord does.
_TOKEN_SHAPE = re.compile(r"^[A-Za-z0-9_\-]{10,}\.[A-Za-z0-9_\-]{2,}\.[A-Za-z0-9_\-]{10,}$")


class ConfigError(Exception):
    """A setting is missing or wrong; the message is the one line the host sees."""


@dataclass(frozen=True, slots=True)
class HttpAddress:
    """Where the health and metrics endpoint listens (BVUNZO_HTTP)."""

    host: str
    port: int  # 0: any free port (the log line at start says which)

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"


@dataclass(frozen=True, slots=True)
class Settings:
    token: str
    db_path: Path | str = Path("data/bvunzo.db")  # a SQLite file, or a URL (postgresql://, sqlite:///)
    questions_path: Path = Path("questions")
    sync_guild: int | None = None
    log_level: str = "INFO"
    api_base: str = DEFAULT_API_BASE
    gateway_url: str = DEFAULT_GATEWAY_URL
    log_format: str = "text"
    http: HttpAddress | None = None
    shards: ShardPlan = ALL_SHARDS  # BVUNZO_SHARDS: which of Discord's shards this process runs
    # BVUNZO_EVENT_LOOP: asyncio (the default), auto (uvloop where installed) or uvloop. uvloop is asked for,
    # not assumed: its library costs ~2.3 MiB resident and the bot's clicks showed no CPU gain on it
    # (bench/README.md, memory).
    event_loop: str = "asyncio"

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env
        token = _token(
            env,
            "DISCORD_TOKEN is not set: put your bot's token (Discord developer portal → Bot → Token) "
            "in the environment, or try a deck in this terminal first with `bvunzo play`.",
        )
        return cls(
            token=token,
            db_path=database_location(env),
            questions_path=_folder(env, "BVUNZO_QUESTIONS", "questions"),
            sync_guild=_guild_id(env.get("BVUNZO_SYNC_GUILD", "").strip()),
            log_level=_log_level(env.get("BVUNZO_LOG_LEVEL", "").strip() or "INFO"),
            api_base=_url(env, "DISCORD_API_BASE", DEFAULT_API_BASE, ("http", "https")).rstrip("/"),
            gateway_url=_url(env, "DISCORD_GATEWAY_URL", DEFAULT_GATEWAY_URL, ("ws", "wss")),
            log_format=_log_format(env.get("BVUNZO_LOG_FORMAT", "").strip() or "text"),
            http=http_address(env),
            shards=_shards(env.get("BVUNZO_SHARDS", "")),
            event_loop=_event_loop(env.get("BVUNZO_EVENT_LOOP", "").strip().lower() or "asyncio"),
        )

    @property
    def log_level_number(self) -> int:
        return logging.getLevelNamesMapping()[self.log_level]


def db_path(env: Mapping[str, str]) -> Path:
    """BVUNZO_DB as a path (the `bvunzo` verbs that need no token read it too)."""
    return Path(env.get("BVUNZO_DB", "").strip() or DEFAULT_DB)


def database_location(env: Mapping[str, str]) -> Path | str:
    """BVUNZO_DB for the bot's store: a path, or a URL (postgresql://, sqlite:///) kept as text."""
    value = env.get("BVUNZO_DB", "").strip() or DEFAULT_DB
    # Path would fold a URL's "//" and lose its host.
    return value if "://" in value else Path(value)


def http_address(env: Mapping[str, str]) -> HttpAddress | None:
    """BVUNZO_HTTP as host:port; None when unset.

    Loopback only, unless BVUNZO_HTTP_PUBLIC=1 says another address is meant (a container network
    that a Prometheus scrapes): /metrics needs no password, so it should not face a network by accident.
    """
    value = env.get("BVUNZO_HTTP", "").strip()
    if not value:
        return None
    host, sep, port_text = value.rpartition(":")
    host = host.strip("[]")
    if not sep or not host or not port_text.isdigit() or int(port_text) > 65535:
        raise ConfigError(f"BVUNZO_HTTP={value!r} is not host:port (for example 127.0.0.1:8080).")
    if host == "localhost":
        host = "127.0.0.1"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        raise ConfigError(
            f"BVUNZO_HTTP={value!r}: the host must be an IP address such as 127.0.0.1, not a name."
        ) from None
    public = env.get("BVUNZO_HTTP_PUBLIC", "").strip().lower() in {"1", "yes", "true"}
    if not address.is_loopback and not public:
        raise ConfigError(
            f"BVUNZO_HTTP={value!r} would serve /metrics beyond this machine; use 127.0.0.1, or set "
            "BVUNZO_HTTP_PUBLIC=1 if that address is meant."
        )
    return HttpAddress(str(address), int(port_text))


def _required(env: Mapping[str, str], name: str, missing: str) -> str:
    """The variable `name`, stripped; `missing` is the error when it is unset or blank."""
    value = env.get(name, "").strip()
    if not value:
        raise ConfigError(missing)
    return value


def _shaped(env: Mapping[str, str], name: str, missing: str, shape: re.Pattern[str], malformed: str) -> str:
    """As `_required`; `malformed` is the error when the value does not match `shape` (a `{value!r}` in it
    quotes the value: only where it is no secret)."""
    value = _required(env, name, missing)
    if not shape.match(value):
        raise ConfigError(malformed.format(value=value))
    return value


def _token(env: Mapping[str, str], missing: str) -> str:
    """DISCORD_TOKEN, checked: `missing` says why the verb needs it when it is not set."""
    malformed = "DISCORD_TOKEN does not look like a bot token (three parts separated by dots)."
    return _shaped(env, "DISCORD_TOKEN", missing, _TOKEN_SHAPE, malformed)


def _event_loop(value: str) -> str:
    if value not in EVENT_LOOPS:
        raise ConfigError(f"BVUNZO_EVENT_LOOP={value!r} is not one of {', '.join(EVENT_LOOPS)}.")
    return value


def _log_format(value: str) -> str:
    if value.lower() not in LOG_FORMATS:
        raise ConfigError(f"BVUNZO_LOG_FORMAT={value!r} is not one of {', '.join(LOG_FORMATS)}.")
    return value.lower()


def _folder(env: Mapping[str, str], name: str, default: str) -> Path:
    path = Path(env.get(name, "").strip() or default)
    if not path.is_dir():
        raise ConfigError(f"{name}={path} is not a folder of decks.")
    return path


def _guild_id(value: str) -> int | None:
    if not value:
        return None
    if not value.isdigit() or int(value) == 0 or len(value) > 20:
        raise ConfigError(
            f"BVUNZO_SYNC_GUILD={value!r} is not a server id (a number such as 123456789012345678)."
        )
    return int(value)


def _shards(value: str) -> ShardPlan:
    try:
        return parse_shards(value)
    except ValueError as exc:
        raise ConfigError(str(exc)) from None


def _log_level(value: str) -> str:
    level = value.upper()
    if level not in LOG_LEVELS:
        raise ConfigError(f"BVUNZO_LOG_LEVEL={value!r} is not one of {', '.join(LOG_LEVELS)}.")
    return level


def _url(env: Mapping[str, str], name: str, default: str, schemes: tuple[str, ...]) -> str:
    value = env.get(name, "").strip() or default
    parsed = urlparse(value)
    if parsed.scheme not in schemes or not parsed.netloc:
        raise ConfigError(f"{name}={value!r} is not a {' or '.join(schemes)} URL.")
    return value


@dataclass(frozen=True, slots=True)
class WebSettings:
    """The web dashboard's settings (`bvunzo web`, or BVUNZO_WEB inside the bot's process)."""

    public_url: str  # BVUNZO_WEB_URL: the base URL browsers use; the OAuth redirect is below it
    client_id: str
    client_secret: str
    token: str  # the bot's token: the dashboard checks a member's roles through the bot's REST
    db_path: Path | str = Path(DEFAULT_DB)
    questions_path: Path = Path("questions")
    listen: HttpAddress = HttpAddress("127.0.0.1", 8081)
    oauth_url: str = DEFAULT_OAUTH_URL
    api_base: str = DEFAULT_API_BASE
    secret: str | None = None  # BVUNZO_WEB_SECRET; None: generated once and kept in the store
    log_level: str = "INFO"
    log_format: str = "text"

    @property
    def secure_cookies(self) -> bool:
        return self.public_url.startswith("https://")

    @property
    def redirect_uri(self) -> str:
        """The URL to register in the Discord application's OAuth2 redirects."""
        return self.public_url + "/callback"

    @property
    def log_level_number(self) -> int:
        return logging.getLevelNamesMapping()[self.log_level]

    @classmethod
    def from_env(
        cls, env: Mapping[str, str] | None = None, *, listen: HttpAddress | None = None
    ) -> WebSettings:
        """Every web setting, checked; `listen` overrides BVUNZO_WEB (the bot passes its own)."""
        env = os.environ if env is None else env
        token = _token(
            env,
            "DISCORD_TOKEN is not set: the dashboard checks members' roles through the bot, so it needs "
            "the bot's token too.",
        )
        return cls(
            public_url=_public_url(env),
            client_id=_client_id(env),
            client_secret=_client_secret(env),
            token=token,
            db_path=database_location(env),
            questions_path=_folder(env, "BVUNZO_QUESTIONS", "questions"),
            listen=listen or web_address(env) or HttpAddress("127.0.0.1", 8081),
            oauth_url=_url(env, "DISCORD_OAUTH_URL", DEFAULT_OAUTH_URL, ("http", "https")),
            api_base=_url(env, "DISCORD_API_BASE", DEFAULT_API_BASE, ("http", "https")).rstrip("/"),
            secret=_web_secret(env),
            log_level=_log_level(env.get("BVUNZO_LOG_LEVEL", "").strip() or "INFO"),
            log_format=_log_format(env.get("BVUNZO_LOG_FORMAT", "").strip() or "text"),
        )


def web_address(env: Mapping[str, str]) -> HttpAddress | None:
    """BVUNZO_WEB as host:port (an IP address; 0.0.0.0 behind a host's reverse proxy); None when unset."""
    value = env.get("BVUNZO_WEB", "").strip()
    if not value:
        return None
    host, sep, port_text = value.rpartition(":")
    host = host.strip("[]")
    if host == "localhost":
        host = "127.0.0.1"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        address = None
    if not sep or address is None or not port_text.isdigit() or int(port_text) > 65535:
        raise ConfigError(f"BVUNZO_WEB={value!r} is not an IP address and port (for example 127.0.0.1:8081).")
    return HttpAddress(str(address), int(port_text))


def _public_url(env: Mapping[str, str]) -> str:
    value = _required(
        env,
        "BVUNZO_WEB_URL",
        "BVUNZO_WEB_URL is not set: give the address browsers open the dashboard at, such as "
        "https://quiz.example.org (its /callback is the redirect to register with Discord).",
    )
    parsed = urlparse(value)
    if parsed.scheme not in ("http", "https") or not parsed.netloc or parsed.query or parsed.fragment:
        raise ConfigError(f"BVUNZO_WEB_URL={value!r} is not an http or https URL without ? or #.")
    if parsed.scheme == "http" and parsed.hostname not in ("127.0.0.1", "localhost", "::1"):
        raise ConfigError(
            f"BVUNZO_WEB_URL={value!r}: use https for an address other browsers reach (session cookies "
            "would travel in the clear); plain http is for 127.0.0.1 and localhost only."
        )
    return value.rstrip("/")


def _client_id(env: Mapping[str, str]) -> str:
    return _shaped(
        env,
        "DISCORD_CLIENT_ID",
        "DISCORD_CLIENT_ID is not set: copy it from the developer portal → OAuth2 → Client ID.",
        _CLIENT_ID_SHAPE,
        "DISCORD_CLIENT_ID={value!r} is not a Discord client id (a number of 15-21 digits).",
    )


def _client_secret(env: Mapping[str, str]) -> str:
    value = _shaped(
        env,
        "DISCORD_CLIENT_SECRET",
        "DISCORD_CLIENT_SECRET is not set: copy it from the developer portal → OAuth2 → Client Secret.",
        _CLIENT_SECRET_SHAPE,
        "DISCORD_CLIENT_SECRET does not look like a client secret (letters, digits, - and _).",
    )
    if _TOKEN_SHAPE.match(value):
        raise ConfigError(
            "DISCORD_CLIENT_SECRET looks like a bot token; the client secret is on the OAuth2 page."
        )
    return value


def _web_secret(env: Mapping[str, str]) -> str | None:
    value = env.get("BVUNZO_WEB_SECRET", "").strip()
    if not value:
        return None
    if len(value) < MIN_SECRET_LENGTH or not re.fullmatch(r"[A-Za-z0-9_\-=]+", value):
        raise ConfigError(
            f"BVUNZO_WEB_SECRET must be at least {MIN_SECRET_LENGTH} letters, digits, - or _ "
            "(for example the output of `python3 -c 'import secrets; print(secrets.token_urlsafe(32))'`), "
            "or unset to let Bvunzo keep one in its database."
        )
    return value
