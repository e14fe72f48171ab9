"""Members' faces: the bot records each interaction's member (new or changed only, in the background), and the
dashboard's pages read them from the store first, asking Discord only for the ids it does not know."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterable, Sequence
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.faces.book import MemberFaces
from bot.faces.face import Face
from bot.faces.recorder import FaceRecorder
from bot.store import MemberFace, Store, StoreUnavailable, open_store

T0 = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
AVATAR = "0123456789abcdef0123456789abcdef"


def clock() -> datetime:
    return T0


class Discord:
    """The dashboard's Discord port: answers for the users it knows, and notes every id it was asked."""

    def __init__(self, *known: Face) -> None:
        self.known = {face.user_id: face for face in known}
        self.asked: list[int] = []

    async def user_faces(self, user_ids: Iterable[int]) -> dict[int, Face]:
        wanted = list(user_ids)
        self.asked += wanted
        return {user_id: self.known[user_id] for user_id in wanted if user_id in self.known}


class Shelf:
    """The recorder's port onto a real store, noting each write (a group of faces), or failing the first
    `failures` writes as a database outage would."""

    def __init__(self, store: Store, failures: int = 0) -> None:
        self.store = store
        self.failures = failures
        self.writes: list[list[str]] = []

    async def save_member_faces(self, faces: Sequence[MemberFace]) -> None:
        if self.failures:
            self.failures -= 1
            raise StoreUnavailable("the database is gone for a moment")
        self.writes.append([face.name for face in faces])
        await self.store.save_member_faces(faces)


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    opened = await open_store(tmp_path / "bvunzo.db")
    yield opened
    await opened.close()


async def test_a_page_shows_the_stored_face_and_asks_discord_nothing(store: Store) -> None:
    await store.save_member_faces([MemberFace(7, "Tendai", AVATAR, T0)])
    discord = Discord()  # knows no one: it would refuse every id
    assert await MemberFaces(store, discord, clock).faces([7, 7]) == {7: Face(7, "Tendai", AVATAR)}
    assert await MemberFaces(store, discord, clock).names([7]) == {7: "Tendai"}
    assert discord.asked == []


async def test_a_member_the_store_does_not_know_is_asked_of_discord_once_and_kept(store: Store) -> None:
    await store.save_member_faces([MemberFace(7, "Tendai", None, T0)])
    discord = Discord(Face(9, "Rudo", AVATAR))
    assert await MemberFaces(store, discord, clock).faces([7, 9, 11]) == {
        7: Face(7, "Tendai", None),
        9: Face(9, "Rudo", AVATAR),
    }
    assert discord.asked == [9, 11]  # 11: Discord knows no such user; it is left out
    assert await store.member_faces([9, 11]) == {9: MemberFace(9, "Rudo", AVATAR, T0)}
    another = Discord()  # the next view, in any process, needs Discord for 11 alone
    assert await MemberFaces(store, another, clock).names([9, 11]) == {9: "Rudo"}
    assert another.asked == [11]


async def test_a_face_is_written_once_until_it_changes_and_a_new_name_replaces_the_old(store: Store) -> None:
    shelf = Shelf(store)
    recorder = FaceRecorder(shelf, clock)
    for _ in range(3):  # three clicks of one member
        recorder.saw(7, "Tendai", None)
    recorder.saw(8, "Rudo", AVATAR)
    await recorder.drain(5)
    recorder.saw(7, "Tendai", None)
    recorder.saw(7, "Tendai Moyo", AVATAR)  # renamed, with an avatar
    await recorder.drain(5)
    # The faces queued together (before the writer ran) went in one transaction.
    assert shelf.writes == [["Tendai", "Rudo"], ["Tendai Moyo"]]
    assert await store.member_faces([7, 8]) == {
        7: MemberFace(7, "Tendai Moyo", AVATAR, T0),
        8: MemberFace(8, "Rudo", AVATAR, T0),
    }


async def test_a_failed_write_is_logged_and_the_members_next_interaction_tries_again(
    store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    shelf = Shelf(store, failures=1)
    recorder = FaceRecorder(shelf, clock)
    with caplog.at_level(logging.WARNING, logger="bot.faces.recorder"):
        recorder.saw(7, "Tendai", None)  # never raises into the interaction
        await recorder.drain(5)
    assert [r.getMessage() for r in caplog.records] == [
        "1 members' faces not kept (the database is gone for a moment)"
    ]
    assert await store.member_faces([7]) == {}
    recorder.saw(7, "Tendai", None)
    await recorder.drain(5)
    assert await store.member_faces([7]) == {7: MemberFace(7, "Tendai", None, T0)}


async def test_the_memory_of_what_was_written_is_bounded(store: Store) -> None:
    shelf = Shelf(store)
    recorder = FaceRecorder(shelf, clock, memo_size=2)
    for user_id, name in ((1, "One"), (2, "Two"), (3, "Three"), (3, "Three"), (2, "Two"), (1, "One")):
        recorder.saw(user_id, name, None)
        await recorder.drain(5)
    # One, the least recently seen, was forgotten when Three came, so is written again; Two was kept.
    assert shelf.writes == [["One"], ["Two"], ["Three"], ["One"]]
