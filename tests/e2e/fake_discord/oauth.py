"""Discord's OAuth2 for a web login: the authorize redirect, the code exchange, /users/@me and its guilds.

Who is signed in to Discord in "the browser" is the test's choice (`fake.oauth.signed_in = member.user`);
authorize then redirects at once, as Discord does for an app the user already allowed. Everything the
dashboard sends is checked as Discord would (client id and secret, redirect URI, scopes, PKCE S256, a
code used once and within its time), and what breaks a rule lands in fake.violations, as for the bot.
"""

from __future__ import annotations

import base64
import hashlib
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

from aiohttp import BasicAuth, web

from tests.e2e.fake_discord.models import User
from tests.e2e.fake_discord.rest import API_PREFIX, error, guild_page, json_response

if TYPE_CHECKING:
    from tests.e2e.fake_discord.server import FakeDiscord

OAUTH = "oauth"  # a kind of violation: the dashboard broke a rule of Discord's OAuth2
AUTHORIZE_PATH = "/oauth2/authorize"
TOKEN_PATH = API_PREFIX + "/oauth2/token"
_BEARER_PATHS = frozenset({API_PREFIX + "/users/@me", API_PREFIX + "/users/@me/guilds"})
REQUIRED_SCOPES = frozenset({"identify", "guilds"})
CODE_LIFETIME = 600.0  # Discord's codes last ten minutes


@dataclass
class Grant:
    user: User
    redirect_uri: str
    challenge: str
    scopes: frozenset[str]
    issued: float
    used: bool = False


@dataclass
class OAuthCall:
    """One OAuth request the dashboard made, for tests to read."""

    method: str
    path: str
    query: dict[str, str]
    form: dict[str, str] = field(default_factory=dict)
    status: int = 0


