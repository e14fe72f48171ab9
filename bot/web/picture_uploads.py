"""The question editor's bodies may carry a picture: up to 8 MiB and the form around it, past the app's limit.

Every other body stays within the app's limit (bot/web/app.py); a body past the editor's is refused with a
413 page saying the picture's limit in one sentence.
"""

from __future__ import annotations

import re

from aiohttp import web

from bot.bank.pictures import MAX_PICTURE_BYTES, too_large
from bot.web.access import Handler
from bot.web.sessions import viewer

# A picture and the editor's other fields around it (the prompt, choices, translations...).
MAX_EDITOR_BODY = MAX_PICTURE_BYTES + 256 * 1024
_EDITOR_PATH = re.compile(r"/servers/\d+/decks/[^/]+/questions/(?:new|[^/]+/edit)")


class PictureTooLarge(web.HTTPRequestEntityTooLarge):
    """A body past the editor's limit; `sentence` is what the 413 page says."""

    def __init__(self, max_size: int, actual_size: int) -> None:
        super().__init__(max_size, actual_size)
        self.sentence = too_large()


@web.middleware
async def picture_uploads(request: web.Request, handler: Handler) -> web.StreamResponse:
    if request.method != "POST" or not _EDITOR_PATH.fullmatch(request.path):
        return await handler(request)
    if await viewer(request) is None:  # a visitor no one signed in: the app's own limit, as on every path
        return await handler(request)
    try:
        return await handler(request.clone(client_max_size=MAX_EDITOR_BODY))
    except web.HTTPRequestEntityTooLarge as exc:
        if isinstance(exc, PictureTooLarge):
            raise
        raise PictureTooLarge(MAX_EDITOR_BODY, request.content_length or 0) from exc
