"""The deck cache: a start whose decks are unchanged reads them from JSON, exactly as their YAML reads."""

from __future__ import annotations

import dataclasses
import json
import logging
import os
from collections.abc import Mapping
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from bot.bank import formulas
from bot.bank.bank import Bank
from bot.bank.codec import deck_from_json, deck_to_json
from bot.bank.deck_cache import CACHE_NAME, DeckCache, cache_for
from bot.bank.importers import import_file
from bot.bank.loader import deck_files, load_deck_file, load_deck_text, load_folder
from bot.bank.models import Deck
from bot.decks.deck_versions import DeckVersions
from bot.store import GuildDeckRecord, open_store
from tests.e2e.conftest import QUESTIONS, ROOT
from tests.png import WHITE, png

CORPUS = ROOT / "tests" / "corpus"
DECK = """\
id: rivers
title: Rivers
questions:
  - id: nile
    prompt: The longest river?
    choices: [Nile, Zambezi]
    answer: 0
"""


# What no shipped or test deck has: a hint, a suggester, translated pairs, a share's tolerance, a picture.
EVERY_FIELD = """\
id: every-field
title: Every field
description: One of each.
language: fr
tags: [a, b]
questions:
  - id: edo
    type: text
    prompt: L'ancien nom de Tokyo ?
    answers: [Edo, Yedo]
    hint: Trois lettres
    suggested_by: 123456789012345678
    difficulty: hard
    tags: [japon]
  - id: pairs
    type: match
    prompt: Associez
    pairs: [[Harare, Zimbabwe], [Lusaka, Zambia]]
    translations:
      en: {prompt: Match them, pairs: [[Harare, Zimbabwe], [Lusaka, Zambia (en)]]}
  - id: g
    type: number
    prompt: g ?
    answer: 981e-2
    tolerance: "1.50%"
    unit: m/s²
    image: picture:0123456789abcdef.png
"""


def same(read: Any, kept: Any, where: str = "deck") -> None:
    """Equal field by field, each value of the same type (a Decimal with the same digits and exponent)."""
    assert type(read) is type(kept), where
    if dataclasses.is_dataclass(read):
        for field in dataclasses.fields(read):
            same(getattr(read, field.name), getattr(kept, field.name), f"{where}.{field.name}")
    elif isinstance(read, Mapping):
        assert list(read) == list(kept), where
        for key in read:
            same(read[key], kept[key], f"{where}[{key!r}]")
    elif isinstance(read, tuple | list):
        assert len(read) == len(kept), where
        for n, (a, b) in enumerate(zip(read, kept, strict=True)):
            same(a, b, f"{where}[{n}]")
    elif isinstance(read, Decimal):
        assert read.as_tuple() == kept.as_tuple(), where
    else:
        assert read == kept, where


def through_json(deck: Deck) -> Deck:
    return deck_from_json(json.loads(json.dumps(deck_to_json(deck), ensure_ascii=False)))


def corpus_decks() -> list[Deck]:
    decks = []
    for path in sorted(CORPUS.iterdir()):
        if path.name != "README.md":
            outcome = import_file(path.read_bytes(), path.name, deck_id="corpus", keep_valid=True)
            if outcome.kept is not None:
                decks.append(outcome.kept.deck)
    return decks


def test_every_shipped_test_and_imported_deck_reads_back_from_json_as_from_yaml() -> None:
    folders = [QUESTIONS, ROOT / "tests" / "e2e" / "decks"]
    decks = [load_deck_file(path, keep_valid=True) for folder in folders for path in deck_files(folder)]
    decks += [*corpus_decks(), load_deck_text(EVERY_FIELD, "every.yaml", guild_id=42)]
    assert len(decks) > 40
    kinds = {q.kind for deck in decks for q in deck.questions}
    assert len(kinds) == 9  # every kind of question, numbers (and tolerances) among them
    for deck in decks:
        same(deck, through_json(deck), deck.source or deck.id)


def load(folder: Path, cache: DeckCache) -> tuple[list[Deck], list[str]]:
    with formulas.unchecked():
        decks, problems = load_folder(folder, cache)
    cache.save()
    return decks, [p.message for p in problems]


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    decks = tmp_path / "questions"
    decks.mkdir()
    (decks / "rivers.yaml").write_text(DECK, "utf-8")
    return decks


def test_a_restart_reads_the_kept_decks_and_an_edit_is_read_again_whatever_its_time(
    tmp_path: Path, folder: Path
) -> None:
    first = cache_for(tmp_path / "bvunzo.db")
    assert first is not None and first.folder == tmp_path / CACHE_NAME
    [read], _ = load(folder, first)
    again = DeckCache(first.folder)
    [kept], _ = load(folder, again)
    assert (first.hits, again.hits) == (0, 1)
    same(read, kept)
    deck = folder / "rivers.yaml"
    stamp = deck.stat().st_mtime_ns
    deck.write_text(DECK.replace("Zambezi", "Zambeze"), "utf-8")  # the same size and time
    os.utime(deck, ns=(stamp, stamp))
    edited = DeckCache(first.folder)
    [fresh], _ = load(folder, edited)
    assert edited.hits == 0
    assert fresh.questions[0].choices == ("Nile", "Zambeze")


def entry_of(cache: DeckCache) -> Path:
    [path] = cache.folder.iterdir()
    return path


