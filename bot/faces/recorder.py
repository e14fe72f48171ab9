"""The faces of the members who use the bot, kept in the store when new or changed, off every click's path.

Every interaction carries its member's id, name and avatar. The recorder remembers what it last wrote for
each member (the most recently seen MEMO_SIZE of them): an interaction that brings nothing new costs a
dictionary look-up, and one that does is queued for a writer task of its own, as the answers' group commit
does, many faces to a transaction. The interaction never waits for it; a failed write is logged, and the
member's next interaction tries again.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Callable, Sequence
from datetime import datetime
from itertools import islice
from typing import Protocol

from bot.store.face_records import MemberFace

log = logging.getLogger(__name__)

# Members whose last written face is remembered (some 320 bytes each: 3 MiB at most); past it, the least
# recently seen is forgotten, and written once more when they come back.
MEMO_SIZE = 10_000
# Faces per transaction: a burst of new members is a few short transactions.
MAX_GROUP = 256


class FaceShelf(Protocol):
    """Where the faces are kept (the store)."""

    async def save_member_faces(self, faces: Sequence[MemberFace]) -> None: ...


class FaceRecorder:
    """Notes each member's face as their interactions carry it; writes the new and changed ones."""

    def __init__(
        self, shelf: FaceShelf, clock: Callable[[], datetime], *, memo_size: int = MEMO_SIZE
    ) -> None:
        self._shelf = shelf
        self._clock = clock
        self._memo_size = memo_size
        self._written: OrderedDict[int, tuple[str, str | None]] = OrderedDict()
        self._waiting: dict[int, MemberFace] = {}
        self._writer: asyncio.Task[None] | None = None

    def saw(self, user_id: int, name: str, avatar: str | None) -> None:
        """A member's face as an interaction carried it: queued for the store when new or changed."""
        face = (name, avatar)
        known = self._written.get(user_id)
        self._written[user_id] = face
        self._written.move_to_end(user_id)
        if known == face:
            return
        if len(self._written) > self._memo_size:
            self._written.popitem(last=False)
        self._waiting[user_id] = MemberFace(user_id, name, avatar, self._clock())
        if self._writer is None:
            self._writer = asyncio.get_running_loop().create_task(self._write(), name="bvunzo-faces")

    async def drain(self, patience: float) -> None:
        """Wait (at most `patience` seconds) for the faces on their way to be written."""
        writer = self._writer
        if writer is None:
            return
        try:
            await asyncio.wait_for(asyncio.shield(writer), timeout=patience)
        except TimeoutError:
            log.warning("closing with %d members' faces not yet kept", len(self._waiting))

    async def _write(self) -> None:
        try:
            while self._waiting:
                taken = list(islice(self._waiting, MAX_GROUP))
                group = [self._waiting.pop(user_id) for user_id in taken]
                try:
                    await self._shelf.save_member_faces(group)
                except Exception as exc:  # the store's outage: the next interaction of each tries again
                    log.warning("%d members' faces not kept (%s)", len(group), exc)
                    self._unwritten(group)
        finally:
            self._writer = None

    def _unwritten(self, group: list[MemberFace]) -> None:
        for face in group:
            if self._written.get(face.user_id) == (face.name, face.avatar):
                del self._written[face.user_id]
