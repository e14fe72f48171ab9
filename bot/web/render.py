"""Pages drawn from the Jinja2 templates (autoescaped: a deck's words are shown as text, never as HTML)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import web

from bot.bank.exports import EXPORT_FORMATS
from bot.bank.pictures import picture_name
from bot.locales import (
    N_,
    day,
    day_and_month,
    decimal,
    language,
    moment,
    number,
    percent,
    slash,
    translations,
)
from bot.web.access import SERVER, Server
from bot.web.language import switch_links
from bot.web.security import CSRF_FIELD
from bot.web.sessions import csrf_token, viewer
from bot.web.theme import NEXT_FIELD, THEME_FIELD, THEMES, back_here, page_theme

# How the pages name a round's status and a question's kind (the store and the deck keep the value).
STATUS_WORDS = {
    "running": N_("running"),
    "finished": N_("finished"),
    "stopped": N_("stopped"),
    "interrupted": N_("interrupted"),
}
KIND_WORDS = {
    "choice": N_("choices"),
    "truefalse": N_("true or false"),
    "text": N_("typed answer"),
    "number": N_("typed number"),
    "multi": N_("select all that apply"),
    "cloze": N_("blanks to fill"),
    "match": N_("pairs to match"),
    "order": N_("items to put in order"),
    "poll": N_("poll"),
}


def status_words(status: str) -> str:
    return _gettext(STATUS_WORDS[status]) if status in STATUS_WORDS else status


def kind_words(kind: str) -> str:
    return _gettext(KIND_WORDS[kind]) if kind in KIND_WORDS else kind


def _gettext(message: str) -> str:
    return translations(language()).gettext(message)


def _ngettext(singular: str, plural: str, count: int) -> str:
    return translations(language()).ngettext(singular, plural, count)


def _pgettext(context: str, message: str) -> str:
    return translations(language()).pgettext(context, message)


def _npgettext(context: str, singular: str, plural: str, count: int) -> str:
    return translations(language()).npgettext(context, singular, plural, count)


def download(content: str | bytes, filename: str, content_type: str) -> web.Response:
    """A file the browser saves as `filename` (text in UTF-8; a package's bytes as they are)."""
    return web.Response(
        body=content.encode("utf-8") if isinstance(content, str) else content,
        content_type=content_type,
        charset=None if content_type in ("application/octet-stream", "application/zip") else "utf-8",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},  # i18n: not shown
    )


class _CompiledTemplates(jinja2.BytecodeCache):
    """Templates compiled once per process, whatever the number of apps made in it.

    Compiling the dashboard's templates costs a fifth of a second; a host makes one app, but the tests
    make one for each of hundreds of tests. A template whose source changed is compiled again: the
    bucket checks the source's checksum before it takes the code.
    """

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        code = self._code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self._code[bucket.key] = bucket.bytecode_to_string()


_COMPILED = _CompiledTemplates()


def template_environment(app: web.Application) -> jinja2.Environment:
    """The templates' environment: `{% trans %}` and `_()` in the request's language (Jinja's new style:
    `%(name)s` placeholders, filled and escaped by Jinja), and the catalog's number and date formats."""
    env = aiohttp_jinja2.setup(
        app,
        loader=jinja2.PackageLoader("bot.web", "templates"),
        autoescape=True,  # every template, whatever its name: nothing a member wrote becomes markup
        undefined=jinja2.StrictUndefined,  # a misspelt name is a bug to see in tests, not an empty space
        trim_blocks=True,
        lstrip_blocks=True,
        extensions=["jinja2.ext.i18n"],
        bytecode_cache=_COMPILED,
    )
    env.policies["ext.i18n.trimmed"] = True  # as the catalog extracts them (bot/cli/catalog_tools.py)
    env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=_gettext, ngettext=_ngettext, pgettext=_pgettext, npgettext=_npgettext, newstyle=True
    )
    formats = (number, decimal, percent, day, day_and_month, moment, slash, status_words, kind_words)
    env.globals.update({function.__name__: function for function in formats})  # each under its own name
    env.globals["export_formats"] = tuple((key, chosen.label) for key, chosen in EXPORT_FORMATS.items())
    env.globals["picture_name"] = picture_name  # a question's uploaded picture (bot/bank/pictures.py)
    return env


# The server menu's links, gathered by bot/web/app.py from the page modules (render cannot import them:
# every page imports render).
SERVER_MENU: web.AppKey[tuple[Any, ...]] = web.AppKey("server_menu", tuple)


async def _theme_switch(request: web.Request) -> dict[str, Any]:
    """The header's theme switch: the page's theme (on <html>), its choices, and where it sends back to."""
    return {
        "theme": await page_theme(request),
        "themes": [(value, _gettext(words)) for value, words in THEMES.items()],
        "theme_field": THEME_FIELD,
        "next_field": NEXT_FIELD,
        "here": back_here(request),
    }


def _server_menu(request: web.Request, server: Server | None) -> dict[str, Any]:
    """The server's menu in the page's language, and the title of the entry the page is under: a page of
    the menu is titled by it (server_page.html). Neither off a server's pages."""
    if server is None:
        return {"server_nav": (), "menu_title": None}
    links = [replace(link, title=_gettext(link.title)) for link in request.app[SERVER_MENU]]
    home = f"/servers/{server.id}/"
    under = [link.title for link in links if request.path.startswith(home + link.path)]
    return {"server_nav": links, "menu_title": under[0] if under else None}


async def render(
    request: web.Request, template: str, values: Mapping[str, Any] | None = None, *, status: int = 200
) -> web.Response:
    """The template with what every page shows: who is signed in, the CSRF token, the server's menu."""
    server = request.get(SERVER)
    base: dict[str, Any] = {
        "viewer": await viewer(request),
        "csrf_field": CSRF_FIELD,
        "csrf_token": await csrf_token(request),
        "server": server,
        **_server_menu(request, server),
        "path": request.path,
        "language": language(),
        "languages": switch_links(request),
        **await _theme_switch(request),
    }
    return aiohttp_jinja2.render_template(template, request, {**base, **(values or {})}, status=status)
