"""A server's decks: its own and the built-in ones, importing a file as `/deck import` does, exporting one.

The list also holds the form that makes a new deck (pages/whole_decks.py takes it)."""

from __future__ import annotations

import asyncio
from typing import Any

from aiohttp import web

from bot.bank.exports import EXPORT_FORMATS
from bot.bank.importers import Format, Imported, import_deck
from bot.bank.part_sizes import MAX_DECK_ID_LENGTH, MAX_DECK_TITLE_LENGTH
from bot.bank.problems import DeckError
from bot.decks.server_decks import ServerDecks
from bot.errors import UserError
from bot.locales import N_, _, n_
from bot.web.access import Server, moderator
from bot.web.changes import audit
from bot.web.context import context_of
from bot.web.pages import NavLink
from bot.web.pages._decks import find_deck, server_bank, version_values
from bot.web.render import download, render

routes = web.RouteTableDef()
SERVER_NAV = (NavLink(N_("Decks"), "decks", order=20),)

FORMATS = (
    ("auto", N_("Detect from the content")),
    (Format.YAML.value, N_("Our YAML")),
    (Format.CSV.value, N_("CSV / TSV (spreadsheets, Quizlet, Kotoba)")),
    (Format.RED.value, N_("Red-DiscordBot trivia list")),
    (Format.TEXT.value, N_("Numbered text (1. question, marked choices)")),
    (Format.OPENTDB.value, N_("Open Trivia DB JSON")),
    (Format.GIFT.value, N_("Moodle GIFT (.gift, .txt)")),
    (Format.MOODLE_XML.value, N_("Moodle XML (.xml)")),
    (Format.BLACKBOARD.value, N_("Blackboard upload text (MC, TF, FIB, NUM lines)")),
    (Format.KAHOOT.value, N_("Kahoot spreadsheet template (.xlsx)")),
    (Format.WAYGROUND.value, N_("Wayground (Quizizz) spreadsheet template (.xlsx)")),
    (Format.QTI.value, N_("Canvas quiz export, QTI 1.2 (.zip, .xml)")),
    (Format.ANKI.value, N_("Anki package (.apkg, .colpkg)")),
)


async def deck_list_page(request: web.Request, server: Server, **extra: object) -> web.StreamResponse:
    """The list, with what a form posted to it brought back (`extra`: its errors, its summary)."""
    decks = (await server_bank(request, server)).decks_for(server.id)
    values = {
        "own": [d for d in decks if d.guild_id == server.id],
        "built_in": [d for d in decks if d.guild_id is None],
        "formats": [(value, _(words)) for value, words in FORMATS],
        **await version_values(request, server),
        "title_limit": MAX_DECK_TITLE_LENGTH,
        "import_errors": [],
        "import_notes": [],
        "imported": None,
        "form": {},
        "create_errors": [],
        "create_form": {},
        "done": request.query.get("done"),
        "id_limit": MAX_DECK_ID_LENGTH,
    }
    values.update(extra)
    refused = values["import_errors"] or values["create_errors"]
    return await render(request, "decks.html", values, status=422 if refused else 200)


@routes.get("/servers/{guild_id}/decks")
@moderator
async def decks(request: web.Request, server: Server) -> web.StreamResponse:
    return await deck_list_page(request, server)


@routes.post("/servers/{guild_id}/decks/import")
@moderator
async def import_file(request: web.Request, server: Server) -> web.StreamResponse:
    """A file in any format /deck import reads, through the same importer; nothing is kept on a problem."""
    form = await request.post()
    shown = {
        "name": str(form.get("name", "")).strip(),
        "format": str(form.get("format", "auto")),
        "distractors": "distractors" in form,
        "keep_valid": "keep_valid" in form,
    }
    upload = form.get("file")
    decks = context_of(request).decks
    await decks.fresh(server.id)
    deck_id, errors = _checked_form(decks, server, shown)
    if not isinstance(upload, web.FileField):
        errors.append(_("Choose the file to import."))
    if errors or not isinstance(upload, web.FileField):
        return await deck_list_page(request, server, import_errors=errors, form=shown)
    return await _import_upload(request, server, upload, deck_id, shown)


def _checked_form(decks: ServerDecks, server: Server, shown: dict[str, Any]) -> tuple[str, list[str]]:
    """The id the deck gets (as /deck import gives it), and what is wrong with the form."""
    name, deck_id, errors = shown["name"], "", []
    if not name or len(name) > MAX_DECK_TITLE_LENGTH:
        errors.append(_("Give the deck a name of 1 to {most} characters.", most=MAX_DECK_TITLE_LENGTH))
    else:
        try:
            deck_id = decks.new_deck_id(server.id, name)
        except UserError as exc:
            errors.append(exc.sentence)
    if shown["format"] != "auto" and shown["format"] not in {f.value for f in Format}:
        errors.append(_("Choose one of the formats offered."))
    return deck_id, errors


