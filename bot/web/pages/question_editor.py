"""The question editor: a new question or an edit, checked by the deck validator, previewed, then saved."""

from __future__ import annotations

import functools

from aiohttp import web

from bot.bank.editing import Checked, EditError, QuestionForm, add_question, replace_question
from bot.bank.editor_checks import check_form
from bot.bank.editor_form import (
    EditorForm,
    Posted,
    Translated,
    posted_languages,
    read_form,
    translation_languages,
)
from bot.bank.models import Deck, Question
from bot.bank.pictures import MAX_PICTURE_BYTES
from bot.bank.problems import DeckError
from bot.bank.reader import DIFFICULTIES
from bot.decks.quota import ServerDecksFull
from bot.locales import N_, SHIPPED, _
from bot.looks.preview import Preview, preview
from bot.web.access import Server, moderator
from bot.web.context import context_of
from bot.web.editor_values import editor_fields
from bot.web.pages import _decks
from bot.web.pages._pictures import take_picture
from bot.web.pages._questions import deck_values, editable_question, place_query, preview_values, question_of
from bot.web.question_pages import Place
from bot.web.redirects import see_other
from bot.web.render import render
from bot.web.settings_form import option_words

routes = web.RouteTableDef()
NOTHING_SAVED = N_("Nothing was saved: fix what is marked below.")
# The kinds the editor offers, in its radios' order; each has a fieldset in question_edit.html (and a
# reader in bot.bank.editor_form.KIND_FIELDS).
KINDS = (
    ("choice", N_("Choices (buttons A–E)")),
    ("truefalse", N_("True or false")),
    ("text", N_("Typed answer")),
    ("poll", N_("Poll (no right answer)")),
    ("number", N_("Typed number")),
    ("multi", N_("Select all that apply (a menu)")),
    ("cloze", N_("Blanks to fill (a field for each)")),
    ("match", N_("Pairs to match (a menu for each)")),
    ("order", N_("Items to put in order")),
)


def _fresh_id(deck: Deck) -> str:
    n = len(deck.questions) + 1
    while deck.question(f"q-{n}") is not None:
        n += 1
    return f"q-{n}"


async def _editor(
    request: web.Request,
    server: Server,
    deck: Deck,
    form: EditorForm,
    *,
    editing: Question | None,
    checked: Checked | None = None,
    shown: Preview | None = None,
    sentence: str | None = None,
    status: int = 200,
    picture_refused: str | None = None,
) -> web.StreamResponse:
    errors: dict[str, list[str]] = {"image": [picture_refused]} if picture_refused else {}
    for error in checked.errors if checked else ():
        errors.setdefault(error.field, []).append(error.message)
    values = {
        **deck_values(request, server, deck),
        **editor_fields(form),
        "editing": editing,
        "errors": errors,
        "kinds": [(value, _(words)) for value, words in KINDS],
        "difficulties": DIFFICULTIES,
        "option_words": option_words,
        "sentence": sentence,
        **await _decks.version_values(request, server),
        "picture_most": MAX_PICTURE_BYTES // 1024 // 1024,
        **preview_values(shown, request),
    }
    return await render(request, "question_edit.html", values, status=status)


@routes.get("/servers/{guild_id}/decks/{deck_id}/questions/new")
@moderator
async def new_question(request: web.Request, server: Server) -> web.StreamResponse:
    deck = await _decks.find_deck(request, server, editable=True)
    languages = translation_languages(deck.language, SHIPPED)
    form = EditorForm(QuestionForm(id=_fresh_id(deck)), [Translated(code) for code in languages])
    return await _editor(request, server, deck, form, editing=None)


@routes.get("/servers/{guild_id}/decks/{deck_id}/questions/{question_id}/edit")
@moderator
async def edit_question(request: web.Request, server: Server) -> web.StreamResponse:
    deck, question = await editable_question(request, server)
    form = EditorForm.of(question, deck.language, translation_languages(question.lang, SHIPPED))
    return await _editor(request, server, deck, form, editing=question)


