"""`bvunzo play`: a deck in the terminal, on the practice engine and the bot's own store, no Discord needed."""

from __future__ import annotations

import argparse
from pathlib import Path

from bot.cli.play._terminal import catalog_of_terminal, terminal_language
from bot.locales import _, speaking

DEFAULT_COUNT = 10

__all__ = ["DEFAULT_COUNT", "add_play_arguments", "catalog_of_terminal", "run", "terminal_language"]


def add_play_arguments(parser: argparse.ArgumentParser) -> None:
    with speaking(catalog_of_terminal()):  # `bvunzo play --help` in the terminal's language
        _add_play_arguments(parser)


def _add_play_arguments(parser: argparse.ArgumentParser) -> None:
    """The deck, and how many of its questions: all of them or only those due."""
    parser.add_argument(
        "deck",
        nargs="?",
        metavar="DECK",
        help=_(
            "a deck id from the deck folder, or a deck file to preview; without it, a list to choose from"
        ),
    )
    parser.add_argument(
        "--review", action="store_true", help=_("only the questions due for review (spaced repetition)")
    )
    parser.add_argument(
        "-n",
        "--count",
        type=int,
        default=DEFAULT_COUNT,
        metavar="N",
        help=_("questions to play (default {count})", count=DEFAULT_COUNT),
    )
    _add_where_arguments(parser)


def _add_where_arguments(parser: argparse.ArgumentParser) -> None:
    """Who plays, in which language, and where the database and the decks are."""
    parser.add_argument(
        "--player", metavar="NAME", help=_("whose scores and reviews these are (default: your login name)")
    )
    parser.add_argument(
        "--language",
        metavar="CODE",
        help=_(
            "the language to play in, and to show questions in where a deck has it (default: the "
            "terminal's, from LANG)"
        ),
    )
    parser.add_argument(
        "--db",
        metavar="LOCATION",
        help=_("the database: a file, or a postgresql:// URL (default: BVUNZO_DB or data/bvunzo.db)"),
    )
    parser.add_argument(
        "--questions",
        type=Path,
        metavar="FOLDER",
        help=_("the deck folder (default: BVUNZO_QUESTIONS or questions/)"),
    )


def run(args: argparse.Namespace) -> int:
    """Play, and return the exit code (0 also when the player quits early)."""
    from bot.cli.play._game import play_from_arguments

    return play_from_arguments(args)
