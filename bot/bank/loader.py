"""Loading decks from YAML text, files and folders; a broken deck is reported and the others still load."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Unpack

from bot.bank import part_sizes
from bot.bank.deck_cache import entry_key
from bot.bank.models import Deck
from bot.bank.part_sizes import size_problem
from bot.bank.problems import DeckError, Problem
from bot.locales import _

if TYPE_CHECKING:
    from bot.bank.deck_cache import DeckCache
    from bot.bank.reader import DeckReading

__all__ = [
    "DeckError",
    "Problem",  # i18n: not shown
    "deck_files",
    "load_deck_bytes",
    "load_deck_file",
    "load_deck_text",
    "load_folder",
    "validate_paths",
]

DECK_SUFFIXES = (".yaml", ".yml")


def read_deck(text: str, source: str, **options: Any) -> tuple[Deck, int]:
    """bot/bank/reader.py's read_deck, imported (and PyYAML with it) by the first deck read from YAML:
    a start whose decks all come from the deck cache (bot/bank/deck_cache.py) loads neither."""
    from bot.bank import reader

    return reader.read_deck(text, source, **options)


def load_deck_text(
    text: str, source: str, *, max_bytes: int = part_sizes.MAX_DECK_BYTES, **reading: Unpack[DeckReading]
) -> Deck:
    """The deck written in `text`; DeckError listing every problem, each as `source:line: message`.

    With `keep_valid`, broken questions are left out (listed in `Deck.left_out`) instead of refusing
    the deck (`reading`: bot/bank/reader.py's DeckReading). A server's stored deck is read with
    read_stored_deck instead.
    """
    deck, _line = read_deck(text, source, max_bytes=max_bytes, **reading)
    return deck


def load_deck_bytes(data: bytes, source: str, **reading: Unpack[DeckReading]) -> Deck:
    """The deck in an upload's bytes: refused unread when too large, and it must be UTF-8."""
    deck, _line = _read_bytes(data, source, reading)
    return deck


def load_deck_file(path: Path, *, guild_id: int | None = None, keep_valid: bool = False) -> Deck:
    """The deck in one file; its id defaults to the file's name without the extension."""
    deck, _line = _read_file(path, guild_id, keep_valid)
    return deck


def _read_file(
    path: Path, guild_id: int | None, keep_valid: bool, cache: DeckCache | None = None
) -> tuple[Deck, int]:
    source = str(path)
    try:
        size = path.stat().st_size
        problem = size_problem(size, source)
        if problem is not None:
            raise DeckError([problem])
        data = path.read_bytes()
    except OSError as exc:
        raise DeckError(
            [Problem(source, 0, _("cannot be read: {reason}", reason=exc.strerror or exc))]
        ) from exc
    reading: DeckReading = {"guild_id": guild_id, "default_id": path.stem, "keep_valid": keep_valid}
    if cache is None:
        return _read_bytes(data, source, reading, path.parent)
    return _through(cache, data, source, path, reading)


def _through(
    cache: DeckCache, data: bytes, source: str, path: Path, reading: DeckReading
) -> tuple[Deck, int]:
    """The file's deck from the cache when its bytes are the ones kept, else read (and kept)."""
    key = entry_key(data, f"{source}\0{reading['guild_id']}\0{reading['keep_valid']}")
    kept = cache.deck(key, path.parent)
    if kept is not None:
        return kept
    deck, id_line = _read_bytes(data, source, reading, path.parent)
    cache.keep(key, deck, id_line)
    return deck, id_line


def _read_bytes(
    data: bytes, source: str, reading: DeckReading, folder: Path | None = None
) -> tuple[Deck, int]:
    problem = size_problem(len(data), source)
    if problem is not None:
        raise DeckError([problem])
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise DeckError([Problem(source, line, _("the file is not UTF-8 text; save it as UTF-8"))]) from exc
    return read_deck(text, source, folder=folder, **reading)


def deck_files(folder: Path) -> list[Path]:
    """The deck files of a folder, sorted; hidden files (editors' backups) are left out."""
    return sorted(
        p
        for p in folder.iterdir()
        if p.suffix in DECK_SUFFIXES and not p.name.startswith(".") and p.is_file()
    )


def _load_files(files: Iterable[Path], cache: DeckCache | None = None) -> tuple[list[Deck], list[Problem]]:
    decks: list[Deck] = []
    problems: list[Problem] = []
    first_source: dict[str, str] = {}
    for path in files:
        try:
            deck, id_line = _read_file(path, None, keep_valid=True, cache=cache)
        except DeckError as exc:
            problems.extend(exc.problems)
            continue
        problems.extend(
            Problem(
                p.file,
                p.line,
                _("{problem}; this question is left out and the rest of the deck plays", problem=p.message),
            )
            for p in deck.left_out
        )
        if deck.id in first_source:
            problems.append(
                Problem(
                    deck.source,
                    id_line,
                    _(
                        "the deck id `{id}` is already used by {file}; every deck needs its own id, so this "
                        "one is skipped",
                        id=deck.id,
                        file=first_source[deck.id],
                    ),
                )
            )
            continue
        first_source[deck.id] = deck.source
        decks.append(deck)
    return decks, problems


def load_folder(path: Path, cache: DeckCache | None = None) -> tuple[list[Deck], list[Problem]]:
    """Every deck of a folder (*.yaml, *.yml), and the problems of the decks and questions left out.

    With `cache`, a file whose bytes it kept is not read again (bot/bank/deck_cache.py); call its `save`
    after."""
    try:
        files = deck_files(path)
    except OSError as exc:
        return [], [
            Problem(str(path), 0, _("the deck folder cannot be read: {reason}", reason=exc.strerror or exc))
        ]
    return _load_files(files, cache)


def validate_paths(paths: list[Path]) -> list[Problem]:
    """Every problem in the given deck files and folders, deck ids checked for clashes across all."""
    files: list[Path] = []
    problems: list[Problem] = []
    for path in paths:
        if path.is_dir():
            try:
                files.extend(deck_files(path))
            except OSError as exc:
                problems.append(
                    Problem(
                        str(path), 0, _("the folder cannot be read: {reason}", reason=exc.strerror or exc)
                    )
                )
        elif path.exists():
            files.append(path)
        else:
            problems.append(Problem(str(path), 0, _("no such file or folder")))
    # The same file named twice (a folder and one of its files) is read once.
    unique = list({p.resolve(): p for p in reversed(files)}.values())[::-1]
    _decks, deck_problems = _load_files(unique)
    return problems + deck_problems
