"""Every kind the calendar asks, judged as rounds and practice judge it: the one table of how it is answered.

The question of the day and assignments ask whatever the engine (bot/quiz/judging.py) can judge: a
question with a right answer, whatever its kind. Only the way a member answers differs per kind, and
that is this module's table: `WAYS` maps a kind to how it is answered (a lettered button, a menu of
its choices, a typed form); a kind missing there is answered like a round answers it, through
`judge_answer`. A new kind (order, match) plugs in by giving the engine its judging and, when its
answer is not a slot, a text or a set of slots, an entry here; the services never name a kind.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from bot.bank.models import Kind, Question, picked_text, typed_words
from bot.bank.order import arranged_text
from bot.errors import UserError
from bot.looks.text import letter
from bot.quiz.errors import InvalidChoiceError
from bot.quiz.judging import Judged, judge_answer
from bot.quiz.multi import shared_points
from bot.quiz.scoring import STANDARD_POINTS


class Way(StrEnum):
    """How a member answers a kind: what the question's message carries."""

    BUTTONS = "buttons"  # lettered buttons A-E, one click
    MENU = "menu"  # one select menu of the choices, every right one picked at once
    FORM = "form"  # a button opening the typed-answer form (one input, or one per blank)


WAYS: dict[Kind, Way] = {
    Kind.CHOICE: Way.BUTTONS,
    Kind.TRUEFALSE: Way.BUTTONS,
    Kind.POLL: Way.BUTTONS,  # as a round shows it; never asked here (NOT_ASKED)
    Kind.MULTI: Way.MENU,
    Kind.TEXT: Way.FORM,
    Kind.NUMBER: Way.FORM,
    Kind.CLOZE: Way.FORM,
    Kind.ORDER: Way.FORM,  # its Answer button opens the picker (bot/ui/order_picker.py), as in a round
}
# A poll has no right answer: there is nothing for a day's streak or an assignment's score to count.
NOT_ASKED = frozenset({Kind.POLL})


def way_of(question: Question) -> Way:
    """How `question` is answered; a kind not in WAYS is answered by form (text the engine reads)."""
    return WAYS.get(question.kind, Way.FORM)


def askable(question: Question) -> bool:
    """Whether the calendar can ask `question`: a kind with a right answer to judge."""
    if question.kind in NOT_ASKED:
        return False
    return bool(question.answers) if way_of(question) is not Way.FORM else True


def lettered(question: Question) -> bool:
    """Whether the question's message lists its choices after letters (buttons and menus do)."""
    return way_of(question) is not Way.FORM


@dataclass(frozen=True, slots=True)
class Given:
    """An answer as a member gave it: the slot clicked, the text typed, or the slots a menu picked."""

    slot: int | None = None
    text: str | None = None
    slots: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class Verdict:
    """A judged answer as the store keeps it (as rounds keep theirs), and the engine's verdict."""

    choice: int | None  # the lettered choice's original index; None for an answer kept as text
    text: (
        str | None
    )  # a multi question's set `0,2`, a cloze's blanks (JSON), an order's `2,0,1`, the words typed
    points: int  # 100 for a right answer, a share of it for a partly right set or cloze, else 0
    judged: Judged
    words: str  # what the member gave, as they read it back (a letter, or their words)

    @property
    def right(self) -> bool:
        return self.judged.right


def judged_points(judged: Judged) -> int:
    """The points a standard round gives the answer before speed, streaks and hints (none of which the
    calendar has): a set's or a cloze's share of a right answer's (bot/quiz/multi.py shared_points)."""
    if judged.share is not None:
        return shared_points(STANDARD_POINTS, judged.share)
    return STANDARD_POINTS if judged.right else 0


def judge(question: Question, order: Sequence[int], given: Given) -> Verdict:
    """The engine's verdict on `given`; a UserError (nothing kept) for an answer of the wrong shape."""
    try:
        judged = judge_answer(question, order, given.slot, given.text, given.slots)
    except InvalidChoiceError as exc:
        raise UserError(exc.sentence) from exc
    points = judged_points(judged)
    if judged.choice is not None:
        return Verdict(judged.choice, None, points, judged, slot_letters(order, [judged.choice]))
    if judged.picked:
        letters = slot_letters(order, judged.picked)
        return Verdict(None, picked_text(judged.picked), points, judged, letters)
    if judged.arranged:  # an order question: the original indices in the order given, `2,0,1`
        text = arranged_text(judged.arranged)
        return Verdict(None, text, points, judged, typed_words(question, text))
    return Verdict(None, given.text, points, judged, typed_words(question, given.text) if given.text else "")


def slot_letters(order: Sequence[int], originals: Iterable[int]) -> str:
    """The letters that show the `originals` in the member's order, `A, C`."""
    picked = set(originals)
    return ", ".join(letter(slot) for slot, original in enumerate(order) if original in picked)
