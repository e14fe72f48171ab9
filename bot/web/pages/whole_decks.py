"""A deck as a whole: made (the form on the decks list), renamed, copied and deleted (after a confirmation).

Each page parses its form, asks the decks service (bot/decks/whole_decks.py: every rule, the quota, the one
save path) and draws its answer; a refusal is the service's sentence on the same page, nothing changed.
"""

from __future__ import annotations

from typing import Any

from aiohttp import web

from bot.bank.models import Deck
from bot.bank.part_sizes import MAX_DECK_ID_LENGTH, MAX_DECK_TITLE_LENGTH
from bot.decks.whole_decks import FIRST_QUESTION_ID
from bot.errors import UserError
from bot.locales import N_, _, n_
from bot.web.access import Server, moderator
from bot.web.changes import audit
from bot.web.context import context_of
from bot.web.pages._decks import deck_url, find_deck
from bot.web.pages.deck_list import deck_list_page
from bot.web.redirects import see_other
from bot.web.render import render

routes = web.RouteTableDef()
# The box a moderator ticks to delete a deck (a second POST: the confirmation page's form).
UNDERSTOOD = "understood"
TICKED = "yes"  # i18n: not shown (the box's value)


def _text(form: Any, name: str) -> str:
    value = form.get(name, "")
    return value if isinstance(value, str) else ""


def _questions(deck: Deck) -> str:
    return n_("{n} question", "{n} questions", len(deck.questions))


@routes.post("/servers/{guild_id}/decks/create")
@moderator
async def create(request: web.Request, server: Server) -> web.StreamResponse:
    """A new deck, then straight to the editor of the one question a deck needs to exist."""
    form = await request.post()
    shown = {"id": _text(form, "id").strip(), "title": _text(form, "title").strip()}
    try:
        saved = await context_of(request).whole_decks.create(
            server.id, shown["id"], shown["title"], by=server.viewer.user_id
        )
    except UserError as exc:
        return await deck_list_page(request, server, create_errors=[exc.sentence], create_form=shown)
    await audit(request, server, N_("deck created"), f"{saved.deck.id}: {saved.deck.title}")
    raise see_other(f"{deck_url(server, saved.deck)}/questions/{FIRST_QUESTION_ID}/edit")


async def _form_page(
    request: web.Request,
    server: Server,
    template: str,
    deck: Deck,
    *,
    sentence: str | None = None,
    form: dict[str, str] | None = None,
) -> web.StreamResponse:
    values = {
        "deck": deck,
        "deck_url": deck_url(server, deck),
        "sentence": sentence,
        "form": form or {},
        "id_limit": MAX_DECK_ID_LENGTH,
        "title_limit": MAX_DECK_TITLE_LENGTH,
        "understood_field": UNDERSTOOD,
        "ticked": TICKED,
    }
    return await render(request, template, values, status=422 if sentence else 200)


@routes.get("/servers/{guild_id}/decks/{deck_id}/rename")
@moderator
async def rename_page(request: web.Request, server: Server) -> web.StreamResponse:
    deck = await find_deck(request, server, editable=True)
    return await _form_page(request, server, "deck_rename.html", deck, form={"title": deck.title})


@routes.post("/servers/{guild_id}/decks/{deck_id}/rename")
@moderator
async def rename(request: web.Request, server: Server) -> web.StreamResponse:
    deck = await find_deck(request, server, editable=True)
    title = _text(await request.post(), "title")
    try:
        saved = await context_of(request).whole_decks.rename(
            server.id, deck.id, title, by=server.viewer.user_id
        )
    except UserError as exc:
        shown = {"title": title}
        return await _form_page(request, server, "deck_rename.html", deck, sentence=exc.sentence, form=shown)
    detail = _("{deck}: “{old}” is now “{new}”", deck=deck.id, old=deck.title, new=saved.deck.title)
    await audit(request, server, N_("deck renamed"), detail)
    raise see_other(f"{deck_url(server, deck)}?done=renamed")


@routes.get("/servers/{guild_id}/decks/{deck_id}/duplicate")
@moderator
async def duplicate_page(request: web.Request, server: Server) -> web.StreamResponse:
    deck = await find_deck(request, server)
    shown = {"id": f"{deck.id}-copy"[:MAX_DECK_ID_LENGTH], "title": deck.title}
    return await _form_page(request, server, "deck_duplicate.html", deck, form=shown)


@routes.post("/servers/{guild_id}/decks/{deck_id}/duplicate")
@moderator
async def duplicate(request: web.Request, server: Server) -> web.StreamResponse:
    deck = await find_deck(request, server)
    form = await request.post()
    shown = {"id": _text(form, "id").strip(), "title": _text(form, "title")}
    try:
        saved = await context_of(request).whole_decks.duplicate(
            server.id, deck.id, shown["id"], title=shown["title"], by=server.viewer.user_id
        )
    except UserError as exc:
        return await _form_page(
            request, server, "deck_duplicate.html", deck, sentence=exc.sentence, form=shown
        )
    copy = saved.deck
    detail = _("{copy} from {deck} ({questions})", copy=copy.id, deck=deck.id, questions=_questions(copy))
    await audit(request, server, N_("deck copied"), detail)
    raise see_other(f"{deck_url(server, copy)}?done=copied")


@routes.get("/servers/{guild_id}/decks/{deck_id}/delete")
@moderator
async def confirm_delete(request: web.Request, server: Server) -> web.StreamResponse:
    deck = await find_deck(request, server, editable=True)
    return await _form_page(request, server, "deck_delete.html", deck)


@routes.post("/servers/{guild_id}/decks/{deck_id}/delete")
@moderator
async def delete(request: web.Request, server: Server) -> web.StreamResponse:
    deck = await find_deck(request, server, editable=True)
    if (await request.post()).get(UNDERSTOOD) != TICKED:
        sentence = _("Nothing was deleted: tick the box to say you understand what deleting does.")
        return await _form_page(request, server, "deck_delete.html", deck, sentence=sentence)
    try:
        gone = await context_of(request).whole_decks.delete(server.id, deck.id)
    except UserError as exc:
        return await _form_page(request, server, "deck_delete.html", deck, sentence=exc.sentence)
    await audit(request, server, N_("deck deleted"), f"{gone.id}: {gone.title} ({_questions(gone)})")
    raise see_other(f"/servers/{server.id}/decks?done=deleted")
