"""How an order question reads (pure): the picker's order so far, the reveal's right order with how many
put each item in its place, and the most given wrong order."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.locales import N_, _, n_, number, percent
from bot.looks.text import clip

if TYPE_CHECKING:
    from bot.bank.models import Question
    from bot.quiz.round import Reveal

__all__ = ["HOW_TO_ORDER", "order_feedback", "order_reveal_lines", "picker_text"]

HOW_TO_ORDER = N_("Put the items in order with the **Answer** button.")


def picker_text(prompt: str, items: Sequence[str], so_far: Sequence[int], limit: int) -> str:
    """The ephemeral picker: the question (clipped to leave room for the rest), what to press, and the
    order so far (`so_far`: slots pressed), within `limit` characters."""
    lines = [_("Press the items from first to last, then **Submit**. Nothing counts until then.")]
    if so_far:
        lines += ["", _("Your order so far:")]
        lines += [f"{number(place)}. {items[slot]}" for place, slot in enumerate(so_far, 1)]
    tail = "\n".join(lines)
    return clip(prompt, max(1, limit - len(tail) - 2)) + "\n\n" + tail


def order_reveal_lines(question: Question, reveal: Reveal) -> str:
    """The right order, item by item with how many put it in its place, how many got it all, and the
    wrong order given most often."""
    in_place = reveal.blanks_right
    lines = [_("**Right order:**")]
    lines += [
        _(
            "{place}. {item} — {right} of {answered} in place",
            place=number(place),
            item=item,
            right=number(in_place[place - 1] if place <= len(in_place) else 0),
            answered=number(reveal.answered),
        )
        for place, item in enumerate(question.choices, 1)
    ]
    lines.append(
        _("All in place: {right} of {answered}", right=number(reveal.right), answered=number(reveal.answered))
    )
    if reveal.top_wrong_order is not None:
        given, count = reveal.top_wrong_order
        lines.append(
            n_(
                "Most given wrong order: {order} ({n} member)",
                "Most given wrong order: {order} ({n} members)",
                count,
                order=places(given),
            )
        )
    return "\n".join(lines)


def places(arranged: Sequence[int]) -> str:
    """An order by the items' right places, as the numbered right order lists them: `1 → 3 → 2`."""
    return " → ".join(number(item + 1) for item in arranged)


def order_feedback(question: Question, order: Sequence[int], slots: Sequence[int], share: float) -> str:
    """Practice's feedback on an order: the right order numbered, the order given by those numbers, and
    the share of the points."""
    given = places([order[s] for s in slots if 0 <= s < len(order)])
    right = [f"{number(place)}. {item}" for place, item in enumerate(question.choices, 1)]
    return "\n".join(
        (
            question.prompt,
            "",
            _("**Right order:**"),
            *right,
            _("Your order: {order}", order=given),
            _("{percent} of the points: one share for each item in its place.", percent=percent(share)),
        )
    )
