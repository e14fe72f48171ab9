"""How a match question reads (pairs to match): its items on the question card, each pair's count and the
most given wrong pairing at the reveal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.bank.match import right_order
from bot.bank.models import Question
from bot.locales import _, n_, number

if TYPE_CHECKING:
    from bot.quiz import Reveal


def offered(question: Question) -> tuple[tuple[int, str], ...]:
    """The right items as each menu offers them: (index in the deck, text), shuffled by the question's id."""
    rights = [right for _left, right in question.pairs]
    return tuple((index, rights[index]) for index in right_order(question.id, rights))


def match_lines(question: Question) -> str:
    """The question card's listing: the left items numbered, then the right items to pick from."""
    lefts = "\n".join(f"**{number(n)}.** {left}" for n, (left, _right) in enumerate(question.pairs, 1))
    rights = " · ".join(text for _index, text in offered(question))
    return f"{lefts}\n\n{rights}\n\n" + _("Match each item with the **Answer** button.")


def match_reveal_lines(question: Question, reveal: Reveal) -> str:
    """Each pair with how many matched it, and the wrong pairing given most often."""
    lines = [
        _(
            "**{left}** → {right} — {count} of {answered} right",
            left=left,
            right=right,
            count=number(reveal.blanks_right[n] if n < len(reveal.blanks_right) else 0),
            answered=number(reveal.answered),
        )
        for n, (left, right) in enumerate(question.pairs)
    ]
    top = reveal.top_wrong_pair
    if top is not None and top[0] < len(question.pairs) and top[1] < len(question.pairs):
        left, right, count = question.pairs[top[0]][0], question.pairs[top[1]][1], top[2]
        lines.append(
            n_(
                "Most given wrong pairing: {left} → {right} ({n} answer)",
                "Most given wrong pairing: {left} → {right} ({n} answers)",
                count,
                left=left,
                right=right,
            )
        )
    return "\n".join(lines)
