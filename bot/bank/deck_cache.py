"""The decks a start read, kept as JSON in the bot's data folder: a start that finds its decks unchanged
reads them without PyYAML (its modules and C library, about 2 MiB resident, stay unloaded).

The built-in decks (bot/bank/loader.py) and the servers' stored ones (bot/decks/deck_versions.py) pass
here at the bot's start, and only then: a deck edited since is read from YAML at the next start, and kept.
An entry is named by the SHA-256 of the deck's bytes (a file's, or a stored text's), with where it came
from and whether formulas are checked (`bot.bank.formulas.unchecked`): a deck edited by even a byte is
read from its YAML again, whatever its time stamps say. The whole file is named by `reader_fingerprint()`, the content of the code and catalogs
a reading depends on (bot/bank's and bot/locales' modules, the catalogs' true/false words): a bot upgraded
reads every deck again. A deck whose reading left questions out is not kept, so its problems are reported
by the reader at every start, in the words of the day. A cache that cannot be read (corrupt, an older
format) is ignored, logged once and written anew; one that cannot be written leaves the bot as it was.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
from functools import lru_cache
from pathlib import Path
from typing import Any

from bot.bank import formulas
from bot.bank.codec import deck_from_json, deck_to_json
from bot.bank.images import check_image, is_url
from bot.bank.models import Deck
from bot.bank.pictures import PICTURE_PREFIX

log = logging.getLogger(__name__)

FORMAT = 1  # the shape of the file; another shape is read as no cache
CACHE_NAME = "deck-cache.json"
_READ_BY = ("bank", "locales")  # the packages (beside this module's) whose content names a cache


@lru_cache(maxsize=1)
def reader_fingerprint() -> str:
    """The SHA-256 of what a deck's reading depends on: bot/bank's and bot/locales' modules and catalogs."""
    root = Path(__file__).resolve().parents[1]
    digest = hashlib.sha256(str(FORMAT).encode())
    for package in _READ_BY:
        for path in sorted((root / package).iterdir()):
            if path.suffix in (".py", ".po"):
                digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def entry_key(data: bytes, source: str) -> str:
    """What names one reading: the file's bytes, its path, and whether formulas are checked."""
    digest = hashlib.sha256(f"{source}\0{formulas.checking()}\0".encode())
    digest.update(data)
    return digest.hexdigest()


def cache_for(db_path: Path | str) -> DeckCache | None:
    """The cache beside a SQLite database (the bot's data folder); None for a database at a URL."""
    return DeckCache(db_path.parent / CACHE_NAME) if isinstance(db_path, Path) else None


class DeckCache:
    """Entries read from the file at the first look-up; `save` writes the ones this start used."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.hits = 0
        self._kept: dict[str, Any] | None = None
        self._used: dict[str, Any] = {}
        self._changed = False

    def deck(self, key: str, folder: Path | None) -> tuple[Deck, int] | None:
        """The deck (and its id's line) kept under `key`, None when there is none or it no longer holds."""
        entry = self._entries().get(key)
        if entry is None:
            return None
        try:
            deck = deck_from_json(entry["deck"])
            id_line = int(entry["id_line"])
        except (KeyError, TypeError, ValueError) as exc:
            self._ignore(f"an entry does not read ({exc!r})")  # i18n: not shown (the log)
            return None
        if not _images_hold(deck, folder):
            return None
        self._used[key] = entry
        self.hits += 1
        return deck, id_line

    def keep(self, key: str, deck: Deck, id_line: int) -> None:
        """Keep what reading the file named `key` gave; a deck with questions left out is not kept."""
        if deck.left_out:
            return
        self._used[key] = {"deck": deck_to_json(deck), "id_line": id_line}
        self._changed = True

    def save(self) -> None:
        """Write the entries this start used, when they differ from the file's (atomically)."""
        if not self._changed and self._used.keys() == self._entries().keys():
            return
        shape = {"format": FORMAT, "reader": reader_fingerprint(), "decks": self._used}
        temporary = self.path.with_name(f".{self.path.name}.{os.getpid()}")
        try:
            temporary.write_text(json.dumps(shape, ensure_ascii=False, separators=(",", ":")), "utf-8")
            temporary.replace(self.path)
        except OSError as exc:
            log.warning("the deck cache %s could not be written: %s", self.path, exc)
            with contextlib.suppress(OSError):
                temporary.unlink()
            return
        self._kept, self._changed = dict(self._used), False

    def _entries(self) -> dict[str, Any]:
        if self._kept is None:
            self._kept = self._read()
        return self._kept

    def _read(self) -> dict[str, Any]:
        try:
            shape = json.loads(self.path.read_text("utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as exc:
            self._ignore(f"it does not read ({exc})")  # i18n: not shown (the log)
            return {}
        if not isinstance(shape, dict) or shape.get("format") != FORMAT:
            self._ignore("its format is another")  # i18n: not shown (the log)
            return {}
        decks = shape.get("decks")
        if shape.get("reader") != reader_fingerprint() or not isinstance(decks, dict):
            log.info(
                "the deck cache %s is of another version of the bot: the decks are read again", self.path
            )
            return {}
        return decks

    def _ignore(self, why: str) -> None:
        log.warning("the deck cache %s is ignored and written anew: %s", self.path, why)
        self._kept, self._changed = {}, True


def _images_hold(deck: Deck, folder: Path | None) -> bool:
    """Whether each image file a kept deck shows is still there and still an image its reading took."""
    files = [q.image for q in deck.questions if q.image and not _not_a_file(q.image)]
    if not files:
        return True
    return all(folder is not None and check_image(image, folder) == (None, image) for image in files)


def _not_a_file(image: str) -> bool:
    return is_url(image) or image.startswith(PICTURE_PREFIX) or "://" in image
