"""Store contract: members' faces, kept one a member (a newer one in place of the old), read for many ids at once."""

from __future__ import annotations

from datetime import timedelta

from bot.store import MemberFace, Store
from tests.store_contract.builders import T0

BIG = 1 << 60  # Discord's ids pass 2**53: a BIGINT on PostgreSQL, kept whole


async def test_faces_are_read_for_the_ids_asked_and_a_newer_face_replaces_the_old(store: Store) -> None:
    assert await store.member_faces([7, 8]) == {}
    await store.save_member_faces([MemberFace(7, "Tendai", "ab" * 16, T0), MemberFace(BIG, "Rudo", None, T0)])
    later = T0 + timedelta(days=3)
    await store.save_member_faces([MemberFace(7, "Tendai M.", None, later)])
    assert await store.member_faces([7, BIG, 9]) == {
        7: MemberFace(7, "Tendai M.", None, later),
        BIG: MemberFace(BIG, "Rudo", None, T0),
    }
    assert await store.member_faces([9]) == {}
    assert await store.member_faces([]) == {}
    await store.save_member_faces([])  # nothing to keep is no write
