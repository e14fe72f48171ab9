"""Hints on typed answers: the letters each press shows, and the points a hinted answer keeps."""

from __future__ import annotations

import unicodedata
from dataclasses import replace
from decimal import Decimal

import pytest

from bot.bank.models import Kind, Question
from bot.locales import speaking
from bot.quiz.hints import hint_for, hint_text, hinted_points, kept_percent, letter_pattern


def test_the_first_press_shows_the_length_and_the_first_letter() -> None:
    assert hint_text("Harare", 1) == "H _ _ _ _ _"


def test_the_second_press_shows_every_third_letter_too() -> None:
    # H(0) a r a(3) r e: the 1st and 4th letters; the last never shows.
    assert hint_text("Harare", 2) == "H _ _ a _ _"
    assert hint_text("Chimurenga", 2) == "C _ _ m _ _ e _ _ _"


def test_the_third_press_shows_all_but_the_last_letter() -> None:
    assert hint_text("Harare", 3) == "H a r a r _"


def test_presses_past_the_third_show_the_third_again() -> None:
    assert hint_text("Harare", 7) == "H a r a r _"


def test_spaces_and_punctuation_are_kept_and_words_stand_apart() -> None:
    # Shona: "Great Zimbabwe" as "Dzimba dzemabwe"; the letters are counted across the words.
    assert hint_text("Dzimba dzemabwe", 1) == "D _ _ _ _ _   _ _ _ _ _ _ _ _"
    assert hint_text("Dzimba dzemabwe", 2) == "D _ _ m _ _   d _ _ m _ _ w _"
    assert hint_text("Mbuya Nehanda!", 3) == "M b u y a   N e h a n d _ !"
    assert hint_text("O'Neill", 1) == "O ' _ _ _ _ _"


def test_accented_letters_count_once_however_they_were_typed() -> None:
    decomposed = unicodedata.normalize("NFD", "Été")
    assert len(decomposed) == 5
    assert hint_text(decomposed, 1) == "É _ _"
    assert hint_text("São Paulo", 3) == "S ã o   P a u l _"


def test_a_one_letter_answer_shows_only_its_length() -> None:
    assert [hint_text("x", n) for n in (1, 2, 3)] == ["_", "_", "_"]
    assert hint_text("7", 3) == "_"


def test_a_two_letter_answer_never_shows_its_last_letter() -> None:
    assert [hint_text("mu", n) for n in (1, 2, 3)] == ["m _", "m _", "m _"]


def test_numbers_are_letters_too() -> None:
    assert hint_text("1980", 1) == "1 _ _ _"
    assert hint_text("3.14", 3) == "3 . 1 _"


def test_a_question_of_its_own_hint_shows_it_at_the_first_press_only() -> None:
    own = "The capital, in Mashonaland"
    assert hint_text("Harare", 1, own) == own
    assert hint_text("Harare", 2, own) == "H _ _ a _ _"
    assert hint_text("Harare", 3, own) == "H a r a r _"


def test_a_pattern_needs_a_press() -> None:
    with pytest.raises(ValueError, match="first hint"):
        letter_pattern("Harare", 0)


@pytest.mark.parametrize(("hints", "percent"), [(0, 100), (1, 75), (2, 50), (3, 25), (4, 25)])
def test_each_press_keeps_a_quarter_less(hints: int, percent: int) -> None:
    assert kept_percent(hints) == percent


@pytest.mark.parametrize(
    ("points", "hints", "kept"),
    [
        (100, 0, 100),
        (100, 1, 75),
        (100, 2, 50),
        (100, 3, 25),
        (75, 1, 56),  # 56.25
        (50, 3, 13),  # 12.5, half up
        (150, 2, 75),  # a streak bonus shares the cut
        (0, 2, 0),  # a wrong answer stays at nothing
    ],
)
def test_hinted_points(points: int, hints: int, kept: int) -> None:
    assert hinted_points(points, hints) == kept


def test_negative_hints_are_a_bug() -> None:
    with pytest.raises(ValueError, match="negative"):
        kept_percent(-1)


NUMBER = Question(id="n", kind=Kind.NUMBER, prompt="?", number=Decimal("9.81"), unit="m/s²")


@pytest.mark.parametrize(
    ("written", "ladder"),
    [
        ("1980", ["_ _ _ _", "1 _ _ _", "1 9 8 _"]),
        ("-40", ["- _ _", "- 4 _", "- 4 _"]),
        ("9.81", ["_ . _ _", "9 . _ _", "9 . 8 _"]),
        ("0.05", ["_ . _ _", "0 . 0 _", "0 . 0 _"]),  # the last digit never shows
        ("7", ["_", "_", "_"]),
    ],
)
def test_a_number_shows_its_shape_then_its_first_digit_then_all_but_its_last(
    written: str, ladder: list[str]
) -> None:
    question = replace(NUMBER, number=Decimal(written))
    assert [hint_for(question, n).text for n in (1, 2, 3)] == ladder


def test_a_number_hint_writes_the_languages_decimal_mark_and_keeps_its_own_hint_first() -> None:
    with speaking("fr"):
        assert hint_for(NUMBER, 3).text == "9 , 8 _"
    own = replace(NUMBER, hint="Gravity, near the ground")
    assert [hint_for(own, n).text for n in (1, 2)] == ["Gravity, near the ground", "9 . _ _"]


def test_a_cloze_hint_shows_every_blanks_first_answer() -> None:
    cloze = Question(
        id="c",
        kind=Kind.CLOZE,
        prompt="{{1}} is on the {{2}}",
        blanks=(("Kariba", "Lake Kariba"), ("Zambezi",)),
    )
    assert [hint_for(cloze, n).text for n in (1, 2, 3)] == [
        "(1) K _ _ _ _ _ · (2) Z _ _ _ _ _ _",
        "(1) K _ _ i _ _ · (2) Z _ _ b _ _ _",
        "(1) K a r i b _ · (2) Z a m b e z _",
    ]
