"""A server's flags queue: the questions members reported, and why; resolve (fixed) or dismiss (nothing to fix)."""

from __future__ import annotations

from aiohttp import web

from bot.errors import UserError
from bot.locales import N_, _, n_
from bot.looks.flag_places import where
from bot.quiz import FLAG_REASONS
from bot.reports import QuestionReports
from bot.web.access import Server, moderator
from bot.web.changes import audit
from bot.web.context import context_of
from bot.web.pages import NavLink
from bot.web.redirects import see_other
from bot.web.render import render

routes = web.RouteTableDef()
SERVER_NAV = (NavLink(N_("Flags"), "flags", order=40),)
ACTIONS = {"resolve": "resolved", "dismiss": "dismissed"}


@routes.get("/servers/{guild_id}/flags")
@moderator
async def flags(request: web.Request, server: Server) -> web.StreamResponse:
    context = context_of(request)
    bank = await context.fresh_bank(server.id)
    lines = []
    for line in await QuestionReports(context.store, context.clock).queue(server.id):
        deck = bank.get(line.deck_id, server.id)
        question = deck.question(line.question_id) if deck is not None else None
        reasons = [(_(FLAG_REASONS[r]) if r in FLAG_REASONS else r, n) for r, n in line.reasons]
        lines.append(
            {
                "line": line,
                "question": question,
                "where": where(deck, line).replace("`", ""),
                "reasons": reasons,
            }
        )
    done = request.query.get("done")
    return await render(
        request, "flags.html", {"lines": lines, "done": done if done in ACTIONS.values() else None}
    )


@routes.post("/servers/{guild_id}/flags/close")
@moderator
async def close(request: web.Request, server: Server) -> web.StreamResponse:
    context = context_of(request)
    form = await request.post()
    deck_id, question_id, action = (str(form.get(k, "")) for k in ("deck_id", "question_id", "action"))
    status = ACTIONS.get(action, "")
    try:
        closed = await QuestionReports(context.store, context.clock).close(
            server.id, deck_id, question_id, status, server.viewer.user_id
        )
    except UserError as error:
        if status and deck_id and question_id:  # a listed question whose reports were closed meanwhile
            raise web.HTTPNotFound(text=error.sentence) from None
        raise web.HTTPBadRequest(text=error.sentence) from None  # a form no listed question sends
    closed_question = f"{deck_id}/{question_id}"
    await audit(
        request,
        server,
        N_("flag resolved") if status == "resolved" else N_("flag dismissed"),
        n_(
            "{question}: {n} report",
            "{question}: {n} reports",
            closed,
            question=closed_question,
        ),
    )
    raise see_other(f"/servers/{server.id}/flags?done={status}")
