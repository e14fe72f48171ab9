"""A member's own page, across their servers: points, mastery per deck, leeches, due reviews, mistakes to download."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from bot.bank.models import Deck, Question
from bot.locales import _
from bot.looks.mistakes import SUFFIX, mistakes_csv, mistakes_yaml
from bot.preferences.member_preferences import MemberPreferences
from bot.quiz import Misses, deck_mastery, due_by, leeches, most_missed
from bot.store import WebSession
from bot.web.access import signed_in
from bot.web.context import WebContext, context_of
from bot.web.render import render

routes = web.RouteTableDef()
MISTAKES = 25  # as /mistakes by default


async def _decks(context: WebContext, who: WebSession) -> list[tuple[Deck, int | None]]:
    """The decks the member can meet: the built-in ones, and those of the servers Discord listed for them."""
    found: list[tuple[Deck, int | None]] = [(d, None) for d in context.bank.decks_for(None)]
    for guild in who.guilds:
        bank = await context.fresh_bank(guild.id)
        found += [(d, guild.id) for d in bank.decks_for(guild.id) if d.guild_id == guild.id]
    return found


@routes.get("/me")
@signed_in
async def my_page(request: web.Request, who: WebSession) -> web.StreamResponse:
    context = context_of(request)
    store, now = context.store, context.clock()
    names = {g.id: g.name for g in who.guilds}
    servers = []
    for guild_id in await store.member_guilds(who.user_id):
        if guild_id in names:  # a server they have left shows no more
            servers.append((names[guild_id], await store.member_stats(guild_id, who.user_id, now)))
    retention = await MemberPreferences(store).retention(who.user_id)
    mastery: list[dict[str, Any]] = []
    their_leeches: list[tuple[Deck, Question, Misses]] = []
    for deck, deck_guild in await _decks(context, who):
        memories = {q: m.as_state() for q, m in (await store.memories(who.user_id, deck.id)).items()}
        if not memories:
            continue
        known = deck_mastery([q.id for q in deck.questions], memories, now, desired_retention=retention)
        if known.seen:
            missed = bool(most_missed(memories, 1))
            mastery.append({"deck": deck, "guild_id": deck_guild, "mastery": known, "missed": missed})
        for leech in leeches(memories):
            question = deck.question(leech.question_id)
            if question is not None:
                their_leeches.append((deck, question, leech))
    their_leeches.sort(key=lambda item: -item[2].failures)
    due = await store.due_count(who.user_id, due_by(now))
    return await render(
        request,
        "member.html",
        {
            "servers": servers,
            "mastery": mastery,
            "leeches": [{"deck": d, "question": q, "misses": m} for d, q, m in their_leeches],
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
    memories = {q: m.as_state() for q, m in (await context.store.memories(who.user_id, deck.id)).items()}
    missed = []
    for misses in most_missed(memories, len(memories)):
        question = deck.question(misses.question_id)
        if question is not None:
            missed.append((question, misses))
    missed = missed[:MISTAKES]
    if not missed:
        raise web.HTTPNotFound(
            text=_("You haven't missed a question of “{deck}” yet: nothing to download.", deck=deck.title)
        )
    kind = request.match_info["format"]
    now = context.clock()
    body = mistakes_csv(deck, missed, now) if kind == "csv" else mistakes_yaml(deck, missed, now)
    disposition = f'attachment; filename="{deck.id}{SUFFIX}.{kind}"'  # i18n: not shown
    return web.Response(
        text=body,
        content_type="text/csv" if kind == "csv" else "application/yaml",
        charset="utf-8",
        headers={"Content-Disposition": disposition},  # i18n: not shown
    )
