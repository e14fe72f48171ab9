"""A server's suggested questions (/deck suggest): approve one into its deck, or reject it, through the
decks service /deck review uses (bot/decks/server_decks.py)."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from bot.bank.suggestions import from_json, typed_fields
from bot.decks.server_decks import SuggestionGone
from bot.errors import UserError
from bot.locales import N_, _
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
    right = str(choices[int(fields.get("answer", 0))]) if choices else None
    answers = [str(a) for a in fields.get("answers", [])]
    return {
        "prompt": str(fields.get("prompt", "")),
        "choices": choices,
        "right": right,
        "answers": answers,
        "explanation": str(fields.get("explanation", "")),
        # The edit form's fields, as /deck review's form has them: the right answer, the wrong ones a line each.
        "edit_right": right if right is not None else (answers[0] if answers else ""),
        "edit_wrong": "\n".join(c for c in choices if c != right),
    }


@routes.get("/servers/{guild_id}/suggestions")
@moderator
async def suggestions(request: web.Request, server: Server) -> web.StreamResponse:
    context = context_of(request)
    waiting = await context.decks.pending(server.id, limit=SHOWN)
    names = await context.faces.names(s.author_id for s in waiting)
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
    decks = context_of(request).decks
    suggestion_id = int(request.match_info["suggestion_id"])
    post = await request.post()
    action = post.get("action")
    if action not in ("approve", "reject", "approve-edited"):
        raise web.HTTPBadRequest(text=_("Choose Approve or Reject."))
    try:
        if action == "reject":
            suggestion = await decks.reject(server.id, suggestion_id, server.viewer.user_id)
            done, detail = (
                N_("suggestion rejected"),
                _("#{number} for {deck}", number=suggestion.id, deck=suggestion.deck_id),
            )
        else:
            fields = None
            if action == "approve-edited":
                waiting = await decks.reviewable(server.id, suggestion_id)
                fields = typed_fields(post, waiting.author_id)  # only its four fields are read
            suggestion, _saved = await decks.approve(server.id, suggestion_id, server.viewer.user_id, fields)
            done, detail = (
                N_("suggestion approved"),
                _("#{number} into {deck}", number=suggestion.id, deck=suggestion.deck_id),
            )
    except SuggestionGone as exc:
        raise web.HTTPNotFound(text=exc.sentence) from exc
    except UserError as exc:
        raise web.HTTPConflict(text=exc.sentence) from exc
    await audit(request, server, done, detail)
    raise see_other(
        f"/servers/{server.id}/suggestions?done={'rejected' if action == 'reject' else 'approved'}"
    )
