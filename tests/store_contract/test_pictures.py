"""Store contract: a server deck's pictures, kept once by name, read back byte for byte, copied with a copy
of the deck and deleted with the deck (issue 29)."""

from __future__ import annotations

import hashlib

from bot.store import DeckPictureRecord, GuildDeckRecord, Store
from tests.store_contract.builders import T0

PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 40  # bytes of every value, past SQLite's inline size


def picture(name: str = "00112233aabbccdd.png", deck: str = "bio", data: bytes = PNG) -> DeckPictureRecord:
    return DeckPictureRecord(1, deck, name, "image/png", data, hashlib.sha256(data).hexdigest(), T0)


async def test_a_picture_is_kept_once_and_read_back_byte_for_byte(store: Store) -> None:
    assert await store.add_deck_picture(picture()) is True
    assert await store.add_deck_picture(picture(data=b"other")) is False  # the name is kept already
    kept = await store.deck_picture(1, "bio", "00112233aabbccdd.png")
    assert kept == picture()
    assert await store.deck_picture(2, "bio", "00112233aabbccdd.png") is None  # another server's
    assert await store.deck_picture(1, "chem", "00112233aabbccdd.png") is None  # another deck's
    assert await store.server_picture(1, "00112233aabbccdd.png") == picture()
    assert await store.server_picture(2, "00112233aabbccdd.png") is None


async def test_pictures_are_listed_copied_and_deleted_one_at_a_time(store: Store) -> None:
    await store.add_deck_picture(picture("bb00000000000000.webp"))
    await store.add_deck_picture(picture("aa00000000000000.jpg"))
    assert list(await store.deck_picture_names(1, "bio")) == ["aa00000000000000.jpg", "bb00000000000000.webp"]
    later = T0.replace(year=2030)
    assert await store.copy_deck_pictures(1, "bio", "bio-2", later) == 2
    copied = await store.deck_picture(1, "bio-2", "aa00000000000000.jpg")
    assert copied == DeckPictureRecord(
        1, "bio-2", "aa00000000000000.jpg", "image/png", PNG, picture().sha256, later
    )
    assert await store.delete_deck_picture(1, "bio", "aa00000000000000.jpg") is True
    assert await store.delete_deck_picture(1, "bio", "aa00000000000000.jpg") is False
    assert await store.deck_picture_names(1, "bio") == {"bb00000000000000.webp": T0}
    assert await store.deck_picture_names(1, "bio-2") == {
        "aa00000000000000.jpg": later,
        "bb00000000000000.webp": later,
    }


async def test_deleting_a_deck_deletes_its_pictures_and_no_other_decks(store: Store) -> None:
    deck = GuildDeckRecord(1, "bio", "bio.yaml", "id: bio\n", 7, T0)
    await store.save_guild_deck(deck)
    await store.add_deck_picture(picture())
    await store.add_deck_picture(picture(deck="chem"))
    assert await store.delete_guild_deck(1, "bio") is True
    assert await store.deck_picture_names(1, "bio") == {}
    assert await store.deck_picture_names(1, "chem") == {"00112233aabbccdd.png": T0}


async def test_a_servers_pictures_are_weighed_together(store: Store) -> None:
    assert await store.server_picture_bytes(1) == 0
    await store.add_deck_picture(picture())
    await store.add_deck_picture(picture(deck="chem", data=b"x" * 1000))
    await store.add_deck_picture(DeckPictureRecord(2, "bio", "ff", "image/png", b"y" * 7, "", T0))
    assert await store.server_picture_bytes(1) == len(PNG) + 1000
