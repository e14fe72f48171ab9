"""One deck's questions: the list, the question editor with its preview, adding, deleting, reordering."""

from __future__ import annotations

from typing import Any

from aiohttp import web
from multidict import MultiDictProxy

from bot.bank import part_sizes
from bot.bank.editing import (
    Checked,
    EditError,
    QuestionForm,
    add_question,
    check_question,
    delete_question,
    move_question,
    replace_question,
)
from bot.bank.models import Deck, Kind, Question
from bot.bank.problems import DeckError
from bot.bank.reader import DIFFICULTIES
from bot.decks.quota import ServerDecksFull
from bot.locales import N_, _, n_, number
from bot.looks.preview import Preview, preview
from bot.web.access import Server, moderator
from bot.web.context import context_of
from bot.web.discord_look import spans
from bot.web.pages._decks import (
    VERSION_FIELD,
    changed_meanwhile,
    check_version,
    current_version,
    deck_url,
    find_deck,
    save_deck,
)
from bot.web.question_pages import MAX_SEARCH, Place, QuestionPage, page_of, question_page
from bot.web.redirects import see_other
from bot.web.render import render
from bot.web.settings_form import option_words

routes = web.RouteTableDef()
KINDS = (
    ("choice", N_("Choices (buttons A–E)")),
    ("truefalse", N_("True or false")),
    ("text", N_("Typed answer")),
    ("poll", N_("Poll (no right answer)")),
)


async def _editable_question(request: web.Request, server: Server) -> tuple[Deck, Question]:
    """The server's own deck and the question of it the path names (404 for either not there)."""
    deck = await find_deck(request, server, editable=True)
    return deck, _question(deck, request)


def _deck_values(request: web.Request, server: Server, deck: Deck) -> dict[str, Any]:
    """What every page about one of a deck's questions shows: the deck, its page and the way back."""
    return {"deck": deck, "deck_url": deck_url(server, deck), "back_url": _back(server, deck, request)}


def _question(deck: Deck, request: web.Request) -> Question:
    question = deck.question(request.match_info["question_id"])
    if question is None:
        raise web.HTTPNotFound(
            text=_(
                "The deck `{deck}` has no question `{question}`.",
                deck=deck.id,
                question=request.match_info["question_id"],
            )
        )
    return question


def _form_of(post: MultiDictProxy[Any]) -> QuestionForm:
    def text(name: str) -> str:
        value = post.get(name, "")
        return value if isinstance(value, str) else ""

    kind = text("kind") or "choice"
    if kind == "truefalse":
        answer = {"true": [0], "false": [1]}.get(text("truth"), [])
    else:
        answer = [
            int(v) for v in post.getall("right", []) if isinstance(v, str) and v.isdigit() and len(v) < 3
        ]
    return QuestionForm(
        id=text("id").strip(),
        kind=kind,
        prompt=text("prompt"),
        choices=[text(f"choice{i}") for i in range(part_sizes.MAX_CHOICES)],
        answer=answer,
        accepted=text("accepted").splitlines(),
        explanation=text("explanation"),
        translations=text("translations"),
        tags=text("tags"),
        difficulty=text("difficulty"),
        image=text("image"),
        lang=text("lang"),
    )


def _fresh_id(deck: Deck) -> str:
    n = len(deck.questions) + 1
    while deck.question(f"q-{n}") is not None:
        n += 1
    return f"q-{n}"


def _preview_values(shown: Preview | None, request: web.Request) -> dict[str, Any]:
    now = context_of(request).clock()
    if shown is None:
        return {"preview": None}
    return {
        "preview": shown,
        "asked_lines": spans(shown.question.embed.description, now),
        "revealed_lines": spans(shown.reveal.embed.description, now),
    }


async def _editor(
    request: web.Request,
    server: Server,
    deck: Deck,
    form: QuestionForm,
    *,
    editing: Question | None,
    checked: Checked | None = None,
    shown: Preview | None = None,
    sentence: str | None = None,
    status: int = 200,
) -> web.StreamResponse:
    errors: dict[str, list[str]] = {}
    for error in checked.errors if checked else ():
        errors.setdefault(error.field, []).append(error.message)
    choices = [*form.choices, *[""] * part_sizes.MAX_CHOICES][: part_sizes.MAX_CHOICES]
    values = {
        **_deck_values(request, server, deck),
        "editing": editing,
        "form": form,
        "choices": choices,
        "errors": errors,
        "kinds": [(value, _(words)) for value, words in KINDS],
        "difficulties": DIFFICULTIES,
        "option_words": option_words,
        "sentence": sentence,
        "version": await current_version(request, server),
        "version_field": VERSION_FIELD,
        **_preview_values(shown, request),
    }
    return await render(request, "question_edit.html", values, status=status)


def _back(server: Server, deck: Deck, request: web.Request, page: int | None = None) -> str:
    """The deck's list at the page and search the request carries (`?page=2&q=...`): a path of this
    site by construction, the deck's own path and a query of a number and the search."""
    return Place.of(request.query).url(deck_url(server, deck), page)


def _place_query(request: web.Request) -> str:
    """The page and search a question page carries on to its links ("?page=2&q=cell"; "" for none)."""
    query = Place.of(request.query).query()
    return f"?{query}" if query else ""


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
    deck = await find_deck(request, server)
    return await _deck_page(request, server, deck)


