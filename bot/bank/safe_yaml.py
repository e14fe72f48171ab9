"""Safe, line-aware YAML parsing of deck files: libyaml when present, plain values only, no aliases."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

import yaml

from bot.bank.part_sizes import MAX_DECK_BYTES, size_problem
from bot.bank.problems import DeckError, Problem
from bot.locales import _

HAVE_LIBYAML: bool = hasattr(yaml, "CSafeLoader")

# Set to True (or use `pure_python()`) to parse with PyYAML's Python loader even where libyaml is
# installed; the benchmark compares the two.
FORCE_PURE_PYTHON: bool = False

STR = "tag:yaml.org,2002:str"
INT = "tag:yaml.org,2002:int"
FLOAT = "tag:yaml.org,2002:float"
BOOL = "tag:yaml.org,2002:bool"
NULL = "tag:yaml.org,2002:null"
TIMESTAMP = "tag:yaml.org,2002:timestamp"
MERGE = "tag:yaml.org,2002:merge"
SEQ = "tag:yaml.org,2002:seq"
MAP = "tag:yaml.org,2002:map"

# The tags a plain deck produces; anything else (`!!python/...`, `!!set`, `!custom`) is refused.
SCALAR_TAGS = frozenset({STR, INT, FLOAT, BOOL, NULL, TIMESTAMP, MERGE})

_BOOLS = yaml.constructor.SafeConstructor.bool_values
_CONSTRUCTOR = yaml.constructor.SafeConstructor()


def loader_class() -> type[yaml.SafeLoader] | type[yaml.CSafeLoader]:
    if HAVE_LIBYAML and not FORCE_PURE_PYTHON:
        return yaml.CSafeLoader
    return yaml.SafeLoader


@contextmanager
def pure_python(enabled: bool = True) -> Iterator[None]:
    """Parse with (or without) PyYAML's pure-Python loader inside the block."""
    global FORCE_PURE_PYTHON  # noqa: PLW0603 - a process-wide switch is what the benchmark needs
    before = FORCE_PURE_PYTHON
    FORCE_PURE_PYTHON = enabled
    try:
        yield
    finally:
        FORCE_PURE_PYTHON = before


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while a deck's node tree is built and read.

    Node trees are acyclic and die with the deck's reading, but the collector rescans the hundreds
    of thousands of nodes of a large deck again and again as they are made: pausing it makes
    loading about a third faster.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def line_of(node: yaml.Node) -> int:
    """The 1-based line a node starts on."""
    return int(node.start_mark.line) + 1


def compose(text: str, source: str, max_bytes: int = MAX_DECK_BYTES) -> yaml.Node | None:
    """The document's node tree (None when empty), or DeckError naming what stops it parsing."""
    # Characters never outnumber UTF-8 bytes, so most texts skip the encoding.
    if len(text) * 4 > max_bytes:
        problem = size_problem(len(text.encode("utf-8", "surrogatepass")), source, max_bytes)
        if problem is not None:
            raise DeckError([problem])
    try:
        root = yaml.compose(text, Loader=loader_class())
    except yaml.MarkedYAMLError as exc:
        raise DeckError([_syntax_problem(exc, source)]) from exc
    except yaml.reader.ReaderError as exc:
        raise DeckError([_reader_problem(exc, text, source)]) from exc
    except yaml.YAMLError as exc:
        raise DeckError([Problem(source, 0, _("this is not valid YAML: {detail}", detail=exc))]) from exc
    except UnicodeError as exc:
        line = text.count("\n", 0, exc.start) + 1 if isinstance(exc, UnicodeEncodeError) else 0
        raise DeckError(
            [Problem(source, line, _("the text holds a character that is not valid Unicode"))]
        ) from exc
    except RecursionError as exc:
        raise DeckError([Problem(source, 0, _("the YAML is nested too deeply to be a deck"))]) from exc
    # An alias is written `*name`: without a star in the text there is none to look for.
    if root is not None and "*" in text and _has_alias(root):
        raise DeckError(
            [
                Problem(
                    source,
                    first_alias_line(text),
                    _(
                        "anchors and aliases (`&name`, `*name`) are not allowed in a deck; "
                        "write each value out in full"
                    ),
                )
            ]
        )
    return root


def _has_alias(root: yaml.Node) -> bool:
    """Whether any node is reached twice: the composer hands an alias the very node its anchor made."""
    # Iterative, and stopping at the first node met twice, so an alias bomb is never expanded.
    seen: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            return True
        seen.add(id(node))
        if isinstance(node, yaml.SequenceNode):
            stack.extend(node.value)
        elif isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                stack.append(key)
                stack.append(value)
    return False


def _syntax_problem(exc: yaml.MarkedYAMLError, source: str) -> Problem:
    mark = exc.problem_mark or exc.context_mark
    line = int(mark.line) + 1 if mark is not None else 0
    what = (exc.problem or "").strip()
    if exc.context:
        what = f"{what} ({exc.context.strip()})" if what else exc.context.strip()
    return Problem(source, line, _("this is not valid YAML: {detail}", detail=what or _("unreadable")))


def _reader_problem(exc: yaml.reader.ReaderError, text: str, source: str) -> Problem:
    # libyaml counts the position in bytes, PyYAML in characters: find the character instead.
    where = text.find(chr(exc.character)) if isinstance(exc.character, int) else -1
    line = text.count("\n", 0, where) + 1 if where >= 0 else 0
    if not isinstance(exc.character, int):
        return Problem(source, line, _("the text holds a character a deck cannot contain"))
    code = format(exc.character, "04X")
    return Problem(
        source,
        line,
        _("the text holds the control character U+{code}, which a deck cannot contain", code=code),
    )


def first_alias_line(text: str) -> int:
    """The line of the first `*alias` in the text (0 if none): read only once an alias was found."""
    for event in yaml.parse(text, Loader=loader_class()):
        if isinstance(event, yaml.AliasEvent) and event.start_mark is not None:
            return int(event.start_mark.line) + 1
    return 0


def scalar_value(node: yaml.ScalarNode) -> object:
    """A scalar's value under YAML's safe schema (timestamps stay text); ValueError when it is invalid."""
    tag = node.tag
    if tag in (STR, TIMESTAMP, MERGE):
        return node.value
    if tag == NULL:
        return None
    if tag == BOOL:
        value = _BOOLS.get(node.value.lower())
        if value is None:
            raise ValueError(f"{node.value!r} is not true or false")
        return value
    # An explicit `!!int abc` reaches here too, hence ValueError for the caller to report.
    if tag == INT:
        return _CONSTRUCTOR.construct_yaml_int(node)
    if tag == FLOAT:
        return _CONSTRUCTOR.construct_yaml_float(node)
    raise ValueError(f"the tag {tag} is not allowed")
