"""A server's suggested questions (/deck suggest): approve one into its deck, or reject it.

Approval uses the store's existing steps (settle the suggestion, then save the grown deck), as /deck review
does; the store branch's one-transaction approval replaces the two calls here when it lands.
"""

from __future__ import annotations

from typing import Any

from aiohttp import web

from bot.bank.problems import DeckError
from bot.bank.quota import ServerDecksFull, check_room
from bot.bank.suggestions import deck_with, from_json
from bot.locales import N_, _
from bot.store import GuildDeckRecord
from bot.web.access import Server, moderator
from bot.web.changes import audit
from bot.web.context import context_of
from bot.web.pages import NavLink
from bot.web.redirects import see_other
from bot.web.render import render

routes = web.RouteTableDef()
SERVER_NAV = (NavLink(N_("Suggestions"), "suggestions", order=50),)
SHOWN = 50


def _shown(fields: dict[str, Any]) -> dict[str, Any]:
    choices = [str(c) for c in fields.get("choices", [])]
    return {
        "prompt": str(fields.get("prompt", "")),
        "choices": choices,
        "right": str(choices[int(fields.get("answer", 0))]) if choices else None,
        "answers": [str(a) for a in fields.get("answers", [])],
        "explanation": str(fields.get("explanation", "")),
    }


@routes.get("/servers/{guild_id}/suggestions")
@moderator
async def suggestions(request: web.Request, server: Server) -> web.StreamResponse:
    context = context_of(request)
    waiting = await context.store.pending_suggestions(server.id, limit=SHOWN)
    names = await context.discord.user_names(s.author_id for s in waiting)
    items = [
        {
            "record": s,
            "fields": _shown(from_json(s.question)),
            "author": names.get(s.author_id, str(s.author_id)),
        }
        for s in waiting
    ]
    done = request.query.get("done")
    return await render(
        request,
        "suggestions.html",
        {"items": items, "done": done if done in ("approved", "rejected") else None},
    )


@routes.post("/servers/{guild_id}/suggestions/{suggestion_id:[0-9]{1,18}}")
@moderator
async def review(request: web.Request, server: Server) -> web.StreamResponse:
    context = context_of(request)
    suggestion = await context.store.suggestion(int(request.match_info["suggestion_id"]))
    if suggestion is None or suggestion.guild_id != server.id:
        raise web.HTTPNotFound(text=_("That suggestion no longer exists."))
    if suggestion.status == "approved":
        raise web.HTTPConflict(text=_("That suggestion was already approved."))
    if suggestion.status != "pending":
        raise web.HTTPConflict(text=_("That suggestion was already rejected."))
    action = (await request.post()).get("action")
    now = context.clock()
    if action == "reject":
        if not await context.store.settle_suggestion(suggestion.id, "rejected", server.viewer.user_id, now):
            raise web.HTTPConflict(text=_("That suggestion was already reviewed."))
        await audit(
            request,
            server,
            N_("suggestion rejected"),
            _("#{number} for {deck}", number=suggestion.id, deck=suggestion.deck_id),
        )
        raise see_other(f"/servers/{server.id}/suggestions?done=rejected")
    if action != "approve":
        raise web.HTTPBadRequest(text=_("Choose Approve or Reject."))
    bank = await context.fresh_bank(server.id)
    deck = bank.get(suggestion.deck_id, server.id)
    if deck is None or deck.guild_id != server.id:
        raise web.HTTPConflict(
            text=_("The deck {deck} is gone; reject the suggestion instead.", deck=suggestion.deck_id)
        )
    fields = from_json(suggestion.question)
    try:
        text, grown = deck_with(deck, fields)
    except DeckError as exc:
        raise web.HTTPConflict(
            text=_(
                "That question can't be added: {problems}",
                problems="; ".join(p.message for p in exc.problems),
            )
        ) from exc
    try:
        check_room(bank.decks_for(server.id), server.id, deck.id, len(grown.questions))
    except ServerDecksFull as exc:
        raise web.HTTPConflict(text=exc.sentence) from exc
    kept = next((r for r in await context.store.guild_decks(server.id) if r.deck_id == deck.id), None)
    saved = GuildDeckRecord(
        guild_id=server.id,
        deck_id=deck.id,
        source_name=kept.source_name if kept else deck.source,
        text=text,
        uploaded_by=kept.uploaded_by if kept else server.viewer.user_id,
        uploaded_at=now,
    )
    # One transaction: the suggestion is approved only if the deck holding it is saved.
    if not await context.store.approve_suggestion(
        suggestion.id, server.viewer.user_id, now, suggestion.question, saved
    ):
        raise web.HTTPConflict(text=_("That suggestion was already reviewed."))
    await context.decks_changed(server.id)  # this process's bank, and the version other processes check
    await audit(
        request,
        server,
        N_("suggestion approved"),
        _("#{number} into {deck}", number=suggestion.id, deck=deck.id),
    )
    raise see_other(f"/servers/{server.id}/suggestions?done=approved")
