"""Lenient matching of typed answers."""

from __future__ import annotations

from types import MappingProxyType

import pytest

from bot.bank.models import Kind, Question, Translation
from bot.quiz.matching import accepted_answers, matches, normalize


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Paris", "paris"),
        ("  São   Paulo ", "sao paulo"),
        ("Ångström!", "angstrom"),
        ("STRASSE", "strasse"),
        ("Straße", "strasse"),  # casefold, not lower
        ("The Nile", "nile"),
        ("an apple", "apple"),
        ("a", "a"),  # an article alone is the answer itself
        ("La Paz", "paz"),
        ("l'eau", "eau"),
        ("Die Zauberflöte", "zauberflote"),
        ("rock-and-roll", "rock and roll"),
        ("¿Qué?", "que"),
        ("", ""),
    ],
)
def test_normalize(text: str, expected: str) -> None:
    assert normalize(text) == expected


@pytest.mark.parametrize(
    ("given", "accepted"),
    [
        ("paris", ["Paris"]),
        ("  PARIS. ", ["Paris"]),
        ("Bogota", ["Bogotá"]),
        ("the mitochondria", ["Mitochondria"]),
        ("mitochondria", ["The mitochondria"]),
        ("email", ["e-mail"]),
        ("ice cream", ["icecream"]),
        ("Gradient checkpointing", ["activation checkpointing", "gradient checkpointing"]),
        ("Nairobi", ["Harare", "Nairobi"]),
        # typos in longer answers
        ("Lisbom", ["Lisbon"]),  # one substitution, 6 letters
        ("recieve", ["receive"]),  # a swap of neighbours is one typo
        ("photosynthsis", ["photosynthesis"]),  # one deletion, 14 letters
        ("fotosynthesis", ["photosynthesis"]),  # two edits, 14 letters
        ("1999", ["1999"]),
        ("1,999", ["1999"]),
    ],
)
def test_matches(given: str, accepted: list[str]) -> None:
    assert matches(given, accepted)


@pytest.mark.parametrize(
    ("given", "accepted"),
    [
        ("Lyon", ["Paris"]),
        ("cat", ["bat"]),  # short answers get no typo tolerance
        ("rome", ["roma"]),  # 4 letters: still exact only
        ("Lisbn", ["Lisboa"]),  # two edits on 6 letters
        ("fotosintesis", ["photosynthesis"]),  # too many edits
        ("1998", ["1999"]),  # numbers are never fuzzy
        ("World War 1", ["World War 2"]),
        ("19999", ["1999"]),
        ("", ["Paris"]),
        ("?!", ["Paris"]),
        ("paris", []),
        ("paris", ["", "  "]),
    ],
)
def test_does_not_match(given: str, accepted: list[str]) -> None:
    assert not matches(given, accepted)


def test_accepted_answers_include_every_language_once() -> None:
    question = Question(
        id="q",
        kind=Kind.TEXT,
        prompt="Which river flows through Harare?",
        accepted=("Mukuvisi", "Makabusi"),
        translations=MappingProxyType(
            {
                "sn": Translation(prompt="Rwizi rupi?", accepted=("Mukuvisi", "Rwizi Mukuvisi")),
                "fr": Translation(prompt="Quelle rivière ?", accepted=("la Mukuvisi",)),
            }
        ),
    )
    assert accepted_answers(question) == ("Mukuvisi", "Makabusi", "la Mukuvisi", "Rwizi Mukuvisi")
    assert matches("rwizi mukuvisi", accepted_answers(question))
