"""Members' faces as both engines keep them: one row a member, read for a page's ids in one statement."""

from __future__ import annotations

from bot.store.face_records import MemberFace
from bot.store.sql.rows import Columns
from bot.store.sql.statement import sql

FACE_COLUMNS = Columns(MemberFace, "user_id, name, avatar, seen_at")
# A row of FACE_COLUMNS: a member's newer face replaces the one kept.
SAVE_FACE = sql(FACE_COLUMNS.saving("member_faces", "user_id"))
# The faces of the members among `users` the store knows: a page's members, in one read.
MEMBER_FACES = sql(
    f"SELECT {FACE_COLUMNS.text} FROM member_faces WHERE user_id IN (:users)", lists={"users": "bigint"}
)
