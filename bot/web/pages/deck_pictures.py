"""A server deck's uploaded pictures, served to its moderators' pages (the editor, the preview, the list)."""

from __future__ import annotations

from aiohttp import web

from bot.bank.pictures import is_picture_name
from bot.locales import _
from bot.web.access import Server, moderator
from bot.web.context import context_of

routes = web.RouteTableDef()


@routes.get("/servers/{guild_id}/decks/{deck_id}/pictures/{name}")
@moderator
async def picture(request: web.Request, server: Server) -> web.StreamResponse:
    """The picture's bytes as kept, with the type its first bytes gave it (security_headers adds nosniff).
    A name is its bytes' digest, so the browser may keep it: it never changes."""
    deck_id, name = request.match_info["deck_id"], request.match_info["name"]
    kept = (
        await context_of(request).pictures.picture(server.id, deck_id, name)
        if is_picture_name(name)
        else None
    )
    if kept is None:
        raise web.HTTPNotFound(text=_("This deck has no picture `{name}`.", name=name[:40]))
    return web.Response(
        body=kept.data,
        content_type=kept.content_type,
        headers={"Cache-Control": "private, max-age=86400, immutable"},  # i18n: not shown
    )
