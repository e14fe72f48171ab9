"""Formulas in a question's text: `$…$` inline, `$$…$$` on their own, `\\$` a plain dollar sign.

The rule for a lone `$` (questions/README.md, "Formulas"), so that prices stay prices: an inline
formula opens at a `$` with no space after it and closes at the next `$` that has no space before it
and no digit after it. When that next `$` does not close, the first one is plain text and the search
goes on from the second: in `$5 and $6` neither is a formula, in `$5-$6` neither either. An inline
formula stays on one line; a `$$…$$` may span several. A `$` or `$$` left unclosed is plain text.

Checking that mathtext can draw a formula needs matplotlib (the `charts` extra); without it nothing is
checked and a formula is shown as written. The bot's own start-up reads its decks unchecked
(`unchecked()`), so that matplotlib is loaded only when a formula is first drawn.
"""

from __future__ import annotations

import importlib.util
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from bot.locales import _

if TYPE_CHECKING:  # the reader's nodes: yaml is loaded by the reader, when a deck is read from YAML
    import yaml

_CHECKING: ContextVar[bool] = ContextVar("formulas_checked", default=True)


@dataclass(frozen=True, slots=True)
class Piece:
    """A stretch of text: plain (with `\\$` read as `$`), or a formula's source without its dollars."""

    text: str
    formula: bool = False
    display: bool = False  # written `$$…$$`

    @property
    def mathtext(self) -> str:
        """The formula as mathtext reads it: between single dollars."""
        return f"${self.text}$"

    @property
    def written(self) -> str:
        """The formula as a deck writes it: `$…$`, or `$$…$$` for one set on its own."""
        return f"$${self.text}$$" if self.display else self.mathtext


def _escaped(text: str, at: int) -> bool:
    """Whether the character at `at` follows an odd run of backslashes."""
    slashes = 0
    while at - slashes - 1 >= 0 and text[at - slashes - 1] == "\\":
        slashes += 1
    return slashes % 2 == 1


def _next_dollar(text: str, start: int) -> int:
    """The next `$` from `start` that no backslash escapes (-1: none)."""
    at = text.find("$", start)
    while at != -1 and _escaped(text, at):
        at = text.find("$", at + 1)
    return at


def _display_end(text: str, start: int) -> int:
    """Where the `$$` closing a display formula that opened before `start` is (-1: none)."""
    at = _next_dollar(text, start)
    while at != -1 and not text.startswith("$$", at):
        at = _next_dollar(text, at + 1)
    return at


def _inline_end(text: str, start: int) -> int:
    """The `$` closing an inline formula opened at `start - 1`, or -1 when the next `$` does not close."""
    at = _next_dollar(text, start)
    if at in (-1, start) or "\n" in text[start:at]:
        return -1
    after = text[at + 1 : at + 2]
    if text[at - 1].isspace() or after.isdigit():
        return -1
    return at


def pieces(text: str) -> list[Piece]:
    """`text` cut into plain text and formulas, in order (adjacent plain text joined)."""
    out: list[Piece] = []
    plain: list[str] = []
    i = 0
    while i < len(text):
        at = _next_dollar(text, i)
        if at == -1:
            plain.append(text[i:])
            break
        plain.append(text[i:at])
        found = _formula_at(text, at)
        if found is None:  # a lone `$`, or a `$$` with no `$$` closing it: plain text
            taken = "$$" if text.startswith("$$", at) else "$"
            plain.append(taken)
            i = at + len(taken)
            continue
        piece, i = found
        if plain:
            out.append(Piece("".join(plain).replace("\\$", "$")))
            plain = []
        out.append(piece)
    if plain and "".join(plain):
        out.append(Piece("".join(plain).replace("\\$", "$")))
    return [p for p in out if p.text]


def _formula_at(text: str, at: int) -> tuple[Piece, int] | None:
    """The formula opening at the `$` at `at` and where the text goes on after it, or None."""
    if text.startswith("$$", at):
        end = _display_end(text, at + 2)
        if end == -1 or not text[at + 2 : end].strip():
            return None
        return Piece(text[at + 2 : end].strip(), formula=True, display=True), end + 2
    if at + 1 >= len(text) or text[at + 1].isspace():
        return None
    end = _inline_end(text, at + 1)
    if end == -1:
        return None
    return Piece(text[at + 1 : end], formula=True), end + 1


def formulas_in(*texts: str) -> tuple[Piece, ...]:
    """Every formula of `texts`, in order, each once."""
    seen: dict[Piece, None] = {}
    for text in texts:
        if "$" in text:
            seen.update((p, None) for p in pieces(text) if p.formula)
    return tuple(seen)


@lru_cache(maxsize=1)
def drawable() -> bool:
    """Whether matplotlib is installed (formulas are drawn, and checked)."""
    try:
        return importlib.util.find_spec("matplotlib") is not None
    except (ImportError, ValueError):  # blocked (sys.modules["matplotlib"] = None) or broken
        return False


@contextmanager
def unchecked() -> Iterator[None]:
    """Read decks without asking mathtext (the bot's start-up: matplotlib stays unloaded)."""
    token = _CHECKING.set(False)
    try:
        yield
    finally:
        _CHECKING.reset(token)


def checking() -> bool:
    """Whether decks read now have their formulas asked of mathtext (False within `unchecked()`)."""
    return _CHECKING.get()


def formula_problem(piece: Piece) -> str | None:
    """Why mathtext cannot draw `piece`, as a deck's author reads it; None when it can or nobody checks."""
    if not _CHECKING.get() or not drawable():
        return None
    reason = parse_error(piece.mathtext)
    if reason is None:
        return None
    return _("the formula `{formula}` cannot be drawn: {reason}", formula=piece.text, reason=reason)


@lru_cache(maxsize=512)
def parse_error(mathtext: str) -> str | None:
    """mathtext's complaint about `mathtext` in one line (None: it parses)."""
    from matplotlib.mathtext import MathTextParser  # the charts extra, loaded on the first formula

    try:
        MathTextParser("path").parse(mathtext, dpi=72)
    except ValueError as exc:
        lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
        # Its last line says what it expected, after pyparsing's exception's name.
        return re.sub(r"^\w+Exception: ", "", lines[-1]) if lines else str(exc)
    return None


# The keys of a question whose text may hold formulas (translations hold the same three).
FORMULA_KEYS = ("prompt", "choices", "explanation", "translations")


def formula_problems(nodes: Iterable[yaml.Node]) -> Iterator[tuple[yaml.Node, str]]:
    """Each text under `nodes` holding a formula mathtext cannot draw, with why (one per formula)."""
    import yaml  # loaded already: the nodes are the reader's

    for node in nodes:
        if isinstance(node, yaml.ScalarNode) and isinstance(node.value, str) and "$" in node.value:
            for piece in formulas_in(node.value):
                problem = formula_problem(piece)
                if problem is not None:
                    yield node, problem
        elif isinstance(node, yaml.SequenceNode):
            yield from formula_problems(node.value)
        elif isinstance(node, yaml.MappingNode):
            yield from formula_problems(value for _key, value in node.value)
