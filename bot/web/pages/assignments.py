"""A server's assignments: the list (who finished, started, did not start; average points), one assignment's
members with their progress and points, and its results as CSV or JSON (as /assign results gives them)."""

from __future__ import annotations

from aiohttp import web

from bot.calendar.assignment_pages import PAGE, Assignment, Assignments
from bot.locales import N_, _
from bot.results.asked import Decks
from bot.store import AssignmentRecord
from bot.web.access import Server, moderator
from bot.web.context import context_of
from bot.web.pages import NavLink
from bot.web.render import download, render

routes = web.RouteTableDef()
SERVER_NAV = (NavLink(N_("Assignments"), "assignments", order=14),)
MISSING_SHOWN = 50  # the members who did not start named on the page (a server's players run to 1,000)


async def _shown(request: web.Request, server: Server) -> Assignment:
    """The assignment of the path with its members' attempts, if it is this server's; 404 for another
    server's or none."""
    context = context_of(request)
    text = request.match_info["assignment_id"]
    found = Assignments(context.store)
    record = await found.of_server(server.id, text)
    if record is None:
        raise web.HTTPNotFound(text=_("This server has no assignment number {id}.", id=text[:20]))
    return await found.shown(record, await context.fresh_bank(server.id))


@routes.get("/servers/{guild_id}/assignments")
@moderator
async def assignments(request: web.Request, server: Server) -> web.StreamResponse:
    context = context_of(request)
    before = request.query.get("before", "")
    shown = Assignments(context.store)
    listed = await shown.listed(
        server.id, before=int(before) if before.isdigit() and len(before) < 19 else None
    )
    bank = await context.fresh_bank(server.id)
    titles = {p.record.deck_id: _title(bank, p.record) for p in listed}
    older = listed[-1].record.id if len(listed) == PAGE else None
    return await render(
        request,
        "assignments.html",
        {"listed": listed, "titles": titles, "older": older, "zone": await shown.zone(server.id)},
    )


def _title(bank: Decks, record: AssignmentRecord) -> str:
    deck = bank.get(record.deck_id, record.guild_id)
    return deck.title if deck is not None else record.deck_id


@routes.get("/servers/{guild_id}/assignments/{assignment_id}")
@moderator
async def assignment(request: web.Request, server: Server) -> web.StreamResponse:
    context = context_of(request)
    shown = await _shown(request, server)
    missing = shown.progress.not_started[:MISSING_SHOWN]
    faces = await context.faces.faces([m.result.user_id for m in shown.progress.members] + missing)
    values = {"shown": shown, "faces": faces, "missing": missing}
    return await render(
        request, "assignment.html", values | {"more": len(shown.progress.not_started) - len(missing)}
    )


@routes.get("/servers/{guild_id}/assignments/{assignment_id}/results.{format:csv|json}")
@moderator
async def results(request: web.Request, server: Server) -> web.StreamResponse:
    shown = await _shown(request, server)
    names = await context_of(request).faces.names(m.result.user_id for m in shown.progress.members)
    files = shown.files(names)
    kind = request.match_info["format"]
    body, content_type = (files.csv, "text/csv") if kind == "csv" else (files.json, "application/json")
    number = shown.progress.record.id
    return download(body, f"assignment-{number}-results.{kind}", content_type)  # i18n: not shown