async def _import_upload(
    request: web.Request, server: Server, upload: web.FileField, deck_id: str, shown: dict[str, Any]
) -> web.StreamResponse:
    source = upload.filename or "upload"
    try:
        # Parsing a large file takes a moment of CPU: off the event loop, as /deck import does.
        imported, found = await asyncio.to_thread(
            import_deck,
            upload.file.read(),
            source,
            deck_id=deck_id,
            title=shown["name"],
            fmt=None if shown["format"] == "auto" else Format(shown["format"]),
            distractors=bool(shown["distractors"]),
            guild_id=server.id,
        )
    except DeckError as exc:
        lines = [_("{file} could not be imported; nothing was changed.", file=source)]
        return await deck_list_page(
            request, server, import_errors=lines + [str(p) for p in exc.problems], form=shown
        )
    if imported.left_out and not shown["keep_valid"]:
        return await deck_list_page(request, server, import_errors=_left_out(imported, source), form=shown)
    try:
        saved = await context_of(request).decks.save_import(
            server.id, imported.deck, imported.text, source=source, by=server.viewer.user_id
        )
    except UserError as exc:
        return await deck_list_page(request, server, import_errors=[exc.sentence], form=shown)
    count = len(saved.deck.questions)
    detail = _import_detail(deck_id, source, found, count, saved.replaced)
    await audit(request, server, N_("deck imported"), detail)
    # What was set aside (an essay, a kind no round plays) is said too, by line, with the notes.
    said = sorted((*imported.left_out, *imported.set_aside), key=lambda p: p.line)
    notes = [str(p) for p in (*imported.notes, *said)]
    summary = _import_summary(deck_id, source, count, saved.replaced)
    return await deck_list_page(request, server, imported=summary, import_notes=notes)


def _left_out(imported: Imported, source: str) -> list[str]:
    lines = [
        n_(
            "{n} question of {file} cannot be imported, so nothing was changed. "
            "Fix it, or tick “keep the good questions” to import the rest:",
            "{n} questions of {file} cannot be imported, so nothing was changed. "
            "Fix them, or tick “keep the good questions” to import the rest:",
            len(imported.left_out),
            file=source,
        )
    ]
    return lines + [str(p) for p in imported.left_out]


def _import_detail(deck_id: str, source: str, fmt: Format, count: int, replaced: bool) -> str:
    if replaced:
        return n_(
            "{deck} from {file} ({format}, {n} question, replacing the old one)",
            "{deck} from {file} ({format}, {n} questions, replacing the old one)",
            count,
            deck=deck_id,
            file=source,
            format=fmt.value,
        )
    return n_(
        "{deck} from {file} ({format}, {n} question)",
        "{deck} from {file} ({format}, {n} questions)",
        count,
        deck=deck_id,
        file=source,
        format=fmt.value,
    )


def _import_summary(deck_id: str, source: str, count: int, replaced: bool) -> str:
    if replaced:
        return n_(
            "Imported {n} question from {file} as `{deck}` (it replaces the deck of that id).",
            "Imported {n} questions from {file} as `{deck}` (it replaces the deck of that id).",
            count,
            file=source,
            deck=deck_id,
        )
    return n_(
        "Imported {n} question from {file} as `{deck}`.",
        "Imported {n} questions from {file} as `{deck}`.",
        count,
        file=source,
        deck=deck_id,
    )


@routes.get("/servers/{guild_id}/decks/{deck_id}/export")
@moderator
async def export(request: web.Request, server: Server) -> web.StreamResponse:
    deck = await find_deck(request, server)
    chosen = EXPORT_FORMATS.get(request.query.get("format", "yaml"))
    if chosen is None:
        raise web.HTTPBadRequest(text=_("Export as one of: {formats}.", formats=", ".join(EXPORT_FORMATS)))
    if chosen.suffix == "yaml" and deck.guild_id == server.id:
        zipped = await context_of(request).pictures.zipped(server.id, deck)  # its pictures beside it
        if zipped is not None:
            return download(zipped, f"{deck.id}.zip", "application/zip")
    written = await asyncio.to_thread(chosen.write, deck)  # in proportion to the deck: off the event loop
    return download(written.data, chosen.filename(deck), chosen.media_type)
