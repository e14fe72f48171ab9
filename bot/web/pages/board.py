"""A server's leaderboard, as /leaderboard shows it: all time, this month, this week or today, one deck or all."""

from __future__ import annotations

from aiohttp import web

from bot.locales import N_, _
from bot.results.member_records import Records
from bot.store import PERIODS
from bot.web.access import Server, moderator
from bot.web.context import context_of
from bot.web.pages import NavLink
from bot.web.render import render

routes = web.RouteTableDef()
SERVER_NAV = (NavLink(N_("Board"), "board", order=60),)
PAGE = 25
PERIOD_NAMES = {
    "all": N_("All time"),
    "month": N_("This month"),
    "week": N_("This week"),
    "today": N_("Today"),
}


@routes.get("/servers/{guild_id}/board")
@moderator
async def board(request: web.Request, server: Server) -> web.StreamResponse:
    context = context_of(request)
    period = request.query.get("period", "all")
    if period not in PERIODS:
        raise web.HTTPBadRequest(text=_("The period is all, month, week or today."))
    bank = await context.fresh_bank(server.id)
    decks = bank.decks_for(server.id)
    deck_id = request.query.get("deck") or None
    if deck_id is not None and bank.get(deck_id, server.id) is None:
        raise web.HTTPNotFound(text=_("This server has no such deck."))
    page_text = request.query.get("page", "1")
    page = int(page_text) if page_text.isdigit() and 0 < int(page_text) < 10_000 else 1
    shown = await Records(context.store).board_page(
        server.id, period, context.clock(), deck_id=deck_id, page=page - 1, size=PAGE
    )
    faces = await context.faces.faces(line.user_id for line in shown.board.lines)
    return await render(
        request,
        "board.html",
        {
            "board": shown.board,
            "faces": faces,
            "period": period,
            "periods": {key: _(words) for key, words in PERIOD_NAMES.items()},
            "decks": decks,
            "deck_id": deck_id,
            "page": shown.page + 1,
            "pages": shown.pages,
        },
    )
