"""Immutable models of the question bank: decks, questions and their translations."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from types import MappingProxyType
from typing import TYPE_CHECKING

from bot.bank.cloze import blanks_from, shown_prompt
from bot.bank.match import pairing_from
from bot.bank.order import arranged_words
from bot.bank.problems import Problem
from bot.bank.tolerance import EXACT, Tolerance
from bot.locales import exact

if TYPE_CHECKING:
    from decimal import Decimal


DIFFICULTIES = ("easy", "medium", "hard")  # what a question's `difficulty` may be


class Kind(StrEnum):
    CHOICE = "choice"
    TRUEFALSE = "truefalse"
    TEXT = "text"
    NUMBER = "number"  # typed in the same modal as text, read as a number and judged within its tolerance
    POLL = "poll"  # no right answer: a round shows how the votes fell, and gives no points
    # Select all that apply: picked in one select menu, right only as the exact set, points for a part
    MULTI = "multi"
    # Blanks to fill: `{{1}}` to `{{5}}` in the prompt, each typed in its own field of one modal
    CLOZE = "cloze"
    # Items to put in order: written in the right order (kept as the choices), shown shuffled
    ORDER = "order"
    # Pairs to match: each left item given its right item in a select of one modal, points per pair
    MATCH = "match"


@dataclass(frozen=True, slots=True)
class Translation:
    """A question's words in another language; the answer indices stay those of the original."""

    prompt: str
    choices: tuple[str, ...] = ()
    explanation: str = ""
    accepted: tuple[str, ...] = ()
    pairs: tuple[tuple[str, str], ...] = ()  # a match question's pairs in this language, in order


@dataclass(frozen=True, slots=True)
class Question:
    id: str
    kind: Kind
    prompt: str
    # Choice, true/false and multi questions: the choices in the author's order, and the indices of the
    # right ones (a multi question's whole right set). A true/false question has choices ("True",
    # "False") in its own language.
    choices: tuple[str, ...] = ()
    answers: frozenset[int] = frozenset()
    # Text questions: every accepted answer; the first is the one shown at the reveal.
    accepted: tuple[str, ...] = ()
    # Number questions: the right number, how far from it an answer may be, and the unit it is in.
    number: Decimal | None = None
    tolerance: Tolerance = EXACT
    unit: str = ""
    # Cloze questions: for each blank `{{n}}` of the prompt, in order, every answer it accepts.
    blanks: tuple[tuple[str, ...], ...] = ()
    # Match questions: the pairs, (left, right), in the author's order (left i goes with right i).
    pairs: tuple[tuple[str, str], ...] = ()
    explanation: str = ""
    lang: str = "en"
    translations: Mapping[str, Translation] = field(default_factory=lambda: MappingProxyType({}))
    tags: tuple[str, ...] = ()
    difficulty: str | None = None
    image: str | None = None  # an https URL, or the full path of an image file beside the deck
    hint: str | None = None  # text questions: what the first press of Hint shows (else the first letter)
    line: int = 0  # where the question starts in its deck file, for messages to the author
    suggested_by: int | None = None  # the member who wrote it with /deck suggest, credited at the reveal

    @property
    def languages(self) -> tuple[str, ...]:
        return (self.lang, *sorted(self.translations))

    @property
    def typed(self) -> bool:
        """Whether a member types the answer (in the Answer modal) rather than pressing a choice."""
        return self.kind in (Kind.TEXT, Kind.NUMBER, Kind.CLOZE, Kind.MATCH)

    @property
    def shown_prompt(self) -> str:
        """The prompt as a member reads it: a cloze question's `{{n}}` marks drawn as blanks, `____(n)`."""
        return shown_prompt(self.prompt) if self.kind is Kind.CLOZE else self.prompt

    def is_right(self, choice: int) -> bool:
        return choice in self.answers

    def in_language(self, lang: str | None) -> Question:
        """This question as a reader of `lang` should see it (itself when there is no translation)."""
        if lang is None or lang == self.lang or lang not in self.translations:
            return self
        t = self.translations[lang]
        return replace(
            self,
            prompt=t.prompt,
            choices=t.choices or self.choices,
            accepted=self.accepted + tuple(a for a in t.accepted if a not in self.accepted),
            explanation=t.explanation or self.explanation,
            pairs=t.pairs or self.pairs,
            lang=lang,
        )

    @property
    def answer_text(self) -> str:
        """The right answer in words, as the reveal states it (a number as the task's language writes it)."""
        if self.kind is Kind.TEXT:
            return self.accepted[0] if self.accepted else ""
        if self.kind is Kind.NUMBER:
            return number_text(self, exact)
        if self.kind is Kind.MULTI:  # every one of them, together
            return " + ".join(self.choices[i] for i in sorted(self.answers))
        if self.kind is Kind.ORDER:  # the items in their right order
            return " → ".join(self.choices)
        if self.kind is Kind.CLOZE:  # each blank's first accepted answer, in order
            return " · ".join(f"({n}) {accepted[0]}" for n, accepted in enumerate(self.blanks, 1) if accepted)
        if self.kind is Kind.MATCH:  # each left item with its right one
            return " · ".join(f"{left} → {right}" for left, right in self.pairs)
        return " / ".join(self.choices[i] for i in sorted(self.answers))


