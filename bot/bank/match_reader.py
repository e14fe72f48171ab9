"""Reading a match question's `pairs` (and a translation's), each mistake one sentence on its line.

The deck reader (bot/bank/reader.py) hands its node here; what it reports goes through the reader's
own `report`, so a match question's problems read and count as every other question's do.
"""

from __future__ import annotations

from typing import Protocol

import yaml

from bot.bank import safe_yaml as sy
from bot.bank.match import MAX_PAIR_ITEM, MAX_PAIRS, MIN_PAIRS
from bot.bank.problems import Problem
from bot.locales import N_, _, n_

PAIR_ITEM = N_("pair {index}")
_SIDES = (N_("the left item of pair {index}"), N_("the right item of pair {index}"))
FOR_MATCH = N_("`pairs` is for match questions; remove it here")
MATCH_MISPLACED = {
    **dict.fromkeys(
        ("choices", "answer", "answers"),
        N_("a match question has no `{key}`; each left item and its right one go under `pairs`"),
    ),
    "hint": N_("a match question has no `hint`; remove it"),
}

Pairs = tuple[tuple[str, str], ...]


class _Reads(Protocol):
    """What of the deck reader this module uses."""

    problems: list[Problem]

    def report(self, where: yaml.Node | int, message: str) -> None: ...

    def plain(self, node: yaml.Node) -> bool: ...

    def describe(self, node: yaml.Node) -> str: ...

    def text(self, node: yaml.Node, name: str, limit: int | None) -> str | None: ...


def missing_pairs(reader: _Reads, node: yaml.Node) -> None:
    reader.report(
        node,
        _(
            "this match question has no `pairs`; list {least} to {most} of them, such as "
            "`pairs: [[Harare, Zimbabwe], [Lusaka, Zambia]]`",
            least=MIN_PAIRS,
            most=MAX_PAIRS,
        ),
    )


def read_pairs(reader: _Reads, node: yaml.Node, count: int | None = None, code: str = "") -> Pairs:
    """The pairs `node` lists, or () after reporting why not. `count`: how many a translation (`code`)
    must give, the question's own (0 when those were broken: said already)."""
    if not reader.plain(node):
        return ()
    if not isinstance(node, yaml.SequenceNode):
        reader.report(
            node,
            _(
                "`pairs` must be a list of pairs such as `[Harare, Zimbabwe]`, not {given}",
                given=reader.describe(node),
            ),
        )
        return ()
    mark = _problems(reader)
    pairs = [_pair(reader, item, n) for n, item in enumerate(node.value, 1)]
    _check_count(reader, node, len(pairs), count, code)
    numbered = enumerate(zip(node.value, pairs, strict=True), 1)
    _no_repeats(reader, [(n, item, pair) for n, (item, pair) in numbered if pair is not None])
    kept = tuple(pair for pair in pairs if pair is not None)
    return kept if _problems(reader) == mark and len(kept) == len(pairs) else ()


def _check_count(reader: _Reads, node: yaml.Node, given: int, count: int | None, code: str) -> None:
    """A translation gives as many pairs as its question; a question gives as many as a form holds."""
    if count is not None and count and given != count:  # 0: the question's own were broken
        reader.report(
            node,
            n_(
                "the `{code}` translation has {n} pair but the question has {count}; translate every "
                "pair, in the same order",
                "the `{code}` translation has {n} pairs but the question has {count}; translate every "
                "pair, in the same order",
                given,
                code=code,
                count=count,
            ),
        )
    elif count is None and not MIN_PAIRS <= given <= MAX_PAIRS:
        reader.report(
            node,
            n_(
                "this match question has {n} pair; give {least} to {most} (Discord's form holds {most})",
                "this match question has {n} pairs; give {least} to {most} (Discord's form holds {most})",
                given,
                least=MIN_PAIRS,
                most=MAX_PAIRS,
            ),
        )


def _pair(reader: _Reads, node: yaml.Node, index: int) -> tuple[str, str] | None:
    if not reader.plain(node):
        return None
    two = isinstance(node, yaml.SequenceNode) and len(node.value) == 2
    if not two or not all(isinstance(side, yaml.ScalarNode) and side.tag != sy.NULL for side in node.value):
        reader.report(
            node,
            _(
                "{pair} must be two texts, `[left, right]`, not {given}",
                pair=_(PAIR_ITEM, index=index),
                given=_count_of(node) if isinstance(node, yaml.SequenceNode) else reader.describe(node),
            ),
        )
        return None
    left, right = (
        reader.text(side, _(name, index=index), MAX_PAIR_ITEM)
        for side, name in zip(node.value, _SIDES, strict=True)
    )
    return (left, right) if left is not None and right is not None else None


def _count_of(node: yaml.SequenceNode) -> str:
    return n_("a list of {n} item", "a list of {n} items", len(node.value))


def _no_repeats(reader: _Reads, pairs: list[tuple[int, yaml.Node, tuple[str, str]]]) -> None:
    """Two left items alike, or two right ones, could not be told apart in the form."""
    for side, name in enumerate(_SIDES):
        seen: dict[str, int] = {}
        for index, node, pair in pairs:
            key = " ".join(pair[side].split()).casefold()
            if key in seen:
                reader.report(
                    node,
                    _(
                        "{item} is the same as pair {other}'s (`{value}`); each item may be in one pair only",
                        item=_(name, index=index),
                        other=seen[key],
                        value=pair[side],
                    ),
                )
            seen.setdefault(key, index)


def _problems(reader: _Reads) -> int:
    return len(reader.problems)
