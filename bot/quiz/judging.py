"""Judging one answer to one question as shown: a lettered slot, typed text, a typed number, the slots a
multi question's menu picked, a cloze question's typed blanks, an order question's arranged slots or a
match question's pairing."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.bank.cloze import blanks_from
from bot.bank.match import pairing_from
from bot.bank.models import Kind, Question
from bot.bank.order import items_in_place
from bot.locales import _, signs
from bot.quiz.cloze import blank_marks, marks_share
from bot.quiz.errors import InvalidChoiceError
from bot.quiz.match import pair_marks
from bot.quiz.matching import accepted_answers, matches
from bot.quiz.multi import picked_share
from bot.quiz.numbers import read_number, within
from bot.quiz.order import arranged_of_slots

if TYPE_CHECKING:
    from decimal import Decimal
    from fractions import Fraction


@dataclass(frozen=True, slots=True)
class Judged:
    choice: int | None  # the original index of the chosen choice; None for a typed answer
    right: bool
    number: Decimal | None = None  # the number a typed answer to a number question was read as
    # A multi question: the original indices picked, and the share of the points they earn (1: exactly
    # the right set, which alone is right).
    picked: frozenset[int] = frozenset()
    share: Fraction | None = None
    # A cloze question: whether each blank is right, in order (the share is then blanks right ÷ blanks);
    # an order question: whether each place holds its item.
    blanks: tuple[bool, ...] = ()
    # An order question: the original items in the order given.
    arranged: tuple[int, ...] = ()


def read_typed_number(question: Question, text: str) -> Decimal | None:
    """The number `text` says, as a member speaking the task's language means it (`9,81` in French)."""
    return read_number(text, signs(), question.unit)


def judge_answer(
    question: Question,
    order: Sequence[int],
    slot: int | None,
    text: str | None,
    slots: Sequence[int] | None = None,
) -> Judged:
    """Whether the answer is right; InvalidChoiceError for an answer of the wrong kind or out of range.

    `order` is the question's display order (slot → original choice index); `slots` are the display
    slots a multi question's menu picked. Rounds and practice judge alike, so a member gets the same
    verdict wherever they answer.
    """
    if question.kind is Kind.MULTI:
        if slot is not None or text is not None:
            raise InvalidChoiceError(_("This question is answered with its menu: pick every right choice."))
        return _judged_set(question, order, slots or ())
    if question.kind is Kind.ORDER:
        if slot is not None or text is not None or not slots:
            raise InvalidChoiceError(_("Put every item in order, then press Submit."))
        return _judged_order(question, order, slots)
    if slots is not None:
        raise InvalidChoiceError(_("This question takes one answer, not a set of choices."))
    if question.typed:
        if slot is not None:
            raise InvalidChoiceError(_("This question is answered by typing, not with a button."))
        if text is None or not text.strip():
            raise InvalidChoiceError(_("Type an answer first."))
        if question.kind is Kind.NUMBER:
            return _judged_number(question, text)
        if question.kind is Kind.CLOZE:
            return _judged_blanks(question, text)
        if question.kind is Kind.MATCH:
            return _judged_pairing(question, text)
        return Judged(choice=None, right=matches(text, accepted_answers(question)))
    if text is not None:
        raise InvalidChoiceError(_("This question is answered with the buttons."))
    if slot is None or not 0 <= slot < len(order):
        raise InvalidChoiceError
    return Judged(choice=order[slot], right=question.is_right(order[slot]))


def _judged_number(question: Question, text: str) -> Judged:
    value = read_typed_number(question, text)
    if value is None or question.number is None:
        raise InvalidChoiceError(_("Type a number, such as 9.81 or 981e-2."))
    return Judged(choice=None, right=within(value, question.number, question.tolerance), number=value)


def _judged_blanks(question: Question, text: str) -> Judged:
    """`text`: the typed blanks as an answer keeps them (bot.bank.cloze.blanks_text), one per blank."""
    typed = blanks_from(text, len(question.blanks))
    if typed is None or not question.blanks:
        raise InvalidChoiceError(_("Fill in the blanks in the form."))
    if not any(given.strip() for given in typed):
        raise InvalidChoiceError(_("Type an answer first."))
    marks = blank_marks(question, typed)
    return Judged(choice=None, right=all(marks), share=marks_share(marks), blanks=marks)


def _judged_order(question: Question, order: Sequence[int], slots: Sequence[int]) -> Judged:
    """`slots`: the display slots in the order the member put them, each slot once."""
    arranged = arranged_of_slots(question, order, slots)
    marks = items_in_place(arranged)
    return Judged(choice=None, right=all(marks), share=marks_share(marks), blanks=marks, arranged=arranged)


def _judged_pairing(question: Question, text: str) -> Judged:
    """`text`: the pairing as an answer keeps it (bot.bank.match.pairing_text), a right item per left one."""
    chosen = pairing_from(text, len(question.pairs))
    if chosen is None or not question.pairs:
        raise InvalidChoiceError(_("Match every item in the form."))
    marks = pair_marks(question, chosen)
    return Judged(choice=None, right=all(marks), share=marks_share(marks), blanks=marks)


def _judged_set(question: Question, order: Sequence[int], slots: Sequence[int]) -> Judged:
    if not slots:
        raise InvalidChoiceError(_("Pick at least one choice."))
    if len(set(slots)) != len(slots) or not all(0 <= slot < len(order) for slot in slots):
        raise InvalidChoiceError
    picked = frozenset(order[slot] for slot in slots)
    share = picked_share(question, picked)
    return Judged(choice=None, right=picked == question.answers, picked=picked, share=share)


def right_slots(question: Question, order: Sequence[int]) -> frozenset[int]:
    """The slots that hold a right choice (none for a typed question)."""
    return frozenset(slot for slot, choice in enumerate(order) if question.is_right(choice))
