"""What the dashboard asks Discord: the OAuth2 code exchange, who signed in, and (as the bot) roles."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import secrets
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

import aiohttp

from bot.faces.face import Face, icon_hash
from bot.host.config import WebSettings
from bot.locales import _
from bot.permissions import Standing

SCOPES = "identify guilds"  # i18n: not shown
# Names change rarely: an hour's memory, so a report of thirty players asks Discord once an hour at most.
NAME_CACHE_SECONDS = 3600.0
# At most this many names asked for one page (the rest show as ids), a few at a time.
NAMES_PER_PAGE = 100
NAME_REQUESTS_AT_ONCE = 4
# How long a member's roles, a server's roles and the bot's server list are trusted before asking again:
# short, so a moderator whose role is taken away loses the pages within a minute.
ROLE_CACHE_SECONDS = 60.0
REQUEST_TIMEOUT = aiohttp.ClientTimeout(total=10)
# GET /users/@me/guilds answers at most 200 servers a page, for the bot and for a member's token alike.
GUILDS_PER_PAGE = 200
MAX_GUILD_PAGES = 1000  # 200,000 servers: past that, a Discord answering the same page again, not a bot


class DiscordUnavailable(Exception):
    """Discord did not answer as it should (down, slow, rate limited); the page says so in one sentence."""


class LoginRefused(Exception):
    """Discord refused the login (a code used twice, a wrong verifier, a revoked app); one sentence."""


@dataclass(frozen=True, slots=True)
class SignedIn:
    """Who Discord says signed in, and the servers it lists for them."""

    user_id: int
    name: str
    guilds: tuple[tuple[int, str, str | None], ...]  # id, name, icon hash


def new_verifier() -> str:
    """A PKCE code verifier (RFC 7636: 43-128 characters of the unreserved set)."""
    return secrets.token_urlsafe(64)


def challenge_of(verifier: str) -> str:
    """The S256 code challenge of a verifier."""
    digest = hashlib.sha256(verifier.encode("ascii")).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def authorize_url(settings: WebSettings, state: str, verifier: str) -> str:
    query = {
        "response_type": "code",
        "client_id": settings.client_id,
        "scope": SCOPES,
        "redirect_uri": settings.redirect_uri,
        "state": state,
        "code_challenge": challenge_of(verifier),
        "code_challenge_method": "S256",
        "prompt": "none",
    }
    return f"{settings.oauth_url}?{urlencode(query)}"


class DiscordApi:
    """One HTTP session to Discord for the dashboard, with a short memory of roles."""

    def __init__(self, settings: WebSettings) -> None:
        self.settings = settings
        self._http: aiohttp.ClientSession | None = None
        self._cache: dict[tuple[str, int, int], tuple[float, Any]] = {}
        self._faces: dict[int, tuple[float, Face | None]] = {}

    async def close(self) -> None:
        if self._http is not None:
            await self._http.close()
            self._http = None

    def _session(self) -> aiohttp.ClientSession:
        if self._http is None:
            self._http = aiohttp.ClientSession(timeout=REQUEST_TIMEOUT)
        return self._http

    async def _call(
        self,
        method: str,
        path: str,
        *,
        headers: dict[str, str],
        data: Any = None,
        params: dict[str, str] | None = None,
    ) -> Any:
        url = self.settings.api_base + path
        try:
            async with self._session().request(
                method, url, headers=headers, data=data, params=params
            ) as response:
                if response.status in (401, 403, 404) or (response.status == 400 and path == "/oauth2/token"):
                    return _Refused(response.status)
                if response.status >= 300:
                    raise DiscordUnavailable(
                        f"Discord answered {response.status} to {method} {path}"  # i18n: not shown
                    )  # i18n: not shown
                return await response.json(content_type=None)
        except (aiohttp.ClientError, TimeoutError) as exc:
            reason = exc or type(exc).__name__
            raise DiscordUnavailable(f"Discord could not be reached: {reason}") from exc  # i18n: not shown

    # -- signing in (the member's own token) ----------------------------------------------------------

    async def sign_in(self, code: str, verifier: str) -> SignedIn:
        """Exchange the authorization code (with its PKCE verifier) and ask who signed in and their servers."""
        settings = self.settings
        form = {
            "grant_type": "authorization_code",
            "code": code,
            "redirect_uri": settings.redirect_uri,
            "code_verifier": verifier,
        }
        pair = f"{settings.client_id}:{settings.client_secret}".encode()
        basic = "Basic " + base64.b64encode(pair).decode("ascii")  # i18n: not shown
        token = await self._call(
            "POST",
            "/oauth2/token",
            headers={
                "Authorization": basic,  # i18n: not shown
                "Content-Type": "application/x-www-form-urlencoded",  # i18n: not shown
            },  # i18n: not shown
            data=form,
        )
        if isinstance(token, _Refused) or not isinstance(token, dict) or "access_token" not in token:
            raise LoginRefused(_("Discord did not accept this login; please sign in again."))
        if set(str(token.get("scope", "")).split()) < set(SCOPES.split()):
            raise LoginRefused(
                _("Discord's login did not grant the `{scopes}` scopes; please sign in again.", scopes=SCOPES)
            )
        bearer = {"Authorization": f"Bearer {token['access_token']}"}  # i18n: not shown
        me = await self._call("GET", "/users/@me", headers=bearer)
        guilds = await self._all_guilds(bearer)
        if isinstance(me, _Refused) or isinstance(guilds, _Refused):
            raise LoginRefused(_("Discord did not tell who signed in; please sign in again."))
        name = str(me.get("global_name") or me.get("username") or me["id"])
        listed = tuple((int(g["id"]), str(g.get("name", g["id"])), icon_hash(g.get("icon"))) for g in guilds)
        return SignedIn(int(me["id"]), name, listed)

    async def _all_guilds(self, headers: dict[str, str]) -> list[dict[str, Any]] | _Refused:
        """Every server of GET /users/@me/guilds (the bot's or a member's), a page of 200 at a time: each
        next page starts after the last id of the one before, until a page comes back short."""
        listed: list[dict[str, Any]] = []
        after: int | None = None
        for _page in range(MAX_GUILD_PAGES):
            params = {"limit": str(GUILDS_PER_PAGE)}
            if after is not None:
                params["after"] = str(after)
            page = await self._call("GET", "/users/@me/guilds", headers=headers, params=params)
            if isinstance(page, _Refused):
                return page
            if not isinstance(page, list):
                raise DiscordUnavailable("Discord's server list was not a list")  # i18n: not shown
            listed += page
            last = max((int(g["id"]) for g in page), default=None)
            if len(page) < GUILDS_PER_PAGE or last is None or (after is not None and last <= after):
                break
            after = last
        return listed

    # -- the bot's view (the bot's token) -------------------------------------------------------------

    def _bot_headers(self) -> dict[str, str]:
        return {"Authorization": f"Bot {self.settings.token}"}  # i18n: not shown

    async def _remembered(self, key: tuple[str, int, int], fetch: Any) -> Any:
        now = time.monotonic()
        found = self._cache.get(key)
        if found is not None and now - found[0] < ROLE_CACHE_SECONDS:
            return found[1]
        value = await fetch()
        self._cache[key] = (now, value)
        if len(self._cache) > 10_000:  # a busy dashboard's memory stays small: drop the oldest half
            for old in sorted(self._cache, key=lambda k: self._cache[k][0])[:5_000]:
                del self._cache[old]
        return value

    async def bot_guild_ids(self) -> frozenset[int]:
        """The servers the bot is in (those the dashboard can show)."""

        async def fetch() -> frozenset[int]:
            found = await self._all_guilds(self._bot_headers())
            if isinstance(found, _Refused):
                raise DiscordUnavailable(
                    "Discord refused the bot's token; check DISCORD_TOKEN."  # i18n: not shown
                )  # i18n: not shown
            return frozenset(int(g["id"]) for g in found)

        ids: frozenset[int] = await self._remembered(("bot-guilds", 0, 0), fetch)
        return ids

    async def user_faces(self, user_ids: Iterable[int]) -> dict[int, Face]:
        """These users' names and avatars as the bot sees them; an id Discord does not answer for is left out."""
        wanted = list(dict.fromkeys(user_ids))[:NAMES_PER_PAGE]
        gate = asyncio.Semaphore(NAME_REQUESTS_AT_ONCE)

        async def one(user_id: int) -> tuple[int, Face | None]:
            now = time.monotonic()
            found = self._faces.get(user_id)
            if found is not None and now - found[0] < NAME_CACHE_SECONDS:
                return user_id, found[1]
            async with gate:
                try:
                    user = await self._call("GET", f"/users/{user_id}", headers=self._bot_headers())
                except DiscordUnavailable:
                    return user_id, None  # the page shows the id; the next view asks again
            face = None
            if not isinstance(user, _Refused):
                name = str(user.get("global_name") or user.get("username"))
                face = Face(user_id, name, icon_hash(user.get("avatar")))
            self._faces[user_id] = (now, face)
            return user_id, face

        pairs = await asyncio.gather(*(one(u) for u in wanted))
        return {user_id: face for user_id, face in pairs if face is not None}

    async def roles(self, guild_id: int) -> list[tuple[int, str]]:
        """The server's roles but @everyone, highest first, as the bot sees them."""
        found = await self._call("GET", f"/guilds/{guild_id}/roles", headers=self._bot_headers())
        if isinstance(found, _Refused):
            return []
        listed = [r for r in found if int(r["id"]) != guild_id and not r.get("managed")]
        listed.sort(key=lambda r: -int(r.get("position", 0)))
        return [(int(r["id"]), str(r["name"])) for r in listed]

    async def membership(self, guild_id: int, user_id: int) -> Standing | None:
        """The member's permissions, roles and ownership in the server, as the bot sees them; None when not
        a member (or no bot)."""

        async def fetch_guild() -> dict[str, Any] | None:
            found = await self._call("GET", f"/guilds/{guild_id}", headers=self._bot_headers())
            return None if isinstance(found, _Refused) else dict(found)

        async def fetch_member() -> dict[str, Any] | None:
            found = await self._call(
                "GET", f"/guilds/{guild_id}/members/{user_id}", headers=self._bot_headers()
            )
            return None if isinstance(found, _Refused) else dict(found)

        guild = await self._remembered(("guild", guild_id, 0), fetch_guild)
        if guild is None:
            return None
        member = await self._remembered(("member", guild_id, user_id), fetch_member)
        if member is None:
            return None
        role_ids = frozenset(int(r) for r in member.get("roles", ()))
        permissions = 0
        for role in guild.get("roles", ()):
            # @everyone's id is the server's; every member has it without it being listed.
            if int(role["id"]) in role_ids or int(role["id"]) == guild_id:
                permissions |= int(role.get("permissions", 0))
        return Standing(permissions, role_ids, owner=str(guild.get("owner_id")) == str(user_id))


@dataclass(frozen=True, slots=True)
class _Refused:
    status: int