def picked_text(picked: Iterable[int]) -> str:
    """A multi question's picked set as an answer keeps it (the store's text column): the original
    indices, sorted, `0,2`."""
    return ",".join(str(index) for index in sorted(set(picked)))


def picked_from(text: str | None) -> frozenset[int]:
    """The set `picked_text` wrote (empty for text that is not one)."""
    parts = (text or "").split(",")
    if not all(part.isdigit() for part in parts):
        return frozenset()
    return frozenset(int(part) for part in parts)


def picked_words(question: Question, text: str | None) -> str:
    """A kept set in the question's words, `2 + 3 + 4`, for reports (the letters were shuffled)."""
    picked = sorted(i for i in picked_from(text) if 0 <= i < len(question.choices))
    return " + ".join(question.choices[i] for i in picked) if picked else text or ""


def typed_words(question: Question, text: str | None) -> str:
    """A kept typed answer as reports show it: a cloze question's blanks `(1) Harare · (2) Nile`, an order
    question's order `Venus → Mercury → Earth`."""
    if question.kind is Kind.ORDER:
        return arranged_words(question.choices, text)
    if question.kind is Kind.MATCH:
        return pairing_words(question, text)
    typed = blanks_from(text, len(question.blanks)) if question.kind is Kind.CLOZE else None
    if typed is None:
        return text or ""
    return " · ".join(f"({n}) {given}" for n, given in enumerate(typed, 1))


def number_text(question: Question, write: Callable[[Decimal], str]) -> str:
    """A number question's answer as the reveal states it, `9.81 m/s² (± 0.05)`, its numbers `write`n."""
    number = question.number
    text = f"{write(number) if number is not None else '0'} {question.unit}".rstrip()
    amount = question.tolerance.amount
    if amount is None:
        return text
    width = f"{write(amount)}%" if question.tolerance.percent else write(amount)
    return f"{text} (± {width})"


@dataclass(frozen=True, slots=True)
class Deck:
    id: str
    title: str
    questions: tuple[Question, ...]
    description: str = ""
    language: str = "en"
    tags: tuple[str, ...] = ()
    source: str = ""  # the file it was read from (or the upload's name)
    guild_id: int | None = None  # None for the built-in decks every server can play
    # Questions of the file that failed validation and were left out, each with its line and reason.
    left_out: tuple[Problem, ...] = field(default=(), compare=False)
    _by_id: Mapping[str, Question] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", MappingProxyType({q.id: q for q in self.questions}))

    def question(self, question_id: str) -> Question | None:
        return self._by_id.get(question_id)

    @property
    def languages(self) -> tuple[str, ...]:
        langs = {self.language}
        for q in self.questions:
            langs.update(q.languages)
        return tuple(sorted(langs))


def pairing_words(question: Question, text: str | None) -> str:
    """A kept pairing as reports show it: `Harare → Zimbabwe · Lusaka → Zambia`."""
    chosen = pairing_from(text, len(question.pairs))
    if chosen is None:
        return text or ""
    return " · ".join(
        f"{left} → {question.pairs[c][1]}" for (left, _right), c in zip(question.pairs, chosen, strict=True)
    )