@pytest.mark.parametrize(
    "content",
    [b"\x00garbage", b'{"format": 0, "deck": {}, "id_line": 1}', b"[1, 2]"],
    ids=["corrupt", "old format", "not a mapping"],
)
def test_an_entry_that_does_not_read_is_ignored_logged_once_and_written_anew(
    tmp_path: Path, folder: Path, caplog: pytest.LogCaptureFixture, content: bytes
) -> None:
    (folder / "lakes.yaml").write_text(DECK.replace("rivers", "lakes"), "utf-8")
    cache = DeckCache(tmp_path / CACHE_NAME)
    load(folder, cache)
    for path in cache.folder.iterdir():
        path.write_bytes(content)
    broken = DeckCache(cache.folder)
    with caplog.at_level(logging.WARNING, "bot.bank.deck_cache"):
        decks, _ = load(folder, broken)
    assert broken.hits == 0 and [d.id for d in decks] == ["lakes", "rivers"]
    assert len(caplog.records) == 1 and "is ignored and written anew" in caplog.text
    rebuilt = DeckCache(cache.folder)
    kept, _ = load(folder, rebuilt)
    assert rebuilt.hits == 2
    for deck, again in zip(decks, kept, strict=True):
        same(deck, again)


def test_an_entry_of_the_wrong_shape_is_never_served(
    tmp_path: Path, folder: Path, caplog: pytest.LogCaptureFixture
) -> None:
    cache = DeckCache(tmp_path / CACHE_NAME)
    load(folder, cache)
    shape = json.loads(entry_of(cache).read_text("utf-8"))
    shape["deck"]["questions"][0]["answers"] = ["0"]  # text where a number belongs
    entry_of(cache).write_text(json.dumps(shape), "utf-8")
    with caplog.at_level(logging.WARNING, "bot.bank.deck_cache"):
        again = DeckCache(cache.folder)
        [deck], _ = load(folder, again)
    assert again.hits == 0 and deck.questions[0].answers == frozenset({0})
    assert len(caplog.records) == 1


def test_the_entries_a_start_did_not_use_are_removed(tmp_path: Path, folder: Path) -> None:
    cache = DeckCache(tmp_path / CACHE_NAME)
    load(folder, cache)
    kept = entry_of(cache)
    stale = [
        cache.folder / f"{'0' * 64}.json",
        cache.folder / f".{'1' * 64}.123",
    ]  # an older bot's, a temporary
    for path in stale:
        path.write_text("{}", "utf-8")
    again = DeckCache(cache.folder)
    load(folder, again)
    assert again.hits == 1 and list(cache.folder.iterdir()) == [kept]


def test_checked_formulas_are_another_reading(tmp_path: Path, folder: Path) -> None:
    cache = DeckCache(tmp_path / CACHE_NAME)
    load(folder, cache)  # unchecked, as the bot starts
    checked = DeckCache(cache.folder)
    load_folder(folder, checked)
    assert checked.hits == 0


def test_a_deck_with_questions_left_out_is_read_at_every_start(tmp_path: Path, folder: Path) -> None:
    (folder / "rivers.yaml").write_text(DECK + "  - id: broken\n    prompt: No choices\n", "utf-8")
    for _start in range(2):
        cache = DeckCache(tmp_path / CACHE_NAME)
        [deck], problems = load(folder, cache)
        assert cache.hits == 0 and len(deck.left_out) == len(problems) == 2  # no choices, no answer


def test_an_image_file_gone_since_is_reported_not_served(tmp_path: Path, folder: Path) -> None:
    (folder / "nile.png").write_bytes(png(4, 4, lambda _x, _y: WHITE))
    (folder / "rivers.yaml").write_text(DECK + "    image: nile.png\n", "utf-8")
    cache = DeckCache(tmp_path / CACHE_NAME)
    [deck], _ = load(folder, cache)
    assert deck.questions[0].image == str((folder / "nile.png").resolve())
    kept = DeckCache(cache.folder)
    load(folder, kept)
    assert kept.hits == 1
    (folder / "nile.png").unlink()
    gone = DeckCache(cache.folder)
    decks, problems = load(folder, gone)
    assert gone.hits == 0 and decks == []
    assert problems and "does not exist beside the deck" in problems[0]


def test_a_cache_that_cannot_be_written_leaves_the_decks_loaded(
    tmp_path: Path, folder: Path, caplog: pytest.LogCaptureFixture
) -> None:
    cache = DeckCache(tmp_path / "no such folder" / CACHE_NAME)
    with caplog.at_level(logging.WARNING, "bot.bank.deck_cache"):
        [deck], _ = load(folder, cache)
    assert deck.id == "rivers" and "could not be written" in caplog.text


def test_a_database_at_a_url_has_no_cache() -> None:
    assert cache_for("postgresql://bvunzo@localhost/bvunzo") is None


async def test_a_restart_reads_the_servers_stored_decks_from_the_cache_and_an_edit_from_yaml(
    tmp_path: Path,
) -> None:
    db = tmp_path / "bvunzo.db"
    record = GuildDeckRecord(7, "rivers", "rivers.yaml", DECK, 1, datetime(2026, 12, 1, tzinfo=UTC))

    async def start() -> tuple[DeckVersions, DeckCache]:
        cache = cache_for(db)
        assert cache is not None
        versions = DeckVersions(store, Bank())
        await versions.load_every(cache)
        cache.save()
        return versions, cache

    async with await open_store(db) as store:
        await store.save_guild_deck(record)
        first, first_cache = await start()
        again, again_cache = await start()
        assert (first.parsed.parses, first_cache.hits, again_cache.hits) == (1, 0, 1)
        [read], [kept] = first.bank.decks_for(7), again.bank.decks_for(7)
        assert read.guild_id == 7
        same(read, kept)
        await store.save_guild_deck(dataclasses.replace(record, text=DECK.replace("Zambezi", "Congo")))
        edited, edited_cache = await start()
        assert edited_cache.hits == 0
        assert edited.bank.question("rivers", "nile", 7).choices == ("Nile", "Congo")
