"""The members' faces a dashboard page shows: the store's first, Discord's only for the ids it does not know.

Every member who used the bot has their face in the store (bot/faces/recorder.py), read for a page's ids in
one query. A member listed who never used the bot (an assignment's "did not start") is asked of Discord, as
the bot, once: its answer is kept in the store too, so the next view, in any process, asks Discord nothing.
Discord's answers are also remembered an hour in the process (bot/web/discord_api.py), refusals included.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from typing import Protocol

from bot.faces.face import Face
from bot.store.face_records import MemberFace

log = logging.getLogger(__name__)

# At most this many members' faces for one page (the rest show as ids): the store reads them in one query.
FACES_PER_PAGE = 2_000


class FaceStore(Protocol):
    async def member_faces(self, user_ids: Sequence[int]) -> dict[int, MemberFace]: ...

    async def save_member_faces(self, faces: Sequence[MemberFace]) -> None: ...


class FaceSource(Protocol):
    """Discord, asked as the bot (bot/web/discord_api.py): an id it does not answer for is left out."""

    async def user_faces(self, user_ids: Iterable[int]) -> dict[int, Face]: ...


class MemberFaces:
    """The faces of the members a page lists."""

    def __init__(self, store: FaceStore, discord: FaceSource, clock: Callable[[], datetime]) -> None:
        self._store = store
        self._discord = discord
        self._clock = clock

    async def faces(self, user_ids: Iterable[int]) -> dict[int, Face]:
        """The faces of these members, by id; one neither the store nor Discord knows is left out."""
        wanted = list(dict.fromkeys(user_ids))[:FACES_PER_PAGE]
        if not wanted:
            return {}
        kept = await self._store.member_faces(wanted)
        found = {user_id: Face(user_id, face.name, face.avatar) for user_id, face in kept.items()}
        unknown = [user_id for user_id in wanted if user_id not in found]
        if unknown:
            asked = await self._discord.user_faces(unknown)
            await self._keep(asked.values())
            found.update(asked)
        return found

    async def names(self, user_ids: Iterable[int]) -> dict[int, str]:
        """The display names of these members, by id; one neither the store nor Discord knows is left out."""
        return {user_id: face.name for user_id, face in (await self.faces(user_ids)).items()}

    async def _keep(self, faces: Iterable[Face]) -> None:
        at = self._clock()
        kept = [MemberFace(face.user_id, face.name, face.avatar, at) for face in faces]
        try:
            await self._store.save_member_faces(kept)
        except Exception as exc:  # the page shows Discord's answer all the same; the next view asks again
            log.warning("%d members' faces from Discord not kept (%s)", len(kept), exc)
