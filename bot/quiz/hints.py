"""Hints on typed answers, numbers and blanks: what each press of Hint shows, and the share of the points
a hinted answer keeps (the one rule for every kind; a number's ladder is in bot/quiz/number_hints.py, a
cloze question's is the typed ladder on each blank's first accepted answer)."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from bot.bank.models import Kind, Question
from bot.locales import signs
from bot.quiz.number_hints import number_pattern

# A member may press Hint this many times on one question; a press past the last shows the last again.
MOST_HINTS = 3
# The percentage of a right answer's points kept after 0, 1, 2 and 3 hints.
KEPT_PERCENT = (100, 75, 50, 25)
HIDDEN = "_"
# The kinds a member may press Hint on.
HINTED_KINDS = frozenset({Kind.TEXT, Kind.NUMBER, Kind.CLOZE})
# What a cloze hint shows at most spaced out; a longer one shows its letters side by side.
MOST_SPACED = 1500


def _shown(position: int, letters: int, hints: int) -> bool:
    """Whether letter `position` (from 0, counting letters only) of `letters` shows after `hints` presses.

    The last letter never shows, so a one-letter answer shows only its length; a first press shows the
    first letter, a second every third letter too (the 1st, 4th, 7th...), a third all but the last.
    """
    if position == letters - 1:
        return False
    if hints >= MOST_HINTS:
        return True
    if hints == 2:
        return position % 3 == 0
    return position == 0


def letter_pattern(answer: str, hints: int, *, spaced: bool = True) -> str:
    """The answer with its hidden letters as underscores, one space between characters; spaces and
    punctuation kept (a space between words shows as three). `Harare`, one hint: `H _ _ _ _ _`."""
    if hints < 1:
        raise ValueError(f"a pattern is shown from the first hint, not after {hints}")
    # Composed first: "é" typed as e + an accent is one letter, not two.
    text = unicodedata.normalize("NFC", answer.strip())
    letters = sum(1 for ch in text if ch.isalnum())
    shown: list[str] = []
    position = 0
    for ch in text:
        if ch.isalnum():
            shown.append(ch if _shown(position, letters, hints) else HIDDEN)
            position += 1
        elif ch.isspace():
            shown.append(" ")  # with the spaces on each side: three between words
        else:
            shown.append(ch)
    return (" " if spaced else "").join(shown)


def cloze_pattern(blanks: tuple[tuple[str, ...], ...], hints: int) -> str:
    """Every blank's first accepted answer as a letter pattern, numbered as the reveal numbers them:
    `(1) H _ _ _ _ _ · (2) N _ _ _`; letters side by side when spaced out they would be too long."""
    firsts = [(n, accepted[0]) for n, accepted in enumerate(blanks, 1) if accepted]
    for spaced in (True, False):
        text = " · ".join(f"({n}) {letter_pattern(a, hints, spaced=spaced)}" for n, a in firsts)
        if len(text) <= MOST_SPACED:
            break
    return text


def takes_hints(question: Question) -> bool:
    """Whether a member may press Hint on `question`: a typed answer, a number or blanks to fill."""
    return question.kind in HINTED_KINDS


def hint_text(answer: str, hints: int, own_hint: str | None = None) -> str:
    """What a member sees after pressing Hint `hints` times (1 to MOST_HINTS; more shows the last).

    A question's own hint (its deck's `hint:`) is what the first press shows; the later presses show
    the answer's letters as every question does.
    """
    hints = min(hints, MOST_HINTS)
    if hints == 1 and own_hint:
        return own_hint
    return letter_pattern(answer, hints)


def question_hint_text(question: Question, hints: int) -> str:
    """What `hints` presses show on `question`: its own hint first, then its number's digits, its
    blanks' letters or its first accepted answer's letters."""
    hints = min(hints, MOST_HINTS)
    if hints == 1 and question.hint:
        return question.hint
    if question.kind is Kind.NUMBER and question.number is not None:
        return number_pattern(question.number, hints, signs())
    if question.kind is Kind.CLOZE:
        return cloze_pattern(question.blanks, hints)
    return letter_pattern(question.answer_text, hints)


def kept_percent(hints: int) -> int:
    """The percentage of a right answer's points a member keeps after `hints` presses."""
    if hints < 0:
        raise ValueError(f"hints cannot be negative, got {hints}")
    return KEPT_PERCENT[min(hints, MOST_HINTS)]


def hinted_points(points: int, hints: int) -> int:
    """A right answer's points (its speed and streak bonus included) after `hints` presses: the kept
    percentage of them, rounded half up (75 × 75 % = 56.25 → 56; 50 × 25 % = 12.5 → 13)."""
    return (points * kept_percent(hints) + 50) // 100


@dataclass(frozen=True, slots=True)
class Hint:
    """What one press of Hint gives a member: how many presses so far, what to show, the points kept."""

    presses: int
    text: str
    kept_percent: int


def hint_for(question: Question, presses: int) -> Hint:
    """The hint on a typed, number or cloze question after `presses` presses."""
    return Hint(presses, question_hint_text(question, presses), kept_percent(presses))
