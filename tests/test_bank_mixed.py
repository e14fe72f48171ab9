"""Mixed decks: several decks' questions as one, each question traced back to its own deck."""

from __future__ import annotations

import pytest

from bot.bank.bank import Bank
from bot.bank.mixed import mix, origin
from bot.bank.models import Deck, Kind, Question


def question(qid: str, tags: tuple[str, ...] = ()) -> Question:
    return Question(
        id=qid, kind=Kind.CHOICE, prompt=f"{qid}?", choices=("a", "b"), answers=frozenset({0}), tags=tags
    )


BIO = Deck(
    id="bio", title="Biology", tags=("science",), questions=(question("cell", ("cells",)), question("dna"))
)
CHEM = Deck(id="chem", title="Chemistry", questions=(question("ion"), question("cell")))


def test_mixed_questions_are_named_by_their_deck_and_carry_its_tags() -> None:
    both = mix([BIO, CHEM])
    assert (both.id, both.title) == ("bio+chem", "Biology + Chemistry")
    assert [q.id for q in both.questions] == ["bio/cell", "bio/dna", "chem/ion", "chem/cell"]
    assert [q.tags for q in both.questions] == [("cells", "science"), ("science",), (), ()]
    assert origin(both.id, "chem/cell") == ("chem", "cell")
    assert origin("bio", "cell") == ("bio", "cell")
    assert mix([BIO]) is BIO


def test_mixing_a_deck_with_itself_is_refused() -> None:
    with pytest.raises(ValueError, match="different decks"):
        mix([BIO, BIO])


def test_the_bank_finds_a_mixed_deck_by_its_id_while_every_part_is_there() -> None:
    own = Deck(id="chem", title="Our chemistry", questions=(question("acid"),), guild_id=7)
    bank = Bank([BIO, CHEM, own])
    found = bank.get("bio+chem", 7)
    assert found is not None and [q.id for q in found.questions] == ["bio/cell", "bio/dna", "chem/acid"]
    assert bank.get("bio+chem", None) is not None
    assert bank.get("bio+gone", 7) is None
