"""Members' faces: kept as their interactions carried them, read for the dashboard's pages."""

from __future__ import annotations

from collections.abc import Sequence

from bot.store.face_records import MemberFace
from bot.store.sql.engine import Engine
from bot.store.sql.faces import FACE_COLUMNS, MEMBER_FACES, SAVE_FACE


class SharedFaces:
    _engine: Engine

    async def save_member_faces(self, faces: Sequence[MemberFace]) -> None:
        if faces:
            await self._engine.execute_many(SAVE_FACE, [FACE_COLUMNS.row(face) for face in faces])

    async def member_faces(self, user_ids: Sequence[int]) -> dict[int, MemberFace]:
        if not user_ids:
            return {}
        found = await self._engine.fetch_records(FACE_COLUMNS, MEMBER_FACES, users=list(user_ids))
        return {face.user_id: face for face in found}