@routes.post("/servers/{guild_id}/decks/{deck_id}/questions/new")
@moderator
async def add(request: web.Request, server: Server) -> web.StreamResponse:
    return await _save(request, server, replacing=None)


@routes.post("/servers/{guild_id}/decks/{deck_id}/questions/{question_id}/edit")
@moderator
async def save(request: web.Request, server: Server) -> web.StreamResponse:
    return await _save(request, server, replacing=request.match_info["question_id"])


async def _save(request: web.Request, server: Server, *, replacing: str | None) -> web.StreamResponse:
    """Check the form (the kind chosen decides which fields count); "preview" only draws it, "save" keeps it when it passes."""
    deck = await _decks.find_deck(request, server, editable=True)
    editing = question_of(deck, request) if replacing is not None else None
    post = await request.post()
    taken = await take_picture(request, server, deck, post, Posted.of(post.items()))
    posted = taken.posted
    form = read_form(posted, posted_languages(deck.language, posted))
    checked = check_form(form, deck, replacing=replacing)
    question = checked.question
    again = functools.partial(_editor, request, server, deck, form, editing=editing, checked=checked)
    if taken.refusal is not None:
        return await again(sentence=_(NOTHING_SAVED), status=422, picture_refused=taken.refusal)
    if question is None:
        return await again(sentence=_(NOTHING_SAVED), status=422)
    shown = preview(question, deck, context_of(request).clock())
    if post.get("action") == "preview":
        return await again(shown=shown)
    if not await _decks.check_version(request, server, post.get(_decks.VERSION_FIELD)):
        fresh = await _decks.find_deck(request, server, editable=True)
        return await _editor(
            request,
            server,
            fresh,
            form,
            editing=editing,
            checked=checked,
            shown=shown,
            sentence=_decks.changed_meanwhile(),
            status=409,
        )
    try:
        await _keep(request, server, deck, question, replacing=replacing)
    except (EditError, DeckError, ServerDecksFull) as exc:
        return await again(shown=shown, sentence=_("Nothing was saved: {problem}", problem=exc), status=422)
    place = Place.of(request.query).query()
    raise see_other(
        f"{_decks.deck_url(server, deck)}/questions/{question.id}/preview?saved=1"
        + (f"&{place}" if place else "")
    )


async def _keep(
    request: web.Request, server: Server, deck: Deck, question: Question, *, replacing: str | None
) -> None:
    """The question added to the deck, or put in the place of `replacing`, saved with its audit line."""
    if replacing is None:
        edited = add_question(deck, question)
        action, detail = N_("question added"), f"{deck.id}/{question.id}"
    else:
        edited = replace_question(deck, replacing, question)
        action, detail = N_("question edited"), f"{deck.id}/{replacing}"
        if question.id != replacing:
            detail = _("{old} (now {new})", old=detail, new=question.id)
    saved = await _decks.save_deck(request, server, edited, action, detail)
    replaced = None if replacing is None else getattr(deck.question(replacing), "image", None)
    await context_of(request).pictures.keep_shown(server.id, saved, replaced)


@routes.get("/servers/{guild_id}/decks/{deck_id}/questions/{question_id}/preview")
@moderator
async def preview_page(request: web.Request, server: Server) -> web.StreamResponse:
    deck = await _decks.find_deck(request, server)
    question = question_of(deck, request)
    lang = request.query.get("lang")
    shown = preview(
        question, deck, context_of(request).clock(), lang=lang if lang in question.languages else None
    )
    values = {
        **deck_values(request, server, deck),
        "back": place_query(request),
        "question": question,
        "editable": deck.guild_id == server.id,
        "saved": request.query.get("saved") == "1",
        "lang": lang,
        **preview_values(shown, request),
    }
    return await render(request, "question_preview.html", values)
