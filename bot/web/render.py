"""Pages drawn from the Jinja2 templates (autoescaped: a deck's words are shown as text, never as HTML)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import web

from bot.web.access import SERVER
from bot.web.security import CSRF_FIELD
from bot.web.sessions import csrf_token, viewer


def template_environment(app: web.Application) -> jinja2.Environment:
    return aiohttp_jinja2.setup(
        app,
        loader=jinja2.PackageLoader("bot.web", "templates"),
        autoescape=True,  # every template, whatever its name: nothing a member wrote becomes markup
        undefined=jinja2.StrictUndefined,  # a misspelt name is a bug to see in tests, not an empty space
        trim_blocks=True,
        lstrip_blocks=True,
    )


# The server menu's links, gathered by bot/web/app.py from the page modules (render cannot import them:
# every page imports render).
SERVER_MENU: web.AppKey[tuple[Any, ...]] = web.AppKey("server_menu", tuple)


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
        "server_nav": request.app[SERVER_MENU] if server is not None else (),
        "path": request.path,
    }
    return aiohttp_jinja2.render_template(template, request, {**base, **(values or {})}, status=status)
