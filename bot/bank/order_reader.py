"""Reading an order question's `items` (and a translation's) from a deck, each mistake one sentence on
its line; bot/bank/reader.py calls these with itself as `reader`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.bank import part_sizes
from bot.bank.order import MAX_ITEMS, MIN_ITEMS
from bot.locales import N_, _, n_

if TYPE_CHECKING:
    import yaml

__all__ = ["FOR_ORDER", "ITEM", "ORDER_MISPLACED", "missing_items", "read_items", "translated_items"]

ITEM = N_("item {index}")
FOR_ORDER = N_("`items` is for order questions; remove it here")
_NO_ANSWER = N_(
    "an order question has no `{key}`: write its `items` in the right order, and members get them shuffled"
)
ORDER_MISPLACED = {
    "choices": N_(
        "an order question lists what to put in order under `items`, in the right order, not `choices`"
    ),
    "answer": _NO_ANSWER,
    "answers": _NO_ANSWER,
    "hint": N_("an order question has no `hint`; remove it"),
}


def missing_items(reader: Any, node: yaml.Node) -> None:
    reader.report(
        node,
        _(
            "this order question has no `items`; list {least} to {most} of them, in the right order",
            least=MIN_ITEMS,
            most=MAX_ITEMS,
        ),
    )


def read_items(reader: Any, node: yaml.Node) -> tuple[str, ...]:
    """The question's items: MIN_ITEMS to MAX_ITEMS texts, none the same as another."""
    values = reader.text_list(node, "`items`", ITEM, part_sizes.MAX_CHOICE_LENGTH)
    if values is None:
        return ()
    if not MIN_ITEMS <= len(values) <= MAX_ITEMS:
        reader.report(
            node,
            n_(
                "an order question needs {least} to {most} items; this one has {n}",
                "an order question needs {least} to {most} items; this one has {n}",
                len(values),
                least=MIN_ITEMS,
                most=MAX_ITEMS,
            ),
        )
    return tuple(value or "" for value in values)


def translated_items(reader: Any, node: yaml.Node, code: str, count: int) -> tuple[str, ...]:
    """A translation's items: as many as the question's, in the same (right) order."""
    name = _("the `{code}` translation's `items`", code=code)
    values = reader.text_list(node, name, ITEM, part_sizes.MAX_CHOICE_LENGTH)
    if values is None:
        return ()
    if len(values) != count:
        reader.report(
            node,
            n_(
                "the `{code}` translation has {n} item but the question has {count}; translate every item, "
                "in the same order",
                "the `{code}` translation has {n} items but the question has {count}; translate every item, "
                "in the same order",
                len(values),
                code=code,
                count=count,
            ),
        )
    return tuple(value or "" for value in values)
