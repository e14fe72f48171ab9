"""The header's theme switch: a POST (with the CSRF token, as every form) that keeps the choice in the
session and sends the browser back to the page it came from."""

from __future__ import annotations

from aiohttp import web

from bot.web.redirects import see_other
from bot.web.theme import NEXT_FIELD, THEME_FIELD, choose_theme

routes = web.RouteTableDef()


@routes.post("/theme")
async def switch_theme(request: web.Request) -> web.StreamResponse:
    form = await request.post()
    await choose_theme(request, form.get(THEME_FIELD))
    raise see_other(form.get(NEXT_FIELD))
