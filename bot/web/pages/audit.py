"""A server's audit log: every change made on the dashboard, who made it and when."""

from __future__ import annotations

from aiohttp import web

from bot.locales import N_
from bot.web.access import Server, moderator
from bot.web.changes import action_words, audit_entries, audit_zone
from bot.web.pages import NavLink
from bot.web.render import render

routes = web.RouteTableDef()
SERVER_NAV = (NavLink(N_("Audit log"), "audit", order=90),)
PAGE = 50


@routes.get("/servers/{guild_id}/audit")
@moderator
async def audit_log(request: web.Request, server: Server) -> web.StreamResponse:
    before = request.query.get("before", "")
    before_id = int(before) if before.isdigit() else None
    entries = await audit_entries(request, server, PAGE, before_id)
    older = entries[-1].id if len(entries) == PAGE else None
    rows = [{"entry": e, "action": action_words(e.action)} for e in entries]
    values = {"entries": rows, "older": older, "zone": await audit_zone(request, server)}
    return await render(request, "audit.html", values)
