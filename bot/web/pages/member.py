"""A member's own page, across their servers: points, badges, mastery per deck, leeches, due reviews, mistakes
to download."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from bot.achievements import badges_in
from bot.bank.models import Deck
from bot.locales import _
from bot.looks.mistakes import SUFFIX, mistakes_csv, mistakes_yaml
from bot.quiz.achievements import MEANINGS, NAMES
from bot.results.member_records import Records
from bot.results.member_trend import member_weeks
from bot.store import MemberStats, WebSession, WeekStats
from bot.web.access import signed_in
from bot.web.context import WebContext, context_of
from bot.web.render import download, render
from bot.web.trend_charts import accuracy_weeks_chart

routes = web.RouteTableDef()
MISTAKES = 25  # as /mistakes by default


async def _decks(context: WebContext, who: WebSession) -> list[Deck]:
    """The decks the member can meet: the built-in ones, and those of the servers Discord listed for them."""
    found = list(context.bank.decks_for(None))
    for guild in who.guilds:
        bank = await context.fresh_bank(guild.id)
        found += [d for d in bank.decks_for(guild.id) if d.guild_id == guild.id]
    return found


async def _badges(context: WebContext, who: WebSession) -> list[dict[str, Any]]:
    """The member's badges in each of their servers that gave them one, named and explained."""
    found = await badges_in(context.store, who.user_id, [g.id for g in who.guilds])
    names = {g.id: g.name for g in who.guilds}
    return [
        {"server": names[guild_id], "badges": [(_(NAMES[b]), _(MEANINGS[b])) for b in badges]}
        for guild_id, badges in found
    ]


def _weeks(servers: list[tuple[str, MemberStats]]) -> list[tuple[str, WeekStats]]:
    """The member's weeks with round answers, in each server, newest first (then by server)."""
    found = [(name, week) for name, stats in servers for week in stats.weeks if week.answered]
    return sorted(found, key=lambda shown: (-shown[1].week_start.toordinal(), shown[0]))


@routes.get("/me")
@signed_in
async def my_page(request: web.Request, who: WebSession) -> web.StreamResponse:
    context = context_of(request)
    records, now = Records(context.store), context.clock()
    names = {g.id: g.name for g in who.guilds}  # a server they have left shows no more
    servers = [(names[g], stats) for g, stats in await records.servers_played(who.user_id, names, now)]
    retention = await records.retention_of(who.user_id)
    known = await records.memories_of(who.user_id, await _decks(context, who), now, retention)
    mastery: list[dict[str, Any]] = [
        {"deck": d.deck, "guild_id": d.deck.guild_id, "mastery": d.mastery, "missed": d.missed}
        for d in known.decks
    ]
    due = await records.due_now(who.user_id, now)
    trend = member_weeks(stats for _name, stats in servers)
    return await render(
        request,
        "member.html",
        {
            "servers": servers,
            "weeks": _weeks(servers),
            "trend": trend if any(w.answered for w in trend) else (),
            "trend_chart": accuracy_weeks_chart(trend),
            "badges": await _badges(context, who),
            "mastery": mastery,
            "leeches": [{"deck": d, "question": q, "misses": m} for d, q, m in known.leeches],
            "due": due,
            "retention": retention,
        },
    )


@routes.get("/me/mistakes/{deck_id}.{format:csv|yaml}")
@signed_in
async def mistakes(request: web.Request, who: WebSession) -> web.StreamResponse:
    context = context_of(request)
    server = request.query.get("server", "")
    guild_id = int(server) if server.isdigit() and len(server) < 21 else None
    if guild_id is not None and guild_id not in {g.id for g in who.guilds}:
        raise web.HTTPForbidden(text=_("That deck belongs to a server you are not in."))
    bank = await context.fresh_bank(guild_id) if guild_id is not None else context.bank
    deck = bank.get(request.match_info["deck_id"], guild_id)
    if deck is None or deck.guild_id != guild_id:
        raise web.HTTPNotFound(text=_("There is no such deck."))
    missed = await Records(context.store).missed_most(who.user_id, deck, MISTAKES)
    if not missed:
        raise web.HTTPNotFound(
            text=_("You haven't missed a question of “{deck}” yet: nothing to download.", deck=deck.title)
        )
    kind = request.match_info["format"]
    now = context.clock()
    body = mistakes_csv(deck, missed, now) if kind == "csv" else mistakes_yaml(deck, missed, now)
    return download(body, f"{deck.id}{SUFFIX}.{kind}", "text/csv" if kind == "csv" else "application/yaml")
