"""Day names `days:` accepts, written out by hand from CLDR (Babel) for each shipped language."""

from __future__ import annotations

import pytest

from bot.calendar.day_names import folded, names_in, weekday_named
from bot.calendar.repeats import RuleError, parse_days


@pytest.mark.parametrize(
    ("name", "weekday"),
    [
        ("lun", 0),
        ("lun.", 0),
        ("LUNDI", 0),
        ("seg", 0),
        ("Segunda-Feira", 0),
        ("Muvhuro", 0),
        ("mo", 0),
        ("ter", 1),
        ("Chipiri", 1),
        ("mardi", 1),
        ("quarta-feira", 2),
        ("chitatu", 2),
        ("jeu", 3),
        ("sexta-feira", 4),
        ("Chishanu", 4),
        ("sáb", 5),
        ("SAB.", 5),
        ("Mugovera", 5),
        ("samedi", 5),
        ("domingo", 6),
        ("Svondo", 6),
        ("dim.", 6),
        ("Sunday", 6),
    ],
)
def test_each_language_s_names(name: str, weekday: int) -> None:
    assert weekday_named(name) == weekday


@pytest.mark.parametrize("text", ["monkey", "mond", "xyz", "m", "", "lunes", "montag", "satur"])
def test_no_prefix_and_no_other_language(text: str) -> None:
    assert weekday_named(text) is None


def test_folding() -> None:
    assert folded("Sáb.") == "sab"
    assert folded(" Terça-Feira ") == "terca-feira"


def test_lists_and_refusals() -> None:
    assert parse_days("lun, mer.  ven") == frozenset({0, 2, 4})
    assert parse_days("") == frozenset()
    with pytest.raises(RuleError, match="“monkey” is not a day"):
        parse_days("mon,monkey")


def test_the_names_shown_are_the_language_s_then_english() -> None:
    assert names_in("pt-BR")[:8] == [
        "segunda-feira",
        "terça-feira",
        "quarta-feira",
        "quinta-feira",
        "sexta-feira",
        "sábado",
        "domingo",
        "seg.",
    ]
    assert names_in("en") == [
        "Monday",
        "Tuesday",
        "Wednesday",
        "Thursday",
        "Friday",
        "Saturday",
        "Sunday",
        "Mon",
        "Tue",
        "Wed",
        "Thu",
        "Fri",
        "Sat",
        "Sun",
    ]
