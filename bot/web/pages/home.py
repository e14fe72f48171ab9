"""The start page: a visitor's way to log in; a member's servers to moderate and their own page."""

from __future__ import annotations

from aiohttp import web

from bot.results.member_records import Records
from bot.store import WeekStats
from bot.web.access import Server, moderated_servers, moderator
from bot.web.context import context_of
from bot.web.deck_charts import weeks_chart
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
    """The server's page: the group over the last weeks (answers, accuracy, members taking part)."""
    context = context_of(request)
    weeks = await Records(context.store).group_weeks(server.id, context.clock())
    chart = weeks_chart([WeekStats(w.week_start, 0, w.right, w.answered) for w in weeks])
    return await render(request, "server.html", {"weeks": weeks, "chart": chart})


@routes.get("/servers/{guild_id}")
async def server_home_slash(request: web.Request) -> web.StreamResponse:
    raise found(f"/servers/{request.match_info['guild_id']}/")
