"""Reading typed numbers for `type: number` questions; values worked out by hand."""

from decimal import Decimal

import pytest

from bot.bank.tolerance import Tolerance, parse_tolerance
from bot.locales.digits import SIGNS
from bot.quiz.errors import InvalidChoiceError
from bot.quiz.numbers import judge_number, most_given_wrong, read_number, within

EN, FR, PT = SIGNS["en"], SIGNS["fr"], SIGNS["pt_BR"]


def test_reads_the_usual_spellings() -> None:
    assert read_number("9.81", EN) == Decimal("9.81")
    assert read_number("9,81", FR) == Decimal("9.81")
    assert read_number("9,81", EN) == Decimal("9.81")  # one comma, no dot: a decimal comma anywhere
    assert read_number("981e-2", EN) == Decimal("9.81")
    assert read_number("9.81 m/s²", EN, unit="m/s²") == Decimal("9.81")
    assert read_number("1.234,5", PT) == Decimal("1234.5")
    assert read_number("1,234.5", EN) == Decimal("1234.5")
    assert read_number("−3", EN) == Decimal("-3")


def test_garbage_is_not_a_number() -> None:
    for text in ("", "nine", "9.81 km", "1e", "--1", "9.8.1"):
        assert read_number(text, EN, unit="m/s²") is None


def test_tolerance_amount_and_percent() -> None:
    answer = Decimal("9.81")
    assert within(Decimal("9.86"), answer, Tolerance(Decimal("0.05")))  # the edge counts
    assert not within(Decimal("9.87"), answer, Tolerance(Decimal("0.05")))
    one_percent = parse_tolerance("1%")
    assert one_percent == Tolerance(Decimal("1"), percent=True)
    assert within(Decimal("9.9"), answer, one_percent)  # 1% of 9.81 is 0.0981
    assert not within(Decimal("9.92"), answer, one_percent)
    assert parse_tolerance("-1") is None
    assert parse_tolerance("lots") is None


def test_judging_a_typed_number() -> None:
    g, tol = Decimal("9.81"), Tolerance(Decimal("0.05"))
    assert judge_number("9,80 m/s²", g, tol, FR, unit="m/s²")
    assert not judge_number("10", g, tol, EN)
    with pytest.raises(InvalidChoiceError) as caught:
        judge_number("about ten", g, tol, EN)
    assert caught.value.sentence == "Type a number, such as 9.81 or 981e-2."


def test_the_most_given_wrong_number() -> None:
    g, tol = Decimal("9.81"), Tolerance(Decimal("0.05"))
    given = [Decimal(x) for x in ("9.81", "10", "10.0", "9.8", "3", "3", "9.7", "10")]
    assert most_given_wrong(given, g, tol) == Decimal("10")  # 10, 10.0 and 10: three times; 3 twice
    assert most_given_wrong([Decimal("3"), Decimal("2")], g, tol) == Decimal("2")
    assert most_given_wrong([Decimal("9.8")], g, tol) is None
