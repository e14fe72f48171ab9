"""Editing a deck question by question: a form checked by the deck validator, and add, delete, reorder.

A question editor (the web dashboard's) fills a QuestionForm; `check_question` writes it as a deck of one
question in our YAML and reads it back with the bank's own reader, so a question saved here passes the
same checks as one in a file. Each problem the reader finds is keyed to the form field it is about,
from the line it names (the YAML is laid out one field to a line range), in the reader's own words.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.bank import part_sizes
from bot.bank.models import Deck, Kind, Question
from bot.bank.problems import DeckError, Problem
from bot.bank.reader import CHOICE_ITEM, read_deck, read_stored_deck
from bot.bank.tolerance import plain
from bot.bank.writer import deck_header, deck_to_yaml, dump_yaml, question_mapping
from bot.locales import _, n_

# The form's fields, as the editor names its inputs and the errors beside them (choices as choices[i]).
FIELDS = (
    "id",
    "kind",
    "lang",
    "prompt",
    "choices",
    "answer",
    "number",
    "tolerance",
    "unit",
    "blanks",
    "items",
    "pairs",
    "hint",
    "explanation",
    "translations",
    "tags",
    "difficulty",
    "image",
)
QUESTION_FIELD = "question"  # a problem with the question as a whole
_BACKTICKED = re.compile(r"`([a-z_]+)`")
# Our YAML's keys, by the form field they are edited in.
_KEY_FIELD = {"type": "kind", "answers": "answer", "choices": "choices", **{f: f for f in FIELDS}}


@dataclass(slots=True)
class QuestionForm:
    """What a question editor sends: text as typed, choices in the author's order, right ones by index.

    `answer` holds the right choices' indices (choice and true/false questions: 0 is true); `accepted`
    a text question's accepted answers; `translations` is YAML text of our `translations:` mapping.
    """

    id: str
    kind: str = "choice"
    prompt: str = ""
    choices: list[str] = field(default_factory=list)
    answer: list[int] = field(default_factory=list)
    accepted: list[str] = field(default_factory=list)
    number: str = ""  # a number question's right number, tolerance and unit, as typed
    tolerance: str = ""
    unit: str = ""
    blanks: list[str] = field(default_factory=list)  # a cloze question's blanks: accepted answers, one a line
    items: list[str] = field(default_factory=list)  # an order question's items, in the right order
    pairs: list[tuple[str, str]] = field(default_factory=list)  # a match question's (left, right) pairs
    hint: str = ""  # a text question's hint (the first press of Hint shows it)
    explanation: str = ""
    translations: str = ""
    tags: str = ""  # comma-separated
    difficulty: str = ""
    image: str = ""
    lang: str = ""

    @classmethod
    def of(cls, question: Question, deck_language: str) -> QuestionForm:
        """The form showing a question as it is, for editing."""
        translations = ""
        if question.translations:
            translations = dump_yaml(dict(question_mapping(question, question.lang)["translations"]))
        return cls(
            id=question.id,
            kind=question.kind.value,
            prompt=question.prompt,
            choices=list(question.choices) if question.kind in _CHOOSING else [],
            answer=sorted(question.answers),
            accepted=list(question.accepted),
            number=plain(question.number) if question.number is not None else "",
            tolerance="" if question.tolerance.exact else str(question.tolerance),
            unit=question.unit,
            blanks=["\n".join(accepted) for accepted in question.blanks],
            items=list(question.choices) if question.kind is Kind.ORDER else [],
            pairs=list(question.pairs),
            hint=question.hint or "",
            explanation=question.explanation,
            translations=translations,
            tags=", ".join(question.tags),
            difficulty=question.difficulty or "",
            image=question.image or "",
            lang="" if question.lang == deck_language else question.lang,
        )


@dataclass(frozen=True, slots=True)
class FieldError:
    field: str  # one of FIELDS, "choices[i]", or QUESTION_FIELD
    message: str


@dataclass(frozen=True, slots=True)
class Checked:
    """A form checked: the question it makes, or why not, each reason beside its field."""

    question: Question | None
    errors: tuple[FieldError, ...]


class _Layout:
    """The YAML of a one-question deck, noting which form field each line was written for."""

    def __init__(self, header: str) -> None:
        self.lines: list[str] = header.splitlines()
        self.fields: dict[int, str] = {}  # 1-based line: field

    def add(self, text: str, name: str, indent: str = "  ") -> None:
        for line in text.splitlines():
            self.lines.append(indent + line)
            self.fields[len(self.lines)] = name

    @property
    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


# The kinds whose choices the form lists, in the deck's order.
_CHOOSING = (Kind.CHOICE, Kind.POLL, Kind.MULTI)


def _scalar(key: str, value: Any) -> str:
    return dump_yaml({key: value})


def _layout(form: QuestionForm, deck: Deck) -> tuple[_Layout, int]:
    layout = _Layout(deck_header(deck.id, deck.title or deck.id, "", deck.language, ()))
    layout.lines.append("- " + _scalar("id", form.id.strip()).rstrip("\n"))
    start = len(layout.lines)
    layout.fields[start] = "id"
    kind = form.kind.strip() or "choice"
    layout.add(_scalar("type", kind), "kind")
    if form.lang.strip():
        layout.add(_scalar("lang", form.lang.strip()), "lang")
    layout.add(_scalar("prompt", form.prompt), "prompt")
    _answer_layout(layout, form, kind)
    if form.explanation.strip():
        layout.add(_scalar("explanation", form.explanation), "explanation")
    if form.translations.strip():
        layout.add("translations:", "translations")
        # The author's YAML, indented under the key: every line of it is about the translations.
        layout.add(form.translations.expandtabs(2).rstrip(), "translations", indent="    ")
    tags = [t.strip() for t in form.tags.split(",") if t.strip()]
    if tags:
        layout.add(_scalar("tags", tags), "tags")
    if form.difficulty.strip():
        layout.add(_scalar("difficulty", form.difficulty.strip()), "difficulty")
    if form.image.strip():
        layout.add(_scalar("image", form.image.strip()), "image")
    return layout, start


def _answer_layout(layout: _Layout, form: QuestionForm, kind: str) -> None:
    """What the question's kind takes: its choices and right ones, its answer, number or blanks."""
    if kind in (k.value for k in _CHOOSING):
        choices = list(form.choices)
        while choices and not choices[-1].strip():  # unused inputs at the end of the form
            choices.pop()
        layout.add("choices:", "choices")
        for index, choice in enumerate(choices):
            layout.add(dump_yaml([choice]), f"choices[{index}]")
        right = sorted(set(form.answer))
        if kind == Kind.CHOICE.value and right:
            layout.add(_scalar("answer", right[0] if len(right) == 1 else right), "answer")
        elif kind == Kind.MULTI.value and right:  # a list, as the writer writes it
            layout.add(_scalar("answer", right), "answer")
    elif kind == Kind.TRUEFALSE.value:
        if form.answer:
            layout.add(_scalar("answer", 0 in form.answer), "answer")
    elif kind == Kind.TEXT.value:
        accepted = [a for a in form.accepted if a.strip()]
        layout.add(_scalar("answers", accepted), "answer")
        if form.hint.strip():
            layout.add(_scalar("hint", form.hint.strip()), "hint")
    elif kind == Kind.NUMBER.value:
        _number_layout(layout, form)
    elif kind == Kind.CLOZE.value:
        _blanks_layout(layout, form)
    elif kind == Kind.ORDER.value:
        layout.add(_scalar("items", [item.strip() for item in form.items if item.strip()]), "items")
    elif kind == Kind.MATCH.value:
        _pairs_layout(layout, form)


