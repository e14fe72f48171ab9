"""`bvunzo import` and `bvunzo export`: the deck importers and writers at the command line."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from bot.bank.importers import Format, import_deck, slug
from bot.bank.loader import deck_files, load_deck_file
from bot.bank.problems import DeckError
from bot.bank.writer import deck_to_csv, deck_to_yaml


def add_deck_verbs(verbs: Any) -> None:
    """Add `import` and `export` to the `bvunzo` command's sub-commands."""
    importing = verbs.add_parser(
        "import",
        help="turn a CSV/TSV, Red trivia list, numbered text or Open Trivia DB file into a deck",
        description="Import a deck from another format; what it writes passes `bvunzo validate`.",
    )
    importing.add_argument("file", type=Path, metavar="FILE")
    importing.add_argument("--format", choices=[f.value for f in Format], help="skip detection")
    importing.add_argument("-o", "--output", type=Path, help="the YAML file to write (default: print it)")
    importing.add_argument("--id", help="the deck id (default: from the output or input file name)")
    importing.add_argument("--title", help="the deck title, when the file has none")
    importing.add_argument(
        "--distractors",
        action="store_true",
        help="Red lists and Quizlet sets: ask with choices, wrong ones taken from other answers",
    )
    importing.add_argument(
        "--keep-valid", action="store_true", help="write the good questions even when some cannot be imported"
    )
    importing.set_defaults(handler=run_import)

    exporting = verbs.add_parser("export", help="write a deck as our YAML or as CSV for a spreadsheet")
    exporting.add_argument("deck", metavar="DECK", help="a deck file, or the id of a deck in --questions")
    exporting.add_argument("--format", choices=("yaml", "csv"), default="csv")
    exporting.add_argument("-o", "--output", type=Path, help="the file to write (default: print it)")
    exporting.add_argument("--questions", type=Path, default=Path("questions"), help="the deck folder")
    exporting.set_defaults(handler=run_export)


def _write(text: str, output: Path | None) -> None:
    if output is None:
        sys.stdout.write(text)
    else:
        output.write_text(text, encoding="utf-8", newline="")


def run_import(args: argparse.Namespace) -> int:
    path: Path = args.file
    try:
        data = path.read_bytes()
    except OSError as exc:
        print(f"{path}: cannot be read: {exc.strerror or exc}", file=sys.stderr)
        return 1
    deck_id = args.id or slug((args.output or path).stem) or "imported"
    try:
        imported, fmt = import_deck(
            data,
            str(path),
            deck_id=deck_id,
            title=args.title or path.stem,
            fmt=Format(args.format) if args.format else None,
            distractors=args.distractors,
        )
    except DeckError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        print("Nothing was imported.", file=sys.stderr)
        return 1
    for note in imported.notes:
        print(note, file=sys.stderr)
    for problem in imported.left_out:
        print(problem, file=sys.stderr)
    if imported.left_out and not args.keep_valid:
        print(
            f"{len(imported.left_out)} question(s) cannot be imported; fix them, or pass --keep-valid to "
            "write the others.",
            file=sys.stderr,
        )
        return 1
    _write(imported.text, args.output)
    where = args.output or "standard output"
    print(
        f"Imported {len(imported.deck.questions)} questions ({fmt.value}) as deck `{deck_id}` to {where}.",
        file=sys.stderr,
    )
    return 0


def run_export(args: argparse.Namespace) -> int:
    path = Path(args.deck)
    if not path.is_file():
        matches = (
            [p for p in deck_files(args.questions) if p.stem == args.deck] if args.questions.is_dir() else []
        )
        if not matches:
            print(f"bvunzo: no deck file or deck id `{args.deck}` in {args.questions}", file=sys.stderr)
            return 1
        path = matches[0]
    try:
        deck = load_deck_file(path, keep_valid=True)
    except DeckError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return 1
    for problem in deck.left_out:
        print(f"{problem} (left out of the export)", file=sys.stderr)
    _write(deck_to_yaml(deck) if args.format == "yaml" else deck_to_csv(deck), args.output)
    return 0
