"""A server's question of the day: the days posted (filtered by date and deck), one day's answers, and the
answers of the days listed as CSV or JSON."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from aiohttp import web

from bot.calendar.qotd_pages import DAY_FIELDS, PostedDays, day_number, read_days
from bot.errors import UserError
from bot.locales import N_
from bot.results.calendar_files import qotd_files
from bot.web.access import Server, moderator
from bot.web.context import context_of
from bot.web.pages import NavLink
from bot.web.render import download, render

routes = web.RouteTableDef()
SERVER_NAV = (NavLink(N_("Question of the day"), "qotd", order=12),)
PAGE = 25


@routes.get("/servers/{guild_id}/qotd")
@moderator
async def days(request: web.Request, server: Server) -> web.StreamResponse:
    context = context_of(request)
    bank = await context.fresh_bank(server.id)
    decks = bank.decks_for(server.id)
    values: dict[str, Any] = {"decks": decks, "days": [], "older": None, "problem": None}
    try:
        asked = read_days(request.query, {d.id for d in decks})
    except UserError as refused:
        shown = {name: request.query.get(name, "")[:100] for name in DAY_FIELDS}
        values |= {"shown": shown, "problem": refused.sentence, "active": True, "files": ""}
        return await render(request, "qotd.html", values, status=400)
    before = day_number(request.query.get("before", ""))
    found = await PostedDays(context.store).listed(server.id, bank, asked.only, before=before, limit=PAGE)
    kept = {name: text for name, text in asked.shown.items() if text}
    older = urlencode({**kept, "before": f"{found[-1].date:%Y-%m-%d}"}) if len(found) == PAGE else None
    values |= {"shown": asked.shown, "days": found, "older": older, "active": asked.active}
    return await render(request, "qotd.html", values | {"files": urlencode(kept)})


@routes.get("/servers/{guild_id}/qotd/results.{format:csv|json}")
@moderator
async def results(request: web.Request, server: Server) -> web.StreamResponse:
    """The answers of the days the list's filter lets through (the newest year of them), one row each."""
    context = context_of(request)
    bank = await context.fresh_bank(server.id)
    try:
        asked = read_days(request.query, {d.id for d in bank.decks_for(server.id)})
    except UserError as refused:
        raise web.HTTPBadRequest(text=refused.sentence) from None
    posted = PostedDays(context.store)
    found = await posted.for_files(server.id, bank, asked.only)
    names = await context.faces.names(a.user_id for _day, _q, given in found for a in given)
    options = {name: text for name, text in asked.shown.items() if text}
    files = qotd_files(found, names, await posted.zone(server.id), options)
    kind = request.match_info["format"]
    body, content_type = (files.csv, "text/csv") if kind == "csv" else (files.json, "application/json")
    return download(body, f"question-of-the-day-results.{kind}", content_type)  # i18n: not shown


@routes.get(r"/servers/{guild_id}/qotd/{day:\d{4}-\d{2}-\d{2}}")
@moderator
async def day(request: web.Request, server: Server) -> web.StreamResponse:
    context = context_of(request)
    posted = PostedDays(context.store)
    try:
        found = await posted.of_server(server.id, request.match_info["day"])
    except UserError as refused:
        raise web.HTTPNotFound(text=refused.sentence) from None
    shown = await posted.answers(found, await context.fresh_bank(server.id))
    faces = await context.faces.faces(row.member_id for row in shown.rows)
    return await render(request, "qotd_day.html", {"shown": shown, "faces": faces})
