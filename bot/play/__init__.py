"""`bvunzo play`: a deck in the terminal, on the practice engine and the bot's own store, no Discord needed."""

from __future__ import annotations

import argparse
from pathlib import Path

DEFAULT_COUNT = 10


def add_play_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "deck",
        nargs="?",
        metavar="DECK",
        help="a deck id from the deck folder, or a deck file to preview; without it, a list to choose from",
    )
    parser.add_argument(
        "--review", action="store_true", help="only the questions due for review (spaced repetition)"
    )
    parser.add_argument(
        "-n", "--count", type=int, default=DEFAULT_COUNT, metavar="N", help="questions to play (default 10)"
    )
    parser.add_argument(
        "--player", metavar="NAME", help="whose scores and reviews these are (default: your login name)"
    )
    parser.add_argument(
        "--language", metavar="CODE", help="show questions in this language where a deck has it"
    )
    parser.add_argument(
        "--db", type=Path, metavar="PATH", help="the database (default: BVUNZO_DB or data/bvunzo.db)"
    )
    parser.add_argument(
        "--questions",
        type=Path,
        metavar="FOLDER",
        help="the deck folder (default: BVUNZO_QUESTIONS or questions/)",
    )


def run(args: argparse.Namespace) -> int:
    """Play, and return the exit code (0 also when the player quits early)."""
    from bot.play._game import play_from_arguments

    return play_from_arguments(args)
