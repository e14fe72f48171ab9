"""The decks a start read, kept as JSON in the bot's data folder: a start that finds its decks unchanged
reads them without PyYAML (its modules and C library, about 2 MiB resident, stay unloaded).

The built-in decks (bot/bank/loader.py) and the servers' stored ones (bot/decks/deck_versions.py) pass
here at the bot's start, and only then: a deck edited since is read from YAML at the next start, and kept.
Each deck is a file of its own in `deck-cache/`, read when its deck is asked for, so a start holds one
deck's JSON at a time whatever the number of decks. A file is named by the SHA-256 of the deck's bytes (a
file's, or a stored text's), with where it came from, whether formulas are checked
(`bot.bank.formulas.unchecked`) and `reader_fingerprint()`, the content of the code and catalogs a reading
depends on: a deck edited by even a byte, or a bot upgraded, reads its YAML again, whatever the time
stamps say. A deck whose reading left questions out is not kept, so its problems are reported by the
reader at every start, in the words of the day. An entry that does not read (corrupt, an older format) is
ignored, logged once per start and written anew; a folder that cannot be written leaves the bot as it
was. `save` removes the entries this start did not use.
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

FORMAT = 1  # the shape of an entry; another shape is read as none
CACHE_NAME = "deck-cache"
_READ_BY = ("bank", "locales")  # the packages (beside this module's) whose content names an entry


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
    """What names one reading: the deck's bytes, where it came from, whether formulas are checked, and
    the reader's fingerprint."""
    digest = hashlib.sha256(f"{reader_fingerprint()}\0{source}\0{formulas.checking()}\0".encode())
    digest.update(data)
    return digest.hexdigest()


def cache_for(db_path: Path | str) -> DeckCache | None:
    """The cache beside a SQLite database (the bot's data folder); None for a database at a URL."""
    return DeckCache(db_path.parent / CACHE_NAME) if isinstance(db_path, Path) else None


class DeckCache:
    """The entries of one folder, each read when asked for and written when kept; `save` prunes."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.hits = 0
        self._used: set[str] = set()
        self._warned = False

    def deck(self, key: str, folder: Path | None) -> tuple[Deck, int] | None:
        """The deck (and its id's line) kept under `key`, None when there is none or it no longer holds.

        `folder` is where a built-in deck's image files lie (None for a stored deck)."""
        try:
            text = (self.folder / f"{key}.json").read_text("utf-8")
        except FileNotFoundError:
            return None
        except OSError as exc:
            self._ignore(key, f"it cannot be read ({exc})")  # i18n: not shown (the log)
            return None
        try:
            deck, id_line = _entry(json.loads(text))
        except (KeyError, TypeError, ValueError) as exc:
            self._ignore(key, f"it does not read ({exc!r})")  # i18n: not shown (the log)
            return None
        if not _images_hold(deck, folder):
            return None
        self._used.add(key)
        self.hits += 1
        return deck, id_line

    def keep(self, key: str, deck: Deck, id_line: int) -> None:
        """Keep what reading the deck named `key` gave; a deck with questions left out is not kept."""
        if deck.left_out:
            return
        shape = {"format": FORMAT, "deck": deck_to_json(deck), "id_line": id_line}
        path = self.folder / f"{key}.json"
        temporary = path.with_name(f".{key}.{os.getpid()}")
        try:
            self.folder.mkdir(exist_ok=True)
            temporary.write_text(json.dumps(shape, ensure_ascii=False, separators=(",", ":")), "utf-8")
            temporary.replace(path)
        except OSError as exc:
            if not self._warned:
                log.warning("the deck cache %s could not be written: %s", self.folder, exc)
            self._warned = True
            with contextlib.suppress(OSError):
                temporary.unlink()
            return
        self._used.add(key)

    def save(self) -> None:
        """Remove the entries this start did not use (decks gone or changed, an older bot's)."""
        try:
            for path in self.folder.iterdir() if self.folder.is_dir() else ():
                if path.stem not in self._used:  # and a temporary a killed start left
                    path.unlink()
        except OSError as exc:
            log.warning("the deck cache %s could not be pruned: %s", self.folder, exc)

    def _ignore(self, key: str, why: str) -> None:
        if not self._warned:
            log.warning("the deck cache's entry %s is ignored and written anew: %s", key, why)
        self._warned = True


def _entry(shape: Any) -> tuple[Deck, int]:
    if not isinstance(shape, dict) or shape.get("format") != FORMAT:
        raise ValueError("not an entry of this format")
    id_line = shape["id_line"]
    if not isinstance(id_line, int):
        raise TypeError(f"{id_line!r} is not a line")
    return deck_from_json(shape["deck"]), id_line


def _images_hold(deck: Deck, folder: Path | None) -> bool:
    """Whether each image file a kept deck shows is still there and still an image its reading took."""
    files = [q.image for q in deck.questions if q.image and not _not_a_file(q.image)]
    if not files:
        return True
    return all(folder is not None and check_image(image, folder) == (None, image) for image in files)


def _not_a_file(image: str) -> bool:
    return is_url(image) or image.startswith(PICTURE_PREFIX) or "://" in image
