"""A server's decks stay within their quota: 50 decks, 20,000 questions in all; a re-import replaces its deck."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from bot.bank import load_folder
from bot.bank.models import Deck
from bot.decks.quota import ServerDecksFull, check_room
from bot.errors import sentence_for

ROOT = Path(__file__).resolve().parents[1]
SERVER, OTHER = 111, 222


@pytest.fixture(scope="module")
def deck() -> Deck:
    decks, _problems = load_folder(ROOT / "questions")
    return decks[0]


def own(deck: Deck, deck_id: str, questions: int, guild_id: int | None = SERVER) -> Deck:
    return replace(deck, id=deck_id, questions=(deck.questions[0],) * questions, guild_id=guild_id)


def test_a_fiftieth_deck_fits_and_a_fifty_first_is_refused_before_its_file_is_read(deck: Deck) -> None:
    decks = [own(deck, f"d{n}", 1) for n in range(49)]
    check_room(decks, SERVER, "new")
    with pytest.raises(ServerDecksFull) as refused:
        check_room([*decks, own(deck, "d49", 1)], SERVER, "new")
    assert sentence_for(refused.value) == (
        "This server has 50 decks, the most it may keep; delete one "
        "first (/deck delete in Discord, or Delete on the deck's page of the dashboard)."
    )


def test_reimporting_a_deck_of_a_full_server_replaces_it(deck: Deck) -> None:
    decks = [own(deck, f"d{n}", 1) for n in range(50)]
    check_room(decks, SERVER, "d7")


def test_only_the_servers_own_decks_count(deck: Deck) -> None:
    others = [own(deck, f"o{n}", 1, OTHER) for n in range(60)] + [own(deck, "built-in", 500, None)]
    check_room(others, SERVER, "new", adding=20000)


def test_questions_are_counted_across_the_servers_decks(deck: Deck) -> None:
    decks = [own(deck, "a", 12000), own(deck, "b", 7000)]
    check_room(decks, SERVER, "c", adding=1000)  # exactly 20,000
    with pytest.raises(ServerDecksFull) as refused:
        check_room(decks, SERVER, "c", adding=1001)
    assert str(refused.value) == (
        "With this deck the server's decks would hold 20001 questions; at most 20000 are kept per server. "
        "Delete a deck first."
    )
    check_room(decks, SERVER, "b", adding=8000)  # b's 7,000 are replaced
