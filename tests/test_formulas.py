"""Formulas in a question's text (issue 28): where `$` opens and closes one, the picture drawn of them,
and the deck checks' sentence for one that mathtext cannot draw."""

from __future__ import annotations

import pytest

from bot.bank import formulas
from bot.bank.formulas import Piece, pieces
from bot.bank.loader import load_deck_text
from bot.bank.problems import DeckError
from bot.looks.formula_pictures import FormulaPictures, alt_text, draw
from tests.test_bot_imports import loaded_after

PNG = b"\x89PNG\r\n\x1a\n"


def text(value: str) -> Piece:
    return Piece(value)


def inline(value: str) -> Piece:
    return Piece(value, formula=True)


def display(value: str) -> Piece:
    return Piece(value, formula=True, display=True)


CASES = [
    pytest.param("no formula", [text("no formula")], id="plain"),
    pytest.param("a $x^2$ b", [text("a "), inline("x^2"), text(" b")], id="inline"),
    pytest.param("$$\\frac{a}{b}$$ then", [display("\\frac{a}{b}"), text(" then")], id="display"),
    pytest.param("$$\n  x + 1\n$$", [display("x + 1")], id="display-on-lines"),
    pytest.param("$x$$y$", [inline("x"), inline("y")], id="two-touching"),
    pytest.param("only $x here", [text("only $x here")], id="unbalanced"),
    pytest.param("$$x$ and", [text("$$x$ and")], id="display-unclosed"),
    pytest.param("$5 and $6", [text("$5 and $6")], id="money-space-before-the-second"),
    pytest.param("from $5-$6 each", [text("from $5-$6 each")], id="money-digit-after-the-second"),
    pytest.param("$5 and $x$", [text("$5 and "), inline("x")], id="money-then-a-formula"),
    pytest.param("$ x$ no", [text("$ x$ no")], id="space-after-the-opening"),
    pytest.param("$x\ny$", [text("$x\ny$")], id="inline-stays-on-one-line"),
    pytest.param("costs \\$5, $\\$x$", [text("costs $5, "), inline("\\$x")], id="escaped-dollar"),
    pytest.param("\\$x\\$", [text("$x$")], id="escaped-never-a-formula"),
    pytest.param("$$", [text("$$")], id="two-dollars"),
    pytest.param("$2^{10}$ bytes", [inline("2^{10}"), text(" bytes")], id="digit-first-formula"),
]


@pytest.mark.parametrize(("written", "expected"), CASES)
def test_where_formulas_are(written: str, expected: list[Piece]) -> None:
    assert pieces(written) == expected


def test_the_formulas_of_several_texts_each_once() -> None:
    assert formulas.formulas_in("$a$ and $b$", "$b$", "$$c$$") == (inline("a"), inline("b"), display("c"))


def test_several_formulas_make_one_png_and_the_alt_text_keeps_their_sources() -> None:
    drawn = draw((inline("x^2 = 4"), display("\\frac{a}{b} + \\sqrt{2}")))
    assert drawn is not None and drawn.startswith(PNG) and len(drawn) > 100
    assert alt_text((inline("x^2"), display("\\frac{a}{b}"))) == "$x^2$\n$$\\frac{a}{b}$$"
    assert draw((inline("\\frac{1}{"),)) is None  # a deck read unchecked costs the picture only


async def test_a_picture_not_drawn_in_time_is_drawn_on_for_the_next_message() -> None:
    pictures = FormulaPictures(patience=0)
    asked = (inline("e^{i\\pi} + 1 = 0"),)
    assert await pictures.picture(asked) is None  # not drawn at once: the message goes without it
    pictures.patience = 60
    picture = await pictures.picture(asked)  # the same drawing, still going
    assert picture is not None and picture.png.startswith(PNG) and picture.alt == "$e^{i\\pi} + 1 = 0$"
    assert await pictures.picture(()) is None


BROKEN = "id: demo\ntitle: Demo\nquestions:\n  - id: q1\n    prompt: 'Half: $\\frac{1}{$'\n" + (
    "    choices: [a, '$\\sqrt{2}$']\n    answer: 0\n"
)


def test_a_formula_mathtext_cannot_draw_is_refused_with_its_file_and_line() -> None:
    with pytest.raises(DeckError) as caught:
        load_deck_text(BROKEN, "deck.yaml")
    assert [str(p) for p in caught.value.problems] == [
        "deck.yaml:5: the formula `\\frac{1}{` cannot be drawn: Expected \\frac{num}{den}, found '{'  "
        "(at char 5), (line:1, col:6)"
    ]


def test_without_matplotlib_nothing_is_checked_and_the_bots_start_does_not_load_it() -> None:
    blocked = (
        "import sys\nsys.modules['matplotlib'] = None\n"
        "from bot.bank.loader import load_deck_text\n"
        f"deck = load_deck_text({BROKEN!r}, 'deck.yaml')\n"
        "from bot.looks.formula_pictures import FormulaPictures, shown_formulas\nimport asyncio\n"
        "assert asyncio.run(FormulaPictures().picture(shown_formulas(deck.questions[0], explanation=False))) is None\n"
        "del sys.modules['matplotlib']\n"
    )
    read_from_yaml = ["bot.bank.reader", "yaml"]  # the deck's text is read: the reader, not matplotlib
    assert loaded_after(blocked) == read_from_yaml
    unchecked = (
        "from bot.bank import formulas\nfrom bot.bank.loader import load_deck_text\n"
        f"with formulas.unchecked(): load_deck_text({BROKEN!r}, 'deck.yaml')\n"
    )
    assert loaded_after(unchecked) == read_from_yaml