async def _deck_page(
    request: web.Request, server: Server, deck: Deck, *, sentence: str | None = None, status: int = 200
) -> web.StreamResponse:
    """A page of the deck's questions (PAGE_SIZE of them), at the page and search the query names."""
    listing = await question_page(deck, Place.of(request.query))
    shown, found = _summary(listing, len(deck.questions))
    place, url = listing.place, deck_url(server, deck)
    values = {
        "deck": deck,
        "deck_url": url,
        "editable": deck.guild_id == server.id,
        "version": await current_version(request, server),
        "version_field": VERSION_FIELD,
        "sentence": sentence,
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
    if await check_version(request, server, post.get(VERSION_FIELD)):
        return None
    return await _deck_page(
        request, server, await find_deck(request, server), sentence=changed_meanwhile(), status=409
    )


@routes.get("/servers/{guild_id}/decks/{deck_id}/questions/new")
@moderator
async def new_question(request: web.Request, server: Server) -> web.StreamResponse:
    deck = await find_deck(request, server, editable=True)
    return await _editor(request, server, deck, QuestionForm(id=_fresh_id(deck)), editing=None)


@routes.get("/servers/{guild_id}/decks/{deck_id}/questions/{question_id}/edit")
@moderator
async def edit_question(request: web.Request, server: Server) -> web.StreamResponse:
    deck, question = await _editable_question(request, server)
    return await _editor(request, server, deck, QuestionForm.of(question, deck.language), editing=question)


@routes.post("/servers/{guild_id}/decks/{deck_id}/questions/new")
@moderator
async def add(request: web.Request, server: Server) -> web.StreamResponse:
    return await _save(request, server, replacing=None)


@routes.post("/servers/{guild_id}/decks/{deck_id}/questions/{question_id}/edit")
@moderator
async def save(request: web.Request, server: Server) -> web.StreamResponse:
    return await _save(request, server, replacing=request.match_info["question_id"])


async def _save(request: web.Request, server: Server, *, replacing: str | None) -> web.StreamResponse:
    """Check the form with the deck validator; "preview" only draws it, "save" keeps it when it passes."""
    deck = await find_deck(request, server, editable=True)
    editing = _question(deck, request) if replacing is not None else None
    post = await request.post()
    form = _form_of(post)
    checked = check_question(form, deck, replacing=replacing)
    question = checked.question
    if question is None:
        return await _editor(
            request,
            server,
            deck,
            form,
            editing=editing,
            checked=checked,
            sentence=_("Nothing was saved: fix what is marked below."),
            status=422,
        )
    shown = preview(question, deck, context_of(request).clock())
    if post.get("action") == "preview":
        return await _editor(request, server, deck, form, editing=editing, checked=checked, shown=shown)
    if not await check_version(request, server, post.get(VERSION_FIELD)):
        fresh = await find_deck(request, server, editable=True)
        return await _editor(
            request,
            server,
            fresh,
            form,
            editing=editing,
            checked=checked,
            shown=shown,
            sentence=changed_meanwhile(),
            status=409,
        )
    try:
        if replacing is None:
            edited = add_question(deck, question)
            action, detail = N_("question added"), f"{deck.id}/{question.id}"
        else:
            edited = replace_question(deck, replacing, question)
            action = N_("question edited")
            detail = f"{deck.id}/{replacing}"
            if question.id != replacing:
                detail = _("{old} (now {new})", old=detail, new=question.id)
        await save_deck(request, server, edited, action, detail)
    except (EditError, DeckError, ServerDecksFull) as exc:
        return await _editor(
            request,
            server,
            deck,
            form,
            editing=editing,
            checked=checked,
            shown=shown,
            sentence=_("Nothing was saved: {problem}", problem=exc),
            status=422,
        )
    place = Place.of(request.query).query()
    raise see_other(
        f"{deck_url(server, deck)}/questions/{question.id}/preview?saved=1" + (f"&{place}" if place else "")
    )


@routes.get("/servers/{guild_id}/decks/{deck_id}/questions/{question_id}/preview")
@moderator
async def preview_page(request: web.Request, server: Server) -> web.StreamResponse:
    deck = await find_deck(request, server)
    question = _question(deck, request)
    lang = request.query.get("lang")
    shown = preview(
        question, deck, context_of(request).clock(), lang=lang if lang in question.languages else None
    )
    values = {
        **_deck_values(request, server, deck),
        "back": _place_query(request),
        "question": question,
        "editable": deck.guild_id == server.id,
        "saved": request.query.get("saved") == "1",
        "lang": lang,
        **_preview_values(shown, request),
    }
    return await render(request, "question_preview.html", values)


@routes.post("/servers/{guild_id}/decks/{deck_id}/questions/{question_id}/move")
@moderator
async def move(request: web.Request, server: Server) -> web.StreamResponse:
    deck, question = await _editable_question(request, server)
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
        after = await save_deck(
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
    raise see_other(f"{_back(server, deck, request, moved_to)}#question-{question.id}")


@routes.get("/servers/{guild_id}/decks/{deck_id}/questions/{question_id}/delete")
@moderator
async def confirm_delete(request: web.Request, server: Server) -> web.StreamResponse:
    deck, question = await _editable_question(request, server)
    values = {
        **_deck_values(request, server, deck),
        "question": question,
        "version": await current_version(request, server),
        "version_field": VERSION_FIELD,
    }
    return await render(request, "question_delete.html", values)


@routes.post("/servers/{guild_id}/decks/{deck_id}/questions/{question_id}/delete")
@moderator
async def delete(request: web.Request, server: Server) -> web.StreamResponse:
    deck, question = await _editable_question(request, server)
    if (stale := await _changed_meanwhile(request, server)) is not None:
        return stale
    try:
        edited = delete_question(deck, question.id)
    except EditError as exc:
        return await _deck_page(
            request, server, deck, sentence=_("Nothing was deleted: {problem}", problem=exc), status=422
        )
    await save_deck(request, server, edited, N_("question deleted"), f"{deck.id}/{question.id}")
    raise see_other(_back(server, deck, request))  # the same page (the last, when it was emptied)
