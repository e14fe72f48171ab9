"""`bvunzo import`, `export` and `schema`: the deck importers, writers and schema at the command line."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from bot.bank.deck_schema import schema_text
from bot.bank.exports import EXPORT_FORMATS
from bot.bank.importers import ROLES, Format, import_file, parse_columns, slug
from bot.bank.loader import deck_files, load_deck_file
from bot.bank.models import Deck
from bot.bank.problems import DeckError
from bot.locales import _, n_


def add_deck_verbs(verbs: Any) -> None:
    """Add `import` and `export` to the `bvunzo` command's sub-commands."""
    _add_import_verb(verbs)

    schema = verbs.add_parser(
        "schema",
        help=_("write questions/deck.schema.json (the JSON Schema editors check decks with) from the reader"),
    )
    schema.add_argument("-o", "--output", type=Path, help=_("the file to write (default: print it)"))
    schema.set_defaults(handler=run_schema)

    exporting = verbs.add_parser(
        "export",
        help=_("write a deck as our YAML, CSV for a spreadsheet, GIFT, Moodle XML or an Anki package"),
    )
    exporting.add_argument("deck", metavar="DECK", help=_("a deck file, or the id of a deck in --questions"))
    exporting.add_argument("--format", choices=list(EXPORT_FORMATS), default="csv")
    exporting.add_argument("-o", "--output", type=Path, help=_("the file to write (default: print it)"))
    exporting.add_argument("--questions", type=Path, default=Path("questions"), help=_("the deck folder"))
    exporting.set_defaults(handler=run_export)


def _add_import_verb(verbs: Any) -> None:
    importing = verbs.add_parser(
        "import",
        help=_("turn a CSV/TSV, Red trivia list, numbered text or Open Trivia DB file into a deck"),
        description=_("Import a deck from another format; what it writes passes `bvunzo validate`."),
    )
    importing.add_argument("file", type=Path, metavar="FILE")
    importing.add_argument("--format", choices=[f.value for f in Format], help=_("skip detection"))
    importing.add_argument("-o", "--output", type=Path, help=_("the YAML file to write (default: print it)"))
    importing.add_argument("--id", help=_("the deck id (default: from the output or input file name)"))
    importing.add_argument("--title", help=_("the deck title, when the file has none"))
    importing.add_argument(
        "--distractors",
        action="store_true",
        help=_("Red lists and Quizlet sets: ask with choices, wrong ones taken from other answers"),
    )
    importing.add_argument(
        "--keep-valid",
        action="store_true",
        help=_("write the good questions even when more than a tenth cannot be imported"),
    )
    importing.add_argument(
        "--columns",
        metavar="ROLES",
        help=_(
            "a spreadsheet's columns in order, e.g. question,choice,choice,answer ({roles})",
            roles=", ".join(ROLES),
        ),
    )
    importing.set_defaults(handler=run_import)


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
        print(_("{file}: cannot be read: {reason}", file=path, reason=exc.strerror or exc), file=sys.stderr)
        return 1
    deck_id = args.id or slug((args.output or path).stem) or "imported"
    try:
        columns = parse_columns(args.columns) if args.columns else None
    except ValueError as exc:
        print(_("bvunzo import: --columns: {problem}", problem=exc), file=sys.stderr)
        return 2
    outcome = import_file(
        data,
        str(path),
        deck_id=deck_id,
        title=args.title or path.stem,
        fmt=Format(args.format) if args.format else None,
        distractors=args.distractors,
        keep_valid=args.keep_valid,
        columns=columns,
    )
    for line in outcome.lines()[1:]:
        print(line, file=sys.stderr)
    kept = outcome.kept
    if kept is None:
        _print_refusal(outcome.headline, outcome.good_left_behind)
        return 1
    _write(kept.text, args.output)
    where = args.output or _("standard output")
    written = _("Deck `{deck}` written to {where}.", deck=deck_id, where=where)
    print(f"{outcome.headline} {written}", file=sys.stderr)
    return 0


def _print_refusal(headline: str, good: int) -> None:
    """Why nothing was written, and how to write the good questions all the same."""
    print(headline, file=sys.stderr)
    if good:
        print(
            n_(
                "Pass --keep-valid to write the {n} good one.",
                "Pass --keep-valid to write the {n} good ones.",
                good,
            ),
            file=sys.stderr,
        )


def run_schema(args: argparse.Namespace) -> int:
    _write(schema_text(), args.output)
    return 0


def run_export(args: argparse.Namespace) -> int:
    path = Path(args.deck)
    if not path.is_file():
        matches = (
            [p for p in deck_files(args.questions) if p.stem == args.deck] if args.questions.is_dir() else []
        )
        if not matches:
            print(
                _(
                    "bvunzo: no deck file or deck id `{deck}` in {folder}",
                    deck=args.deck,
                    folder=args.questions,
                ),
                file=sys.stderr,
            )
            return 1
        path = matches[0]
    try:
        deck = load_deck_file(path, keep_valid=True)
    except DeckError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return 1
    for problem in deck.left_out:
        print(_("{problem} (left out of the export)", problem=problem), file=sys.stderr)
    return _write_export(deck, args.format, args.output)


def _write_export(deck: Deck, fmt: str, output: Path | None) -> int:
    if output is None and fmt == "anki":
        print(
            _("bvunzo export: an Anki package is not text; give the file to write with -o"), file=sys.stderr
        )
        return 2
    exported = EXPORT_FORMATS[fmt].write(deck)
    if output is None:
        sys.stdout.buffer.write(exported.data)
        sys.stdout.flush()
    else:
        output.write_bytes(exported.data)
    for note in exported.notes:
        print(note, file=sys.stderr)
    return 0
