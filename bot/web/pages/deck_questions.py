"""One deck's questions: the list in pages with its search, reordering and deleting a question."""

from __future__ import annotations

from aiohttp import web

from bot.bank.editing import EditError, delete_question, move_question
from bot.bank.models import Deck, Kind
from bot.locales import N_, _, n_, number
from bot.web.access import Server, moderator
from bot.web.pages import _decks
from bot.web.pages._questions import back, deck_values, editable_question
from bot.web.question_pages import MAX_SEARCH, Place, QuestionPage, page_of, question_page
from bot.web.redirects import see_other
from bot.web.render import render

routes = web.RouteTableDef()


def _summary(listing: QuestionPage, total: int) -> tuple[str | None, str | None]:
    """What the list says above its table: which questions it shows, and what the search found."""
    found = None
    search = listing.place.search
    if search:
        found = (
            n_(
                "{n} question matches “{search}”.",
                "{n} questions match “{search}”.",
                listing.matches,
                search=search,
            )
            if listing.matches
            else _("No question of this deck matches “{search}”.", search=search)
        )
    if not listing.rows:
        return None, found
    whole = number(listing.matches if search else total)
    shown = (
        _("Question {first} of {total}", first=number(listing.first), total=whole)
        if listing.first == listing.last
        else _(
            "Questions {first}–{last} of {total}",
            first=number(listing.first),
            last=number(listing.last),
            total=whole,
        )
    )
    return shown, found


@routes.get("/servers/{guild_id}/decks/{deck_id}")
@moderator
async def deck_page(request: web.Request, server: Server) -> web.StreamResponse:
    deck = await _decks.find_deck(request, server)
    return await _deck_page(request, server, deck)


async def _deck_page(
    request: web.Request, server: Server, deck: Deck, *, sentence: str | None = None, status: int = 200
) -> web.StreamResponse:
    """A page of the deck's questions (PAGE_SIZE of them), at the page and search the query names."""
    listing = await question_page(deck, Place.of(request.query))
    shown, found = _summary(listing, len(deck.questions))
    place, url = listing.place, _decks.deck_url(server, deck)
    values = {
        "deck": deck,
        "deck_url": url,
        "editable": deck.guild_id == server.id,
        **await _decks.version_values(request, server),
        "sentence": sentence,
        "done": request.query.get("done"),  # what the deck's own forms did (renamed, copied)
        "text_kind": Kind.TEXT,
        "listing": listing,
        "back": f"?{place.query()}" if place.query() else "",  # carried by each question's links
        "shown": shown,
        "found": found,
        "search_limit": MAX_SEARCH,
        "previous_url": place.url(url, place.page - 1) if place.page > 1 else None,
        "next_url": place.url(url, place.page + 1) if place.page < listing.pages else None,
    }
    return await render(request, "deck.html", values, status=status)


async def _changed_meanwhile(request: web.Request, server: Server) -> web.StreamResponse | None:
    """The deck's page saying it changed meanwhile, when the form posted was drawn from another version."""
    post = await request.post()  # aiohttp reads the body once: the route that asks again gets the same
    if await _decks.check_version(request, server, post.get(_decks.VERSION_FIELD)):
        return None
    return await _deck_page(
        request,
        server,
        await _decks.find_deck(request, server),
        sentence=_decks.changed_meanwhile(),
        status=409,
    )


@routes.post("/servers/{guild_id}/decks/{deck_id}/questions/{question_id}/move")
@moderator
async def move(request: web.Request, server: Server) -> web.StreamResponse:
    deck, question = await editable_question(request, server)
    post = await request.post()
    if (stale := await _changed_meanwhile(request, server)) is not None:
        return stale
    where = deck.questions.index(question)
    to = {"up": where - 1, "down": where + 1, "first": 0, "last": len(deck.questions) - 1}.get(
        str(post.get("to", "")), where
    )
    after = deck
    if to != where:
        moved = f"{deck.id}/{question.id}"
        after = await _decks.save_deck(
            request,
            server,
            move_question(deck, question.id, to),
            N_("question moved"),
            _(
                "{question} from {old} to {new}",
                question=moved,
                old=where + 1,
                new=max(0, min(to, len(deck.questions) - 1)) + 1,
            ),
        )
    # Back to the page the question now stands on (or, after a search, to the same search's page).
    moved_to = None if Place.of(request.query).search else page_of(after, question.id)
    raise see_other(f"{back(server, deck, request, moved_to)}#question-{question.id}")


@routes.get("/servers/{guild_id}/decks/{deck_id}/questions/{question_id}/delete")
@moderator
async def confirm_delete(request: web.Request, server: Server) -> web.StreamResponse:
    deck, question = await editable_question(request, server)
    values = {
        **deck_values(request, server, deck),
        "question": question,
        **await _decks.version_values(request, server),
    }
    return await render(request, "question_delete.html", values)


@routes.post("/servers/{guild_id}/decks/{deck_id}/questions/{question_id}/delete")
@moderator
async def delete(request: web.Request, server: Server) -> web.StreamResponse:
    deck, question = await editable_question(request, server)
    if (stale := await _changed_meanwhile(request, server)) is not None:
        return stale
    try:
        edited = delete_question(deck, question.id)
    except EditError as exc:
        return await _deck_page(
            request, server, deck, sentence=_("Nothing was deleted: {problem}", problem=exc), status=422
        )
    await _decks.save_deck(request, server, edited, N_("question deleted"), f"{deck.id}/{question.id}")
    raise see_other(back(server, deck, request))  # the same page (the last, when it was emptied)