def _number_layout(layout: _Layout, form: QuestionForm) -> None:
    """A number question's fields, each written only when typed (the reader says which is missing)."""
    for key, value, name in (
        ("answer", form.number, "number"),
        ("tolerance", form.tolerance, "tolerance"),
        ("unit", form.unit, "unit"),
    ):
        if value.strip():
            layout.add(_scalar(key, value.strip()), name)


def _blanks_layout(layout: _Layout, form: QuestionForm) -> None:
    """A cloze question's blanks, each a list of the lines typed in its field (unused fields at the end
    left out: the reader says when the prompt has more blanks)."""
    blanks = [[line.strip() for line in typed.splitlines() if line.strip()] for typed in form.blanks]
    while blanks and not blanks[-1]:
        blanks.pop()
    if not blanks:
        return
    layout.add("blanks:", "blanks")
    for index, accepted in enumerate(blanks):
        layout.add(dump_yaml([accepted]).rstrip("\n"), f"blanks[{index}]")


def _pairs_layout(layout: _Layout, form: QuestionForm) -> None:
    """A match question's pairs, a left and a right field each (a pair left empty on both sides is
    left out; one side typed is kept, for the reader to say what is missing)."""
    pairs = [(left.strip(), right.strip()) for left, right in form.pairs if left.strip() or right.strip()]
    if not pairs:
        return
    layout.add("pairs:", "pairs")
    for index, pair in enumerate(pairs):
        shown = [side for side in pair if side]
        layout.add(dump_yaml([shown]).rstrip("\n"), f"pairs[{index}]")


