"""Who may open what: signed-in members see their own page; a server's pages are for its moderators only.

A moderator is who the bot counts as one for /quiz (bot.permissions, the one rule for both): Manage
Server (or Administrator, or the owner), or the server's quiz-master role. It is judged from the bot's
own REST view of the member (its token, never the browser's word), for every path below
/servers/{guild_id}/, before any page runs: another server's id, in any path, is 403.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from urllib.parse import urlencode

from aiohttp import web

from bot.faces.face import CDN
from bot.locales import _
from bot.permissions import Standing, manages_server, moderators
from bot.store import WebSession
from bot.web.context import context_of
from bot.web.discord_api import DiscordUnavailable
from bot.web.redirects import found, on_site
from bot.web.sessions import viewer

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@dataclass(frozen=True, slots=True)
class Server:
    """The server whose pages a moderator is on."""

    id: int
    name: str
    viewer: WebSession
    manages: bool  # Manage Server (or Administrator, or the owner): may change the server's settings
    icon: str | None = None  # Discord's hash of its icon, as listed at the member's login

    @property
    def icon_url(self) -> str | None:
        return icon_url(self.id, self.icon)


def icon_url(guild_id: int, icon: str | None) -> str | None:
    """A server's icon on Discord's CDN (the CSP's one image source off this site), 64 pixels wide;
    None when the server has no icon (the pages show its initial on a tile instead)."""
    return None if icon is None else f"{CDN}/icons/{guild_id}/{icon}.png?size=64"


@dataclass(frozen=True, slots=True)
class ListedServer:
    """A server in the picker of the start page: its id, name and icon."""

    id: int
    name: str
    icon_url: str | None


SERVER = web.RequestKey("server", Server)


class Refused(web.HTTPForbidden):
    """403 with one sentence for the page."""

    def __init__(self, sentence: str) -> None:
        super().__init__(text=sentence)
        self.sentence = sentence


def login_redirect(request: web.Request) -> web.HTTPFound:
    """To the login, and back here after it (a GET's own path; a write's visitor goes home instead)."""
    target = on_site(request.rel_url.raw_path_qs) if request.method == "GET" else "/"
    return found(f"/login?{urlencode({'next': target})}")


async def moderator_of(request: web.Request, who: WebSession, guild_id: int) -> Standing | None:
    """The member's place in the server when they moderate it there (and the bot is in it); else None."""
    context = context_of(request)
    if guild_id not in await context.discord.bot_guild_ids():
        return None
    standing = await context.discord.membership(guild_id, who.user_id)
    if standing is None:
        return None
    if manages_server(standing):  # the server's role is read only for those who need it
        return standing
    role = (await context.store.guild_settings(guild_id)).quiz_master_role_id
    return standing if moderators.is_moderator(standing, role) else None


async def is_moderator(request: web.Request, who: WebSession, guild_id: int) -> bool:
    return await moderator_of(request, who, guild_id) is not None


async def moderated_servers(request: web.Request, who: WebSession) -> list[ListedServer]:
    """The servers, among those Discord listed at login, where the member may open the server's pages."""
    return [
        ListedServer(g.id, g.name, icon_url(g.id, g.icon))
        for g in who.guilds
        if await is_moderator(request, who, g.id)
    ]


# A server's pages, any path below /servers/{guild_id}/: the id is what the gate checks.
_SERVER_PATH = re.compile(r"^/servers/([^/]*)(?:/|$)")


@web.middleware
async def server_gate(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Every /servers/{id}/... request: signed in and a moderator of that server, or refused before routing."""
    match = _SERVER_PATH.match(request.path)
    if match is None:
        return await handler(request)
    who = await viewer(request)
    if who is None:
        raise login_redirect(request)
    text = match.group(1)
    if not text.isdigit() or len(text) > 20:
        raise Refused(_("That is not a server's id."))
    guild_id = int(text)
    try:
        allowed = await moderator_of(request, who, guild_id)
    except DiscordUnavailable as exc:
        raise web.HTTPServiceUnavailable(
            text=_("Discord did not answer when Bvunzo asked about your roles; try again in a minute.")
        ) from exc
    if allowed is None:
        raise Refused(
            _("This server's pages are for its moderators (Manage Server, or its quiz-master role) only.")
        )
    listed = next((g for g in who.guilds if g.id == guild_id), None)
    name, icon = (listed.name, listed.icon) if listed is not None else (str(guild_id), None)
    request[SERVER] = Server(guild_id, name, who, manages_server(allowed), icon)
    return await handler(request)


def signed_in(page: Callable[[web.Request, WebSession], Awaitable[web.StreamResponse]]) -> Handler:
    """A page for a signed-in member; a visitor is sent to log in first (and back here after)."""

    @functools.wraps(page)
    async def handler(request: web.Request) -> web.StreamResponse:
        who = await viewer(request)
        if who is None:
            raise login_redirect(request)
        return await page(request, who)

    return handler


def ensure_manager(server: Server, refusal: str) -> None:
    """As in Discord: some changes (the server's settings) are for Manage Server only, not quiz-masters;
    `refusal` is the whole sentence that says so (already in the page's language)."""
    if not server.manages:
        raise Refused(refusal)


def moderator(page: Callable[[web.Request, Server], Awaitable[web.StreamResponse]]) -> Handler:
    """A server's page, under /servers/{guild_id}/: server_gate has already let only its moderators in."""

    @functools.wraps(page)
    async def handler(request: web.Request) -> web.StreamResponse:
        server = request.get(SERVER)
        if server is None:  # a route outside /servers/{guild_id}/: a page module's mistake, never a visitor's
            raise RuntimeError(f"{request.path}: @moderator pages live under /servers/{{guild_id}}/")
        return await page(request, server)

    return handler
