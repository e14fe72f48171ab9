"""The question editor's picture: a file uploaded with the form, kept beside the deck, named in `image:`.

The form's file input (`picture`) and its "remove" box (`remove_picture`) are read here before the rest
of the form: a picture that passes is kept at once (a preview shows it, and the form carries its
`picture:NAME` on), and the question's `image` field then names it; one that does not is a sentence
beside the field and nothing is kept.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from aiohttp import web

from bot.bank.editor_form import Posted
from bot.bank.models import Deck
from bot.bank.pictures import PictureRefused
from bot.web.access import Server
from bot.web.changes import CHANGED
from bot.web.context import context_of

PICTURE_FIELD = "picture"
REMOVE_FIELD = "remove_picture"


@dataclass(frozen=True, slots=True)
class TakenPicture:
    """The form with its `image` as the upload left it, and the sentence of a refused file (or None)."""

    posted: Posted
    refusal: str | None = None


def _with_image(posted: Posted, image: str) -> Posted:
    values: Mapping[str, tuple[str, ...]] = {**posted.values, "image": (image,)}
    return Posted(values)


async def take_picture(
    request: web.Request, server: Server, deck: Deck, post: Mapping[str, object], posted: Posted
) -> TakenPicture:
    """The form after its picture: removed, replaced by the file uploaded (kept now), or as it was."""
    if post.get(REMOVE_FIELD) == "1":
        return TakenPicture(_with_image(posted, ""))
    upload = post.get(PICTURE_FIELD)
    if not isinstance(upload, web.FileField):
        return TakenPicture(posted)
    data = upload.file.read()
    if not upload.filename and not data:
        return TakenPicture(posted)  # no file chosen: the browser sends an empty part without a name
    try:
        picture = await context_of(request).pictures.upload(server.id, deck.id, data)
    except PictureRefused as exc:
        return TakenPicture(posted, str(exc))
    request[CHANGED] = True  # a picture kept, even for a preview: it counts toward the write limit
    return TakenPicture(_with_image(posted, picture.reference))