def _field_of(problem: Problem, layout: _Layout, start: int, form: QuestionForm) -> str:
    name = layout.fields.get(problem.line)
    if (
        name is not None
        and name.startswith("choices[")
        and re.search(re.escape(_(CHOICE_ITEM, index=name[8:-1])) + r"(?!\d)", problem.message) is None
    ):
        return "choices"  # said of the list, which starts on its first choice's line
    if name is not None and problem.line != start:
        return name
    if "YAML" in problem.message and form.translations.strip():
        return "translations"  # everything else is written by dump_yaml: only the author's YAML can break
    # On the question's first line: the question as a whole ("this question has no `prompt`"), said
    # beside the field the sentence names first.
    number = form.kind.strip() == Kind.NUMBER.value
    for key in _BACKTICKED.findall(problem.message):
        if key in _KEY_FIELD:
            return "number" if number and key == "answer" else _KEY_FIELD[key]
    return name or QUESTION_FIELD


def check_question(form: QuestionForm, deck: Deck, *, replacing: str | None = None) -> Checked:
    """The question the form makes in `deck` (replacing the question `replacing`, or a new one).

    Its id must not be another question's of the deck. A question kept from before keeps who suggested it.
    """
    layout, start = _layout(form, deck)
    errors: list[FieldError] = []
    question: Question | None = None
    try:
        one, _line = read_deck(layout.text, "question", guild_id=deck.guild_id)
        question = one.questions[0]
    except DeckError as exc:
        errors = [FieldError(_field_of(p, layout, start, form), p.message) for p in exc.problems]
    if question is not None:
        taken = deck.question(question.id)
        if taken is not None and question.id != replacing:
            place = deck.questions.index(taken) + 1
            errors.append(
                FieldError(
                    "id",
                    _(
                        "the question id `{id}` is already used by question {place}",
                        id=question.id,
                        place=place,
                    ),
                )
            )
            question = None
    if question is not None and replacing is not None:
        old = deck.question(replacing)
        if old is not None:
            question = dataclasses.replace(question, suggested_by=old.suggested_by)
    return Checked(question, tuple(errors))


# -- a deck's questions ------------------------------------------------------------------------------


class EditError(ValueError):
    """An edit the deck cannot take, with a sentence for its author."""


def _with(deck: Deck, questions: Sequence[Question]) -> Deck:
    if not questions:
        raise EditError(_("a deck needs at least one question; delete the deck instead"))
    if len(questions) > part_sizes.MAX_QUESTIONS_PER_DECK:
        raise EditError(
            n_(
                "a deck holds at most {n} question",
                "a deck holds at most {n} questions",
                part_sizes.MAX_QUESTIONS_PER_DECK,
                n=part_sizes.MAX_QUESTIONS_PER_DECK,
            )
        )
    return dataclasses.replace(deck, questions=tuple(questions), left_out=())


def _position(deck: Deck, question_id: str) -> int:
    question = deck.question(question_id)
    if question is None:
        raise EditError(_("the deck has no question `{id}` (was it deleted meanwhile?)", id=question_id))
    return deck.questions.index(question)


def replace_question(deck: Deck, question_id: str, question: Question) -> Deck:
    questions = list(deck.questions)
    questions[_position(deck, question_id)] = question
    return _with(deck, questions)


def add_question(deck: Deck, question: Question, *, at: int | None = None) -> Deck:
    """The deck with `question` added at position `at` (from 0; the end when None)."""
    if deck.question(question.id) is not None:
        raise EditError(_("the question id `{id}` is already used in this deck", id=question.id))
    questions = list(deck.questions)
    questions.insert(len(questions) if at is None else max(0, min(at, len(questions))), question)
    return _with(deck, questions)


def delete_question(deck: Deck, question_id: str) -> Deck:
    questions = list(deck.questions)
    del questions[_position(deck, question_id)]
    return _with(deck, questions)


def move_question(deck: Deck, question_id: str, to: int) -> Deck:
    """The deck with the question moved to position `to` (from 0, clamped to the deck)."""
    questions = list(deck.questions)
    question = questions.pop(_position(deck, question_id))
    questions.insert(max(0, min(to, len(questions))), question)
    return _with(deck, questions)


def edited_text(deck: Deck) -> tuple[str, Deck]:
    """The edited deck as the YAML it is kept as, and the deck that text loads to (checked as a whole:
    DeckError when it breaks a deck-wide rule)."""
    text = deck_to_yaml(deck)
    reread = read_stored_deck(text, deck.source or deck.id, guild_id=deck.guild_id)
    return text, reread
