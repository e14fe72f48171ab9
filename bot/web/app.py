"""make_app: the dashboard's aiohttp application, its middlewares in order, and every page module's routes."""

from __future__ import annotations

import logging
from importlib import resources

import aiohttp_jinja2
import aiohttp_session
from aiohttp import web

from bot.locales import N_, _
from bot.web.access import Handler, Refused, server_gate
from bot.web.context import CONTEXT, WebContext
from bot.web.discord_api import DiscordUnavailable
from bot.web.language import language_names, page_languages
from bot.web.pages import nav_links, page_modules
from bot.web.picture_uploads import PictureTooLarge, picture_uploads
from bot.web.rate_limits import MAX_UPLOAD_BYTES
from bot.web.render import SERVER_MENU, render, template_environment
from bot.web.security import csrf_check, security_headers, write_limit
from bot.web.sessions import cookie_storage, session_secret

log = logging.getLogger(__name__)

_SENTENCES = {
    400: N_("That request was not one Bvunzo's pages send."),
    403: N_("You can't open this page."),
    404: N_("There is no such page here."),
    405: N_("That page is not changed that way."),
    413: N_(
        "That upload is larger than 4 MiB; Bvunzo reads exports of learning platforms up to 4 MiB and other "
        "files up to 1 MiB."
    ),
    429: N_("Too many changes at once; wait a moment and try again."),
    500: N_("Something went wrong on Bvunzo's side; it has been logged. Please try again in a moment."),
    503: N_("Bvunzo could not reach what it needed; try again in a minute."),
}


def _sentence(status: int, reason: str) -> str:
    return _(_SENTENCES[status]) if status in _SENTENCES else reason


@web.middleware
async def error_pages(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Every refusal and failure as a page with one sentence (and the right status)."""
    try:
        return await handler(request)
    except web.HTTPException as exc:
        if exc.status < 400:
            raise
        # aiohttp's own refusals (a body too large, a wrong method) say it in its words: ours instead.
        ours = exc.status not in (405, 413) and exc.text and not exc.text.startswith(f"{exc.status}:")
        sentence = exc.text if ours else None
        if isinstance(exc, Refused | PictureTooLarge):
            sentence = exc.sentence
        return await _error_page(request, exc.status, sentence or _sentence(exc.status, exc.reason), exc)
    except DiscordUnavailable as exc:
        log.warning("page %s %s: %s", request.method, request.path, exc)
        sentence = _("Discord did not answer when Bvunzo asked it; try again in a minute.")
        return await _error_page(request, 503, sentence, None)
    except Exception:
        log.exception("page %s %s failed", request.method, request.path)
        return await _error_page(request, 500, _sentence(500, ""), None)


async def _error_page(
    request: web.Request, status: int, sentence: str, exc: web.HTTPException | None
) -> web.StreamResponse:
    response = await render(request, "error.html", {"status": status, "sentence": sentence}, status=status)
    if exc is not None:
        for name in ("Retry-After", "Allow"):  # i18n: not shown
            if name in exc.headers:
                response.headers[name] = exc.headers[name]
    return response


async def make_app(context: WebContext) -> web.Application:
    """The dashboard on `context`: sessions keyed by the secret (BVUNZO_WEB_SECRET, else the store's)."""
    secret = await session_secret(context.settings, context.store)
    app = web.Application(
        client_max_size=MAX_UPLOAD_BYTES
        + 64 * 1024,  # the largest upload and its form around it; larger is 413
        middlewares=[
            security_headers,
            aiohttp_session.session_middleware(cookie_storage(context.settings, secret)),
            page_languages,
            error_pages,
            picture_uploads,
            csrf_check,
            server_gate,
            write_limit,
        ],
    )
    app[CONTEXT] = context
    environment = template_environment(app)
    for name in environment.list_templates(
        extensions=["html"]
    ):  # compiled now, not by a page's first visitor
        environment.get_template(name)
    language_names()  # the language switch's names too
    app[aiohttp_jinja2.static_root_key] = "/static"
    app.router.add_static("/static", str(resources.files("bot.web").joinpath("static")), name="static")
    app[SERVER_MENU] = nav_links()
    for module in page_modules():
        routes: web.RouteTableDef | None = getattr(module, "routes", None)
        if routes is not None:
            app.add_routes(routes)
    return app
