"""The pictures of a server's decks: uploaded, served to the dashboard, posted to Discord, copied and tidied.

A picture is kept beside its deck in the store (PicturesStore) under a name made of its bytes' digest
(bot/bank/pictures.py), and a question shows it with `image: picture:NAME`. Deleting a deck deletes its
pictures in the store's own transaction (delete_guild_deck); copying a deck copies them (`copy`); a save
made in the editor forgets the deck's pictures no question shows any more (`keep_shown`), which is how a
picture removed or replaced goes away. The dashboard's YAML export of such a deck is a zip of the deck and
its pictures (`zipped`). What Discord is sent is read once per process and kept in a small cache: a name
never changes its bytes.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections import OrderedDict
from collections.abc import Callable, Mapping
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

from bot.bank.models import Deck, Question
from bot.bank.pictures import Picture, PictureRefused, picture_name, picture_of
from bot.locales import _, number
from bot.store.picture_records import DeckPictureRecord

if TYPE_CHECKING:
    from bot.store import PicturesStore

log = logging.getLogger(__name__)

# Bytes of pictures kept in memory for Discord's posts, across every server of the process.
CACHE_BYTES = 64 * 1024 * 1024
# What a server's pictures may weigh together: a study group's hundreds of pictures, not a file store.
MAX_SERVER_PICTURE_BYTES = 256 * 1024 * 1024
# Where an export's zip puts the pictures, beside the deck's YAML (a folder deck `bvunzo validate` reads).
PICTURES_FOLDER = "pictures"
# How long a picture no question shows is kept: time enough to upload it, preview, and save.
PREVIEW_GRACE = timedelta(hours=1)


def _utcnow() -> datetime:
    return datetime.now(UTC)


class _Cache:
    """The pictures posted lately, by (server, name), the oldest forgotten past CACHE_BYTES."""

    def __init__(self, most: int = CACHE_BYTES) -> None:
        self.most = most
        self.size = 0
        self.kept: OrderedDict[tuple[int, str], bytes] = OrderedDict()

    def get(self, key: tuple[int, str]) -> bytes | None:
        data = self.kept.get(key)
        if data is not None:
            self.kept.move_to_end(key)
        return data

    def put(self, key: tuple[int, str], data: bytes) -> None:
        if key in self.kept or len(data) > self.most:
            return
        self.kept[key] = data
        self.size += len(data)
        while self.size > self.most:
            _, old = self.kept.popitem(last=False)
            self.size -= len(old)


_POSTED = _Cache()


def shown_names(deck: Deck) -> set[str]:
    """The names of the stored pictures the deck's questions show."""
    return {name for q in deck.questions if (name := picture_name(q.image)) is not None}


class DeckPictures:
    """A server's deck pictures through the store, for the dashboard and for Discord's posts."""

    def __init__(
        self,
        store: PicturesStore,
        clock: Callable[[], datetime] = _utcnow,
        *,
        most: int = MAX_SERVER_PICTURE_BYTES,
    ) -> None:
        self.store = store
        self.clock = clock
        self.most = most  # bytes of pictures the server's decks may keep together

    async def upload(self, guild_id: int, deck_id: str, data: bytes) -> Picture:
        """Keep `data` as a picture of the deck; PictureRefused (one sentence) when it is not one it keeps."""
        picture = picture_of(data)
        if await self.store.deck_picture(guild_id, deck_id, picture.name) is not None:
            return picture  # the deck keeps it already: nothing more to weigh or write
        if await self.store.server_picture_bytes(guild_id) + len(data) > self.most:
            raise PictureRefused(
                _(
                    "This server's decks keep {most} MiB of pictures at most; delete questions or decks "
                    "with pictures, or upload a smaller one.",
                    most=number(self.most // 1024 // 1024),
                )
            )
        record = DeckPictureRecord(
            guild_id, deck_id, picture.name, picture.content_type, data, picture.sha256, self.clock()
        )
        await self.store.add_deck_picture(record)  # False: kept meanwhile by another moderator, as wanted
        return picture

    async def picture(self, guild_id: int, deck_id: str, name: str) -> DeckPictureRecord | None:
        """The deck's picture of that name, for the dashboard; None when it has none."""
        return await self.store.deck_picture(guild_id, deck_id, name)

    async def posted(self, guild_id: int | None, question: Question) -> bytes | None:
        """The bytes of the stored picture the question shows, for a message to upload; None when it
        shows none, or the server no longer keeps it (the message then goes without it)."""
        name = picture_name(question.image)
        if name is None or guild_id is None:
            return None
        data = _POSTED.get((guild_id, name))
        if data is None:
            record = await self.store.server_picture(guild_id, name)
            if record is None:
                log.warning("server %s: the picture %s is not kept; posted without it", guild_id, name)
                return None
            data = record.data
            _POSTED.put((guild_id, name), data)
        return data

    async def copy(self, guild_id: int, deck_id: str, to_deck_id: str) -> int:
        """The copy `to_deck_id` of a deck gets the deck's pictures; how many."""
        return await self.store.copy_deck_pictures(guild_id, deck_id, to_deck_id, self.clock())

    async def zipped(self, guild_id: int, deck: Deck) -> bytes | None:
        """The deck's YAML export with its pictures beside it, as a zip (`<deck>/<deck>.yaml` and
        `<deck>/pictures/NAME`); None when it shows no picture the server keeps (the YAML alone then)."""
        files = {}
        for name in sorted(shown_names(deck)):
            kept = await self.store.deck_picture(guild_id, deck.id, name) or await self.store.server_picture(
                guild_id, name
            )
            if kept is not None:
                files[name] = kept.data
        if not files:
            return None
        return await asyncio.to_thread(_zip, deck, files)  # in proportion to the deck: off the event loop

    async def keep_shown(self, guild_id: int, deck: Deck, replaced: str | None = None) -> int:
        """Forget the deck's pictures none of its questions shows: `replaced` (the reference the edited
        question showed before its save), and any other kept over PREVIEW_GRACE ago (one uploaded for a
        preview that was never saved); how many. The grace spares a picture another moderator has just
        uploaded for a question they have not saved yet."""
        shown, gone_name = shown_names(deck), picture_name(replaced)
        since = self.clock() - PREVIEW_GRACE
        kept = await self.store.deck_picture_names(guild_id, deck.id)
        gone = [n for n, at in kept.items() if n not in shown and (n == gone_name or at < since)]
        for name in gone:
            await self.store.delete_deck_picture(guild_id, deck.id, name)
        return len(gone)


def _zip(deck: Deck, files: Mapping[str, bytes]) -> bytes:
    """The deck's YAML as a folder deck: each `picture:NAME` written `pictures/NAME`, that file beside it."""
    from bot.bank.writer import deck_header, question_mapping, question_yaml  # PyYAML: the first export

    text = deck_header(deck.id, deck.title, deck.description, deck.language, deck.tags)
    for question in deck.questions:
        mapping = question_mapping(question, deck.language)
        name = picture_name(question.image)
        if name is not None and name in files:
            mapping["image"] = f"{PICTURES_FOLDER}/{name}"
        text += question_yaml(mapping)
    import zipfile  # here: the bot loads it with the first export of a deck with pictures, not at start

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as packed:
        packed.writestr(f"{deck.id}/{deck.id}.yaml", text, compress_type=zipfile.ZIP_DEFLATED)
        for name, data in sorted(files.items()):  # pictures are compressed already
            packed.writestr(f"{deck.id}/{PICTURES_FOLDER}/{name}", data, compress_type=zipfile.ZIP_STORED)
    return buffer.getvalue()
