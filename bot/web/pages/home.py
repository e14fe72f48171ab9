"""The start page: a visitor's way to log in; a member's servers to moderate and their own page."""

from __future__ import annotations

from aiohttp import web

from bot.web.access import Server, moderated_servers, moderator
from bot.web.redirects import found
from bot.web.render import render
from bot.web.sessions import viewer

routes = web.RouteTableDef()


@routes.get("/")
async def home(request: web.Request) -> web.StreamResponse:
    who = await viewer(request)
    servers = await moderated_servers(request, who) if who is not None else []
    return await render(request, "home.html", {"servers": servers})


@routes.get("/servers/{guild_id}/")
@moderator
async def server_home(request: web.Request, server: Server) -> web.StreamResponse:
    return await render(request, "server.html")


@routes.get("/servers/{guild_id}")
async def server_home_slash(request: web.Request) -> web.StreamResponse:
    raise found(f"/servers/{request.match_info['guild_id']}/")
