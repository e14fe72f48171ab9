"""A server's rounds: the list, each round's report (who answered what), and its results as CSV or JSON."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from aiohttp import web

from bot.errors import UserError
from bot.locales import N_, _
from bot.results.played_rounds import PlayedRound, PlayedRounds
from bot.results.round_files import round_files
from bot.results.round_filters import FIELDS, read_filter
from bot.rounds.stored import result_options
from bot.store import RoundRecord
from bot.web.access import Server, moderator
from bot.web.context import context_of
from bot.web.discord_api import NAMES_PER_PAGE
from bot.web.pages import NavLink
from bot.web.render import download, render
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


async def _played(request: web.Request, server: Server) -> tuple[PlayedRounds, PlayedRound]:
    """The round of the path as it was played (its deck as it asked), and what reads the rest of it."""
    context = context_of(request)
    record = await _round(request, server)
    rounds = PlayedRounds(context.store)
    return rounds, await rounds.played(record, await context.fresh_bank(server.id))


@routes.get("/servers/{guild_id}/rounds")
@moderator
async def rounds(request: web.Request, server: Server) -> web.StreamResponse:
    context = context_of(request)
    played = PlayedRounds(context.store)
    bank = await context.fresh_bank(server.id)
    decks = bank.decks_for(server.id)
    players = await played.players(server.id, limit=NAMES_PER_PAGE)
    names = await context.faces.names(players)
    zone = await played.zone(server.id)  # the list's times and its filter's days, as in Discord
    values: dict[str, Any] = {
        "decks": decks,
        "players": [(u, names.get(u, str(u))) for u in players],
        "zone": zone,
    }
    try:
        asked = read_filter(request.query, {d.id for d in decks}, zone)
    except UserError as refused:
        shown = {name: request.query.get(name, "")[:100] for name in FIELDS}
        values |= {"shown": shown, "rounds": [], "older": None, "problem": refused.sentence, "active": True}
        return await render(request, "rounds.html", values, status=400)
    before = request.query.get("before", "")
    found = await played.listed(
        server.id,
        limit=PAGE,
        before_id=int(before) if before.isdigit() and len(before) < 19 else None,
        only=asked.only,
    )
    kept = {name: text for name, text in asked.shown.items() if text}
    older = urlencode({**kept, "before": found[-1].id}) if len(found) == PAGE else None
    listed = [(r, bank.get(r.deck_id, server.id)) for r in found]
    values |= {
        "shown": asked.shown,
        "rounds": listed,
        "older": older,
        "problem": None,
        "active": asked.active,
    }
    return await render(request, "rounds.html", values)


@routes.get("/servers/{guild_id}/rounds/{round_id}")
@moderator
async def report(request: web.Request, server: Server) -> web.StreamResponse:
    rounds, played = await _played(request, server)
    record, deck, answers = played.record, played.deck, played.answers  # the deck as it asked
    lines = await rounds.question_lines(record)
    shown = await rounds.figures(played)
    faces = await context_of(request).faces.faces(line.user_id for line in shown.ranking)
    names = {user_id: face.name for user_id, face in faces.items()}
    questions = round_report(record, deck, lines, answers, names)
    return await render(
        request,
        "round.html",
        {
            "round": record,
            "deck": deck,
            "zone": await rounds.zone(server.id),
            "questions": list(zip(questions, shown.spreads, strict=True)),
            "figures": shown,
            "names": names,
            "faces": faces,
        },
    )


@routes.get("/servers/{guild_id}/rounds/{round_id}/results.{format:csv|json}")
@moderator
async def results(request: web.Request, server: Server) -> web.StreamResponse:
    """The round's results files, the same as /quiz results gives in Discord (bot/results/round_files.py)."""
    rounds, played = await _played(request, server)
    record = played.record
    names = await context_of(request).faces.names(a.user_id for a in played.answers)
    zone = await rounds.zone(server.id)
    # The deck as it asked; the times in the server's zone, as in Discord.
    files = round_files(
        record, played.answers, played.deck, names, zone, played.hints, result_options(record)
    )
    kind = request.match_info["format"]
    body, content_type = (files.csv, "text/csv") if kind == "csv" else (files.json, "application/json")
    return download(body, f"round-{record.id}-results.{kind}", content_type)  # i18n: not shown
