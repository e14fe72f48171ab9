"""Text shaped to make a reader backtrack is read in one pass: every reader, on every such shape, finishes.

A regular expression like `^\\s*::` under MULTILINE, or Python's HTMLParser meeting many `<` that open no
tag, costs the square of a file's length: a 200 KB upload of blank lines took 50 s of the bot's one event
loop, a 1 MiB one (the upload cap) would take twenty minutes. Each shape below is about 200 KB; a linear
reader reads it in well under a second, a quadratic one for most of a minute. The watchdog is no timing
measure but a hang guard forty times what a linear reader needs: past it, the test fails where the reader
was, so such a regression fails instead of only slowing the suite.
"""

from __future__ import annotations

import re
import signal
from collections.abc import Iterator
from types import FrameType

import pytest

from bot.bank.importers import Format, import_deck
from bot.bank.problems import DeckError

SIZE = 200_000


def _repeat(unit: str, head: str = "") -> str:
    return head + unit * (SIZE // len(unit))


SHAPES = {
    "blank lines": _repeat("\n"),
    "a question then blank lines": _repeat("\n", "What?:"),
    "a question then spaced blank lines": _repeat(" \n", "What?:"),
    "spaces then a line end": _repeat(" ") + "\n",
    "titles": _repeat("::"),
    "open braces": _repeat("{ "),
    "answer marks": _repeat("{="),
    "unclosed tags": _repeat("<a "),
    "unclosed quoted attributes": _repeat('<a x="'),
    "unclosed comments": _repeat("<!--"),
    "lone angle brackets": _repeat("< "),
    "paragraphs": _repeat("<p>"),
    "entities": _repeat("&#"),
    "numbered items": _repeat("1. "),
    "dashes on lines": _repeat("\n- "),
    "quotes": _repeat('"'),
    "colons": _repeat(":"),
    "a long number": _repeat("7"),
}


def _stuck(_signal: int, _frame: FrameType | None) -> None:
    pytest.fail("still reading after 20 s: a reader backtracks on this shape")


@pytest.fixture(autouse=True)
def watchdog() -> Iterator[None]:
    before = signal.signal(signal.SIGALRM, _stuck)
    signal.alarm(20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, before)


PROBLEM = re.compile(r"^hostile\.txt(:\d+)?: \S")


@pytest.mark.parametrize("fmt", [None, *Format], ids=lambda f: str(f or "detected"))
@pytest.mark.parametrize("shape", SHAPES)
def test_a_hostile_shape_is_read_or_refused_with_a_sentence(shape: str, fmt: Format | None) -> None:
    try:
        result, _ = import_deck(SHAPES[shape].encode(), "hostile.txt", deck_id="x", fmt=fmt)
    except DeckError as refused:
        assert refused.problems
        for problem in refused.problems:
            assert PROBLEM.match(str(problem)), str(problem)
    else:
        for problem in result.left_out:
            assert PROBLEM.match(str(problem)), str(problem)


def test_a_number_too_long_for_python_is_one_sentence() -> None:
    with pytest.raises(DeckError) as refused:
        import_deck(b"[" + b"7" * 5000 + b"]", "trivia.json", deck_id="x", fmt=Format.OPENTDB)
    assert [str(p) for p in refused.value.problems] == [
        "trivia.json: the JSON holds a number too long to be a question's"
    ]
