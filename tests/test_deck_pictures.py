"""Pictures of server decks (issue 29): what a picture is (its first bytes, its size), the `picture:NAME`
reference the deck reader and writer understand, and the service on a real SQLite store: a removed or
replaced picture forgotten, a copied deck's pictures copied, a deleted deck's deleted."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.bank.bank import Bank
from bot.bank.exports import EXPORT_FORMATS
from bot.bank.loader import load_deck_text
from bot.bank.pictures import Picture, PictureRefused, picture_of
from bot.bank.problems import DeckError
from bot.bank.writer import deck_to_yaml
from bot.decks.pictures import DeckPictures
from bot.decks.server_decks import ServerDecks
from bot.decks.whole_decks import WholeDecks
from bot.store import GuildDeckRecord, Store, open_store

GUILD, MODERATOR = 7, 100
AT = datetime(2026, 12, 2, 9, 0, tzinfo=UTC)
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 24
PNG_NAME = "9656be35bd353ebe.png"  # sha256sum of PNG, its first 16 hex digits
JPEG = b"\xff\xd8\xff\xe0" + b"\x00" * 12
WEBP = b"RIFF\x10\x00\x00\x00WEBPVP8 " + b"\x00" * 8
NOT_A_PICTURE = "That file is not a PNG, JPEG or WebP picture, whatever its name says; upload one of those."
DECK = """id: bars
title: Bars
questions:
- id: tallest
  prompt: Which bar is the tallest?
  choices: [Left, Middle]
  answer: 1
  image: picture:9656be35bd353ebe.png
- id: plain
  prompt: Two and two?
  choices: ['4', '5']
  answer: 0
"""


def test_a_picture_is_told_by_its_first_bytes_and_named_after_them() -> None:
    assert picture_of(PNG) == Picture(PNG_NAME, "image/png", PNG)
    assert picture_of(JPEG).name.endswith(".jpg") and picture_of(JPEG).content_type == "image/jpeg"
    assert picture_of(WEBP).name.endswith(".webp") and picture_of(WEBP).content_type == "image/webp"
    assert picture_of(PNG).reference == "picture:9656be35bd353ebe.png"


@pytest.mark.parametrize(
    ("data", "sentence"),
    [
        (b"GIF89a\x01\x00\x01\x00", NOT_A_PICTURE),  # a GIF, whatever it was named
        (b"Some notes, not a picture.\n", NOT_A_PICTURE),
        (b"RIFF\x10\x00\x00\x00WAVEfmt ", NOT_A_PICTURE),  # RIFF, but a sound
        (
            PNG + bytes(9 * 1024 * 1024),
            "That picture is larger than 8 MiB; upload a smaller PNG, JPEG or WebP file.",
        ),
        (b"", "That file is empty; upload a PNG, JPEG or WebP picture."),
    ],
    ids=["gif", "text", "wave", "9-mib", "empty"],
)
def test_what_is_not_a_picture_the_deck_keeps_is_refused_in_one_sentence(data: bytes, sentence: str) -> None:
    with pytest.raises(PictureRefused) as refused:
        picture_of(data)
    assert str(refused.value) == sentence


def test_a_server_deck_reads_and_writes_its_picture_reference() -> None:
    deck = load_deck_text(DECK, "bars.yaml", guild_id=GUILD)
    assert deck.questions[0].image == "picture:9656be35bd353ebe.png"
    assert "  image: picture:9656be35bd353ebe.png\n" in deck_to_yaml(deck)
    exported = EXPORT_FORMATS["yaml"].write(deck)
    assert exported.notes == (
        "1 question shows a picture uploaded on the dashboard, which is not in this file: its "
        "`image: picture:…` line shows it only in this server (the dashboard's YAML export is a zip "
        "with the pictures).",
    )
    with pytest.raises(DeckError) as broken:
        load_deck_text(DECK.replace("9656be35bd353ebe.png", "../../etc/passwd"), "bars.yaml", guild_id=GUILD)
    assert [p.message for p in broken.value.problems] == [
        "`image` `picture:../../etc/passwd` is not the name of a picture uploaded on the dashboard"
    ]


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    async with await open_store(tmp_path / "bvunzo.db") as opened:
        yield opened


async def test_a_save_forgets_the_replaced_picture_and_old_unshown_ones_only(store: Store) -> None:
    now = [AT]
    pictures = DeckPictures(store, lambda: now[0])
    await pictures.upload(GUILD, "bars", PNG)  # shown by `tallest`
    await pictures.upload(GUILD, "bars", JPEG)  # the picture `plain` showed before its save
    now[0] = AT + timedelta(minutes=50)
    fresh = await pictures.upload(GUILD, "bars", WEBP)  # another moderator's preview, not saved yet
    deck = load_deck_text(DECK, "bars.yaml", guild_id=GUILD)
    assert await pictures.keep_shown(GUILD, deck, replaced=picture_of(JPEG).reference) == 1
    assert list(await store.deck_picture_names(GUILD, "bars")) == [PNG_NAME, fresh.name]
    now[0] = AT + timedelta(hours=2)  # the preview was never saved
    assert await pictures.keep_shown(GUILD, deck) == 1
    assert list(await store.deck_picture_names(GUILD, "bars")) == [PNG_NAME]
    assert await pictures.posted(GUILD, deck.questions[0]) == PNG
    assert await pictures.posted(GUILD, deck.questions[1]) is None  # it shows no picture
    assert await pictures.posted(GUILD + 1, deck.questions[0]) is None  # another server keeps none


async def test_a_copied_deck_gets_its_pictures_and_a_deleted_one_loses_them(store: Store) -> None:
    await store.save_guild_deck(GuildDeckRecord(GUILD, "bars", "bars.yaml", DECK, MODERATOR, AT))
    await store.bump_deck_version(GUILD)
    decks = ServerDecks(store, Bank([]), lambda: AT)
    await decks.versions.load_every()
    await DeckPictures(store, lambda: AT).upload(GUILD, "bars", PNG)
    whole = WholeDecks(decks)
    await whole.duplicate(GUILD, "bars", "bars-2", by=MODERATOR)
    assert await store.deck_picture_names(GUILD, "bars-2") == {PNG_NAME: AT}
    await whole.delete(GUILD, "bars")
    assert await store.deck_picture_names(GUILD, "bars") == {}
    assert await store.deck_picture_names(GUILD, "bars-2") == {PNG_NAME: AT}  # the copy keeps its own


async def test_a_servers_pictures_weigh_at_most_what_it_may_keep(store: Store) -> None:
    pictures = DeckPictures(store, lambda: AT, most=1024 * 1024)
    big_png, big_jpeg = PNG + bytes(600 * 1024), JPEG + bytes(400 * 1024)
    await pictures.upload(GUILD, "bars", big_png)
    await pictures.upload(GUILD, "other", big_jpeg)  # another deck of the server: weighed together
    assert await pictures.upload(GUILD, "bars", big_png) == picture_of(big_png)  # kept already: not weighed
    with pytest.raises(PictureRefused) as refused:
        await pictures.upload(GUILD, "bars", WEBP + bytes(30 * 1024))
    assert str(refused.value) == (
        "This server's decks keep 1 MiB of pictures at most; delete questions or decks with pictures, "
        "or upload a smaller one."
    )
    assert list(await store.deck_picture_names(GUILD, "bars")) == [picture_of(big_png).name]
