"""A server's rounds: the list, each round's report (who answered what), and its results as CSV or JSON."""

from __future__ import annotations

from aiohttp import web

from bot.locales import N_, _
from bot.results.played_rounds import PlayedRounds
from bot.store import RoundRecord
from bot.web.access import Server, moderator
from bot.web.context import context_of
from bot.web.pages import NavLink
from bot.web.render import download, render
from bot.web.results import results_csv, results_json
from bot.web.round_report import round_report

routes = web.RouteTableDef()
SERVER_NAV = (NavLink(N_("Rounds"), "rounds", order=10),)
PAGE = 25


async def _round(request: web.Request, server: Server) -> RoundRecord:
    """The round of the path, if it is this server's; 404 for another server's or none."""
    text = request.match_info["round_id"]
    rounds = PlayedRounds(context_of(request).store)
    record = await rounds.of_server(server.id, int(text)) if text.isdigit() and len(text) < 19 else None
    if record is None:
        raise web.HTTPNotFound(text=_("This server has no round number {round}.", round=text[:20]))
    return record


@routes.get("/servers/{guild_id}/rounds")
@moderator
async def rounds(request: web.Request, server: Server) -> web.StreamResponse:
    context = context_of(request)
    before = request.query.get("before", "")
    found = await PlayedRounds(context.store).listed(
        server.id, limit=PAGE, before_id=int(before) if before.isdigit() and len(before) < 19 else None
    )
    bank = await context.fresh_bank(server.id)
    listed = [(r, bank.get(r.deck_id, server.id)) for r in found]
    older = found[-1].id if len(found) == PAGE else None
    return await render(request, "rounds.html", {"rounds": listed, "older": older})


@routes.get("/servers/{guild_id}/rounds/{round_id}")
@moderator
async def report(request: web.Request, server: Server) -> web.StreamResponse:
    context = context_of(request)
    record = await _round(request, server)
    rounds = PlayedRounds(context.store)
    played = await rounds.played(record, await context.fresh_bank(server.id))
    deck, answers = played.deck, played.answers  # the deck as it asked
    lines = await rounds.question_lines(record)
    names = await context.discord.user_names(a.user_id for a in answers)
    questions = round_report(record, deck, lines, answers, names)
    players = len({a.user_id for a in answers})
    return await render(
        request, "round.html", {"round": record, "deck": deck, "questions": questions, "players": players}
    )


@routes.get("/servers/{guild_id}/rounds/{round_id}/results.{format:csv|json}")
@moderator
async def results(request: web.Request, server: Server) -> web.StreamResponse:
    context = context_of(request)
    record = await _round(request, server)
    played = await PlayedRounds(context.store).played(record, await context.fresh_bank(server.id))
    deck, answers = played.deck, played.answers  # the deck as it asked
    names = await context.discord.user_names(a.user_id for a in answers)
    kind = request.match_info["format"]
    body = (
        results_csv(record, deck, answers, names, played.hints)
        if kind == "csv"
        else results_json(record, deck, answers, names, played.hints).encode("utf-8")
    )
    content_type = "text/csv" if kind == "csv" else "application/json"
    return download(body, f"round-{record.id}-results.{kind}", content_type)  # i18n: not shown
