"""Pictures uploaded for a server deck's questions: the `image: picture:NAME` reference, and what a picture is.

A server's deck lives in the database as its text, so it cannot hold a file beside it; a picture uploaded
on the dashboard is kept in the store beside the deck (bot/decks/pictures.py) and named after its bytes
(the first 16 hex digits of their SHA-256 and the type's extension, `3fa9c1d2e4b5a6f7.png`), so the same
picture is one name, a new one is a new name, and a copy of the deck can carry the same names. The type is
told by the file's first bytes, never by its name or by what the browser said.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.locales import _, n_

if TYPE_CHECKING:
    from bot.bank.models import Question

PICTURE_PREFIX = "picture:"
# At most 8 MiB a picture: under Discord's 10 MiB upload limit for any server (bot/bank/images.py).
MAX_PICTURE_BYTES = 8 * 1024 * 1024
# Each type: its extension (the name's) and its Content-Type.
PICTURE_TYPES = {
    "PNG": (".png", "image/png"),
    "JPEG": (".jpg", "image/jpeg"),
    "WebP": (".webp", "image/webp"),
}


@dataclass(frozen=True, slots=True)
class Picture:
    """A picture that passed: its name in the deck, its Content-Type and its bytes."""

    name: str
    content_type: str
    data: bytes

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.data).hexdigest()

    @property
    def reference(self) -> str:
        """What the question's `image:` says to show it."""
        return PICTURE_PREFIX + self.name


class PictureRefused(ValueError):
    """A file that is not a picture a deck keeps; its message is the one sentence the uploader reads."""


def picture_name(reference: str | None) -> str | None:
    """The stored picture's name `reference` names (`picture:NAME`), or None for anything else."""
    if reference is None or not reference.startswith(PICTURE_PREFIX):
        return None
    name = reference[len(PICTURE_PREFIX) :]
    return name if is_picture_name(name) else None


# A stored picture's name: the first 16 hex digits of its SHA-256 and its type's extension.
_NAME = re.compile(r"[0-9a-f]{16}\.(?:png|jpg|webp)")


def is_picture_name(name: str) -> bool:
    return _NAME.fullmatch(name) is not None


def kind_of(data: bytes) -> str | None:
    """PNG, JPEG or WebP, as the file's first bytes say; None for anything else (a GIF, a text file)."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "PNG"
    if data.startswith(b"\xff\xd8\xff"):
        return "JPEG"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "WebP"
    return None


def too_large() -> str:
    return _(
        "That picture is larger than {most} MiB; upload a smaller PNG, JPEG or WebP file.",
        most=MAX_PICTURE_BYTES // 1024 // 1024,
    )


def picture_of(data: bytes) -> Picture:
    """The picture `data` is; PictureRefused with one sentence when it is too large or not PNG, JPEG or WebP."""
    if len(data) > MAX_PICTURE_BYTES:
        raise PictureRefused(too_large())
    if not data:
        raise PictureRefused(_("That file is empty; upload a PNG, JPEG or WebP picture."))
    kind = kind_of(data)
    if kind is None:
        raise PictureRefused(
            _("That file is not a PNG, JPEG or WebP picture, whatever its name says; upload one of those.")
        )
    suffix, content_type = PICTURE_TYPES[kind]
    return Picture(hashlib.sha256(data).hexdigest()[:16] + suffix, content_type, data)


def pictures_note(questions: Iterable[Question]) -> str | None:
    """The sentence a YAML export carries when questions show uploaded pictures, which the file cannot hold."""
    count = sum(1 for q in questions if picture_name(q.image) is not None)
    if not count:
        return None
    return n_(
        "{n} question shows a picture uploaded on the dashboard, which is not in this file: its "
        "`image: picture:…` line shows it only in this server (the dashboard's YAML export is a zip "
        "with the pictures).",
        "{n} questions show pictures uploaded on the dashboard, which are not in this file: their "
        "`image: picture:…` lines show them only in this server (the dashboard's YAML export is a zip "
        "with the pictures).",
        count,
        n=count,
    )