class FakeOAuth:
    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.client_id = str(fake.application_id)
        self.client_secret = "fake-client-secret-" + "s3cr3t" * 3
        self.redirect_uris: list[str] = []  # the application's registered redirects (the test adds its own)
        self.signed_in: User | None = None  # who is signed in to Discord in the browser
        self.deny = False  # the member presses Cancel on Discord's page
        self.calls: list[OAuthCall] = []
        self._codes: dict[str, Grant] = {}
        self._tokens: dict[str, Grant] = {}

    def violate(self, message: str) -> None:
        self.fake.violate(OAUTH, message, None)

    def routes(self) -> list[web.RouteDef]:
        return [web.get(AUTHORIZE_PATH, self.authorize)]

    @web.middleware
    async def middleware(self, request: web.Request, handler: Any) -> web.StreamResponse:
        """The token endpoint, and /users/@me(/guilds) with a member's Bearer token, before the bot's REST."""
        bearer = request.headers.get("Authorization", "").startswith("Bearer ")
        if request.path == TOKEN_PATH and request.method == "POST":
            return await self._recorded(request, self.token)
        if request.path in _BEARER_PATHS and bearer:
            return await self._recorded(request, self.user_call)
        response: web.StreamResponse = await handler(request)
        return response

    async def _recorded(self, request: web.Request, answer: Any) -> web.StreamResponse:
        form = dict(await request.post()) if request.method == "POST" else {}
        call = OAuthCall(
            request.method, request.path, dict(request.query), {k: str(v) for k, v in form.items()}
        )
        self.calls.append(call)
        response: web.StreamResponse = await answer(request, call)
        call.status = response.status
        self.fake.changed()
        return response

    # -- the browser's side -------------------------------------------------------------------------

    async def authorize(self, request: web.Request) -> web.StreamResponse:
        query = dict(request.query)
        self.calls.append(OAuthCall("GET", AUTHORIZE_PATH, query))
        self.fake.changed()
        problems = []
        if query.get("response_type") != "code":
            problems.append("response_type must be code")
        if query.get("client_id") != self.client_id:
            problems.append(f"unknown client_id {query.get('client_id')!r}")
        redirect = query.get("redirect_uri", "")
        if redirect not in self.redirect_uris:
            problems.append(f"redirect_uri {redirect!r} is not one of the application's {self.redirect_uris}")
        scopes = frozenset(query.get("scope", "").split())
        if scopes != REQUIRED_SCOPES:
            problems.append(f"scopes {sorted(scopes)} are not exactly identify and guilds")
        if query.get("code_challenge_method") != "S256" or len(query.get("code_challenge", "")) != 43:
            problems.append("PKCE: a code_challenge with code_challenge_method S256 is required")
        if len(query.get("state", "")) < 16:
            problems.append("state is missing or too short to be unguessable")
        if problems:
            for problem in problems:
                self.violate(f"authorize: {problem}")
            return web.Response(status=400, text="Invalid OAuth2 request: " + "; ".join(problems))
        state = query["state"]
        if self.deny:
            raise web.HTTPFound(f"{redirect}?{urlencode({'error': 'access_denied', 'state': state})}")
        if self.signed_in is None:
            return web.Response(
                status=400, text="Nobody is signed in to the fake Discord (set fake.oauth.signed_in)"
            )
        code = secrets.token_urlsafe(24)
        self._codes[code] = Grant(
            self.signed_in, redirect, query["code_challenge"], scopes, self.fake.loop_time()
        )
        raise web.HTTPFound(f"{redirect}?{urlencode({'code': code, 'state': state})}")

    # -- the dashboard's side -----------------------------------------------------------------------

    def _client(self, request: web.Request, form: dict[str, str]) -> tuple[str, str]:
        header = request.headers.get("Authorization")
        if header is not None:
            try:
                basic = BasicAuth.decode(header)
            except ValueError:
                return "", ""
            return basic.login, basic.password
        return form.get("client_id", ""), form.get("client_secret", "")

    async def token(self, request: web.Request, call: OAuthCall) -> web.StreamResponse:
        form = call.form
        if request.content_type != "application/x-www-form-urlencoded":
            self.violate("token: the body must be application/x-www-form-urlencoded")
        if self._client(request, form) != (self.client_id, self.client_secret):
            return json_response({"error": "invalid_client"}, 401)
        if form.get("grant_type") != "authorization_code":
            self.violate(f"token: grant_type {form.get('grant_type')!r}")
            return json_response({"error": "unsupported_grant_type"}, 400)
        grant = self._codes.get(form.get("code", ""))
        if grant is None or grant.used or self.fake.loop_time() - grant.issued > CODE_LIFETIME:
            return json_response(
                {"error": "invalid_grant", "error_description": 'Invalid "code" in request.'}, 400
            )
        grant.used = True  # a code works once, whatever follows
        if form.get("redirect_uri") != grant.redirect_uri:
            self.violate("token: redirect_uri differs from the authorize request's")
            return json_response({"error": "invalid_grant"}, 400)
        verifier = form.get("code_verifier", "")
        digest = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
        if digest != grant.challenge:
            return json_response(
                {"error": "invalid_grant", "error_description": "Invalid code verifier"}, 400
            )
        access = secrets.token_urlsafe(24)
        self._tokens[access] = grant
        return json_response(
            {
                "access_token": access,
                "token_type": "Bearer",
                "expires_in": 604800,
                "refresh_token": secrets.token_urlsafe(24),
                "scope": " ".join(sorted(grant.scopes)),
            }
        )

    async def user_call(self, request: web.Request, call: OAuthCall) -> web.StreamResponse:
        grant = self._tokens.get(request.headers["Authorization"].removeprefix("Bearer "))
        if grant is None:
            return error(401, "401: Unauthorized")
        if request.path.endswith("/guilds"):
            return guild_page(self.guilds_of(grant.user), request.query)
        return json_response(grant.user.payload())

    def guilds_of(self, user: User) -> list[dict[str, Any]]:
        """GET /users/@me/guilds as the member sees it: every server they are in, with or without the bot."""
        listed = []
        for guild in [*self.fake.guilds, *self.fake.guilds_without_bot]:
            member = guild.member(user.id)
            if member is None:
                continue
            listed.append(
                {
                    "id": str(guild.id),
                    "name": guild.name,
                    "icon": guild.icon,
                    "banner": None,
                    "owner": guild.owner_id == user.id,
                    "permissions": str(member.permissions),
                    "features": [],
                }
            )
        return listed
